import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// Every new request writes one entry in each index of queries. queries_user_created_idx
// (user_id, created_at) of the initial migration leads queries_user_created_id_idx
// (user_id, created_at, id) of migration 20261123T0600, which serves every read it served;
// tests/api/chat-write-indexes.pg.test.ts keeps any index from leading a wider one.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('queries_user_created_idx').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('queries_user_created_idx').ifNotExists().on('queries').columns(['user_id', 'created_at']).execute();
}
