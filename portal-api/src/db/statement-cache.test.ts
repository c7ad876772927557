import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DB } from './database.ts';
import { unplannedParameters } from './statement-cache.ts';
import { insertApprovedClient } from '../modules/users/users.repo.ts';

// Kept statements (statement-cache.ts) must stay prepared: better-sqlite3 clears a statement's
// bindings after each call, and SQLite prepares it again on the next call when its plan looked at
// a bound value. better-sqlite3 then compiles a new row function, through the global `Function`:
// counting those compilations is how a test sees a statement prepared again.

let db: DB | null = null;
let dir = '';
afterEach(async () => {
  await db?.destroy();
  db = null;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `work` and counts the row functions better-sqlite3 compiled meanwhile. */
async function rowFunctionsCompiled(work: () => Promise<void>): Promise<number> {
  const real = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(real, {
    apply(target, self, args: unknown[]) {
      if (/^return \(v0/.test(String(args.at(-1)))) compiled++;
      return Reflect.apply(target, self, args) as unknown;
    },
  });
  try {
    await work();
  } finally {
    globalThis.Function = real;
  }
  return compiled;
}

async function migrated(): Promise<DB> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-cache-test-'));
  db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'app.db') });
  await migrateToLatest(db);
  return db;
}

it('writes the parameter of an equality, a LIKE, a LIMIT and an OFFSET as +?, and no other', () => {
  expect(
    unplannedParameters(
      `select "id" from "a" where "u" = ? and "x" >= ? and "z" <= ? and "q" != ? and "r" <> ? and "y" is not ? and "w" is ? and "v" in (?, ?) and "t" like ? order by "c" limit ? offset ?`,
    ),
  ).toBe(
    `select "id" from "a" where "u" = +? and "x" >= ? and "z" <= ? and "q" != ? and "r" <> ? and "y" is not ? and "w" is +? and "v" in (?, ?) and "t" like +? order by "c" limit +? offset +?`,
  );
  // Quoted text is never touched: a string literal or a quoted name holding "= ?".
  expect(unplannedParameters(`select 'a = ?' as "b = ?" from t where c = ?`)).toBe(`select 'a = ?' as "b = ?" from t where c = +?`);
  expect(unplannedParameters('insert into t (a, b) values (?, ?)')).toBe('insert into t (a, b) values (?, ?)');
});

it('keeps a statement with a join and an ORDER BY prepared across calls with new values', async () => {
  const conn = await migrated();
  const ids: string[] = [];
  for (let i = 0; i < 21; i++)
    ids.push(await insertApprovedClient(conn, { fullName: `Client ${i}`, email: `c${i}@example.com`, passwordHash: 'x' }));
  const page = (id: string) =>
    conn
      .selectFrom('users as me')
      .innerJoin('users as m', 'm.company_id', 'me.company_id')
      .select(['m.id', 'm.full_name'])
      .where('me.id', '=', id)
      .orderBy('m.created_at', 'desc')
      .limit(20)
      .execute();
  expect(await page(ids[0]!)).toHaveLength(1);
  const compiled = await rowFunctionsCompiled(async () => {
    for (const id of ids.slice(1)) expect(await page(id)).toEqual([{ id, full_name: expect.stringMatching(/^Client /) }]);
  });
  // Prepared again on every call, it would compile a row function each time: 20.
  expect(compiled).toBe(0);
});

it('gives the rewritten statements the plans of the statements as written', async () => {
  const conn = await migrated();
  // A LIKE pattern written +? could lose an index only through a NOCASE index: there is none.
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where sql like '%nocase%'`.execute(conn);
  expect(rows).toEqual([]);
  await conn.destroy();
  db = null;
  const raw = new SQLite(path.join(dir, 'app.db'), { readonly: true });
  try {
    const plan = (text: string, values: unknown[]) =>
      (raw.prepare(`explain query plan ${text}`).all(...values) as Array<{ detail: string }>).map((r) => r.detail);
    const statements: Array<[string, unknown[]]> = [
      ['select "m"."id" from "users" as "me" inner join "users" as "m" on "m"."company_id" = "me"."company_id" where "me"."id" = ?', ['u']],
      ['select "id" from "activities" where "user_id" = ? order by "created_at" desc, "id" desc limit ?', ['u', 20]],
      [
        'select "id" from "queries" where "user_id" = ? and "created_at" < ? order by "created_at" desc limit ? offset ?',
        ['u', 'z', 20, 40],
      ],
      ['select "id" from "chat_messages" where "query_id" = ? order by "created_at" desc, "id" desc limit ?', ['q', 1]],
    ];
    for (const [text, values] of statements) {
      expect(unplannedParameters(text)).not.toBe(text);
      expect(plan(unplannedParameters(text), values)).toEqual(plan(text, values));
    }
  } finally {
    raw.close();
  }
});
