import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// Who did what in a request's history: 'client' or 'firm' for the
// lines written from now on. Older lines have null and are told apart by
// their text, as before.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activities').addColumn('by_role', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('activities').dropColumn('by_role').execute();
}
