import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The chat tail: every chat message inserts a chat_messages row and
// often an activities row, and each index of those tables is one more B-tree
// page written (on SQLite, one more WAL frame in the commit). Two indexes of
// the initial migration are the leading columns of wider ones that migration
// 0600 added, so every read they served is served by the wider one:
//   chat_messages_query_idx (query_id, created_at)       ⊂ chat_messages_query_created_id_idx (query_id, created_at, id)
//   activities_user_created_idx (user_id, created_at)    ⊂ activities_user_created_id_idx (user_id, created_at, id)
// tests/api/chat-write-indexes.pg.test.ts checks those plans; docs/performance.md
// has what it saves.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chat_messages_query_idx').ifExists().execute();
  await db.schema.dropIndex('activities_user_created_idx').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('chat_messages_query_idx').ifNotExists().on('chat_messages').columns(['query_id', 'created_at']).execute();
  await db.schema.createIndex('activities_user_created_idx').ifNotExists().on('activities').columns(['user_id', 'created_at']).execute();
}
