import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1). A closed
// request keeps the title of a service (and sub-service) that an admin later
// deletes, as text, because the link itself goes with the deleted row.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('queries').addColumn('service_label', 'text').execute();
  await db.schema.alterTable('queries').addColumn('subservice_label', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('queries').dropColumn('subservice_label').execute();
  await db.schema.alterTable('queries').dropColumn('service_label').execute();
}
