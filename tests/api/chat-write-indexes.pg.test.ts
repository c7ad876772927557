import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { engineOf } from '../../portal-api/src/db/database.ts';
import { startTestServer, type TestServer } from './harness.ts';

// The chat tail: each chat message writes a chat_messages row and often an
// activities row, and every index of those tables is one more page written. Migration
// 20261124T0100 dropped the two indexes whose columns lead wider ones; the reads they
// served go through the wider ones (their plans on SQLite: chat-write-indexes.sqlite-only.test.ts).
// Migration 20261201T0500 dropped one more, on queries; no index may lead a wider one again.

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

/** Every plain index (not unique, not partial, columns only) of the database, with its columns in order. */
async function plainIndexes(): Promise<Array<{ name: string; table: string; columns: string[] }>> {
  const db = server.deps.db;
  if (engineOf(db) === 'postgres') {
    const rows = (
      await sql<{ name: string; table: string; columns: string }>`
        select c.relname as name, t.relname as "table",
          array_to_string(array(
            select a.attname from unnest(i.indkey) with ordinality as k(attnum, n)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n), ',') as columns
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_class t on t.oid = i.indrelid
        join pg_namespace s on s.oid = t.relnamespace
        where s.nspname = current_schema() and not i.indisunique and i.indpred is null and i.indexprs is null`.execute(db)
    ).rows;
    return rows.map((r) => ({ name: r.name, table: r.table, columns: r.columns.split(',') }));
  }
  const rows = (
    await sql<{ name: string; table: string; sql: string }>`
      select name, tbl_name as "table", sql from sqlite_master where type = 'index' and sql is not null`.execute(db)
  ).rows.filter((r) => !/^create unique/i.test(r.sql) && !/\bwhere\b/i.test(r.sql));
  const out = [];
  for (const r of rows) {
    const cols = (await sql<{ name: string | null }>`select name from pragma_index_info(${r.name}) order by seqno`.execute(db)).rows;
    if (cols.every((c) => c.name !== null)) out.push({ name: r.name, table: r.table, columns: cols.map((c) => c.name!) });
  }
  return out;
}

it('has no index whose columns lead a wider index of the same table', async () => {
  const indexes = await plainIndexes();
  expect(indexes.map((i) => i.name)).toContain('queries_user_created_id_idx');
  const covered = indexes.flatMap((a) =>
    indexes
      .filter((b) => b !== a && b.table === a.table && b.columns.length > a.columns.length && a.columns.every((c, k) => b.columns[k] === c))
      .map((b) => `${a.name} (${a.columns.join(', ')}) leads ${b.name} (${b.columns.join(', ')})`),
  );
  expect(covered).toEqual([]);
});
