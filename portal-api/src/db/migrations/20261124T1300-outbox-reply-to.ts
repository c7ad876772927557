import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// A mail may name where a reply goes: the contact form's mail to the company
// answers the visitor, not the no-reply sender.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('reply_to', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('reply_to').execute();
}
