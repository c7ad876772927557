import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, readOffLoop, type DB } from './database.ts';
import SQLite from 'better-sqlite3';
import { checkpointInWorker, workerReaderOf } from './checkpoint.ts';

// The main connection never checkpoints (checkpoint.ts): the database file
// only grows when the worker thread copies the WAL into it.

let db: DB | null = null;
let dir = '';
afterEach(async () => {
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('copies the WAL into the database file from the worker thread, not from the writer', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoint-test-'));
  const file = path.join(dir, 'app.db');
  db = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
  expect(autocheckpoint.rows[0]!.wal_autocheckpoint).toBe(0);

  const before = fs.statSync(file).size;
  const big = 'x'.repeat(64 * 1024);
  for (let i = 0; i < 40; i++)
    await db
      .insertInto('settings')
      .values({ key: `big-${i}`, value: big })
      .execute();
  expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(2 * 1024 * 1024);

  await expect
    .poll(() => fs.statSync(file).size, { timeout: 5000, message: 'the worker never checkpointed' })
    .toBeGreaterThanOrEqual(before + 2 * 1024 * 1024);
  // Everything written is still readable through the main connection.
  expect((await db.selectFrom('settings').select('key').where('key', 'like', 'big-%').execute()).length).toBe(40);
});

it('answers reads off the event loop from the worker: committed rows only, the usual way inside a transaction', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoint-test-'));
  db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'app.db') });
  await migrateToLatest(db);
  const conn = db;
  await conn.insertInto('settings').values({ key: 'a', value: '1' }).execute();
  const query = conn.selectFrom('settings').select(['key', 'value']).where('key', 'like', 'a%').orderBy('key').compile();
  // The worker's connection sees what the main one committed.
  expect(await readOffLoop(conn, query)).toEqual([{ key: 'a', value: '1' }]);
  // Inside a transaction the read sees the transaction's own writes: it runs on the main connection.
  await conn.transaction().execute(async (trx) => {
    await trx.insertInto('settings').values({ key: 'ab', value: '2' }).execute();
    expect(
      await readOffLoop(trx, trx.selectFrom('settings').select(['key', 'value']).where('key', 'like', 'a%').orderBy('key').compile()),
    ).toHaveLength(2);
  });
  // A bad statement is an error, as on the main connection.
  await expect(readOffLoop(conn, { ...query, sql: 'select nope from settings' })).rejects.toThrow(/no such column/);
  // Once closed, nothing is sent to a stopped worker.
  await conn.destroy();
  db = null;
});

it('has a worker reader only for SQLite databases it opened', () => {
  expect(workerReaderOf({} as never)).toBeNull();
});

it('never creates a database file: a worker that starts after the file was deleted stops, and the writer checkpoints again', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoint-test-'));
  const file = path.join(dir, 'app.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  checkpointInWorker(sqlite, file);
  // The worker's exit hands checkpoints back to the main connection.
  await expect.poll(() => sqlite.pragma('wal_autocheckpoint', { simple: true }), { timeout: 5000 }).toBe(1000);
  expect(fs.existsSync(file)).toBe(false);
  sqlite.close();
});
