import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// Unread state: one last-read time per reader and query, never a row per
// message. reader_id is a user id for clients and 'firm' for the admins, who share one time.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('query_reads')
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('reader_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('query_reads_pk', ['query_id', 'reader_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('query_reads').ifExists().execute();
}
