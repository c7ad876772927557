import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { engineOf } from '../../portal-api/src/db/database.ts';
import { startTestServer, type TestServer } from './harness.ts';

// The chat tail: each chat message writes a chat_messages row and often an
// activities row, and every index of those tables is one more page written. Migration
// 20261124T0100 dropped the two indexes whose columns lead wider ones; the reads they
// served go through the wider ones (their plans on SQLite: chat-write-indexes.sqlite-only.test.ts).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function indexesOf(table: string): Promise<string[]> {
  const db = server.deps.db;
  const rows =
    engineOf(db) === 'postgres'
      ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table}`.execute(db)).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(db)).rows;
  return rows.map((r) => r.name);
}

it('keeps only the wider index of each pair on chat_messages and activities', async () => {
  const chat = await indexesOf('chat_messages');
  expect(chat).toContain('chat_messages_query_created_id_idx');
  expect(chat).not.toContain('chat_messages_query_idx');
  const activities = await indexesOf('activities');
  expect(activities).toContain('activities_user_created_id_idx');
  expect(activities).not.toContain('activities_user_created_idx');
});
