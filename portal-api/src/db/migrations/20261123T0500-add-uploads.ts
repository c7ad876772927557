import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// Resumable (tus) uploads waiting to be claimed by a request, and the sheet
// index of every stored file. Sizes are bigint: a plan set file may pass 2 GB.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('type', 'text')
    .addColumn('ext', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_user_idx').on('uploads').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('uploads_expires_idx').on('uploads').column('expires_at').execute();

  // Existing files start 'pending' too: the indexer reads them once after the upgrade.
  await db.schema
    .alterTable('query_files')
    .addColumn('index_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await db.schema.alterTable('query_files').addColumn('index_summary', 'text').execute();
  await db.schema.alterTable('query_files').addColumn('index_json', 'text').execute();
  // When an instance took the file to read (a lease: instances on one PostgreSQL database never read one file twice).
  await db.schema.alterTable('query_files').addColumn('index_claimed_at', 'text').execute();
  await db.schema.createIndex('query_files_index_status_idx').on('query_files').column('index_status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('query_files_index_status_idx').ifExists().execute();
  await db.schema.alterTable('query_files').dropColumn('index_claimed_at').execute();
  await db.schema.alterTable('query_files').dropColumn('index_json').execute();
  await db.schema.alterTable('query_files').dropColumn('index_summary').execute();
  await db.schema.alterTable('query_files').dropColumn('index_status').execute();
  await db.schema.dropTable('uploads').ifExists().execute();
}
