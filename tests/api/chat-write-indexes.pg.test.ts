import SQLite from 'better-sqlite3';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { engineOf } from '../../portal-api/src/db/database.ts';
import { recordMessageActivity } from '../../portal-api/src/modules/activities/activities.repo.ts';
import { listLatestMessages } from '../../portal-api/src/modules/chats/chats.repo.ts';
import { createClient, recordingDatabase, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { submitQuery } from './submit-query.ts';

// The chat tail: each chat message writes a chat_messages row and often an
// activities row, and every index of those tables is one more page written. Migration
// 20261124T0100 dropped the two indexes whose columns lead wider ones; the reads they
// served go through the wider ones, and the activity is one statement.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let server: TestServer;
let client: Awaited<ReturnType<typeof createClient>>;
let queryId: string;
beforeAll(async () => {
  server = await startTestServer();
  client = await createClient(server, await signInAdmin(server));
  queryId = await submitQuery(server, client.token, 'Framing takeoff');
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

it.runIf(!onPostgres)(
  'reads the chat tail and the latest activity through the wider indexes, and records the activity in one statement',
  async () => {
    const seen: CompiledQuery[] = [];
    const logged = recordingDatabase(server, (q) => seen.push(q));
    const sqlite = new SQLite((server.deps.config.database as { file: string }).file, { readonly: true });
    const planOf = (q: CompiledQuery) =>
      (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[])
        .map((r) => r.detail)
        .join('\n');
    try {
      await listLatestMessages(logged, queryId, { limit: 30, sign: (key) => key });
      expect(planOf(seen.at(-1)!)).toMatch(/USING (COVERING )?INDEX chat_messages_query_created_id_idx \(query_id=\?\)/);
      const before = seen.length;
      await recordMessageActivity(logged, { userId: client.id, queryId, activity: 'Message sent', status: 'pending' });
      expect(seen.length - before, 'one statement').toBe(1);
      const plan = planOf(seen.at(-1)!);
      expect(plan).toMatch(/SEARCH activities USING (COVERING )?INDEX activities_user_created_id_idx \(user_id=\?\)/);
      expect(plan, 'no sort of the client’s activities').not.toMatch(/TEMP B-TREE/);
    } finally {
      sqlite.close();
      await logged.destroy();
    }
  },
);
