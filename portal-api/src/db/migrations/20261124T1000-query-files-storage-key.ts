import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// A private file opens with its signed link or with the bearer token of its
// request's owner or an admin (docs/product.md §19): /uploads/private/…
// then finds its query_files row by storage_key, through this index.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('query_files_storage_key_idx').ifNotExists().on('query_files').column('storage_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('query_files_storage_key_idx').ifExists().execute();
}
