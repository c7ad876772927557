import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordMessageActivity } from '../../portal-api/src/modules/activities/activities.repo.ts';
import { listLatestMessages } from '../../portal-api/src/modules/chats/chats.repo.ts';
import { createClient, recordingDatabase, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { submitQuery } from './submit-query.ts';

// The chat tail on SQLite: the reads of the indexes dropped by migration 20261124T0100 go through
// the wider ones, and the activity is one statement. SQLite's plans (EXPLAIN QUERY PLAN); the
// indexes on both engines: chat-write-indexes.pg.test.ts.

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

it('reads the chat tail and the latest activity through the wider indexes, and records the activity in one statement', async () => {
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
});
