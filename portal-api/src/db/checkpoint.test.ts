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

const MB = 1024 * 1024;

/** The log's checkpoint sequence (its header, bytes 12 to 16): one more each time the log starts over. */
function logSequence(file: string): number {
  const fd = fs.openSync(`${file}-wal`, 'r');
  try {
    const header = Buffer.alloc(16);
    fs.readSync(fd, header, 0, 16, 0);
    return header.readUInt32BE(12);
  } finally {
    fs.closeSync(fd);
  }
}

/** A SQLite file in WAL mode with a table to fill, its checkpoints in a worker that looks every 20 ms. */
function logTestDatabase(options: { passes?: number; capBytes?: number }) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkpoint-test-'));
  const file = path.join(dir, 'app.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.exec('create table log_test (id integer primary key, body text)');
  checkpointInWorker(sqlite, file, { everyMs: 20, ...options });
  const insert = sqlite.prepare('insert into log_test (body) values (?)');
  return { sqlite, file, insert: (kb: number) => insert.run('y'.repeat(kb * 1024)) };
}

/**
 * Commits `rows` rows, one at each turn of a timer (a millisecond at least, so many of the
 * worker's rounds go by); gives the log's largest size and how often it started over.
 */
async function writeSteadily(write: () => unknown, file: string, rows: number): Promise<{ largest: number; restarts: number }> {
  let largest = 0;
  let restarts = 0;
  let sequence = -1;
  for (let i = 0; i < rows; i++) {
    write();
    if (i % 10 === 0) {
      largest = Math.max(largest, fs.statSync(`${file}-wal`).size);
      const now = logSequence(file);
      if (sequence >= 0 && now !== sequence) restarts++;
      sequence = now;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { largest, restarts };
}

it('starts the log over under a steady stream of writes instead of letting it grow with them', async () => {
  const { sqlite, file, insert } = logTestDatabase({});
  // 1,000 rows of 4 KB, up to a thousand a second: each is three pages of the log, 12 MB in all.
  const { restarts } = await writeSteadily(() => insert(4), file, 1000);
  // How often depends on how the threads are scheduled: 19 to 51 times alone, 1 to 6 with two
  // more test files at once; a single checkpoint pass a round, as before, mostly none.
  expect(restarts).toBeGreaterThanOrEqual(1);
  expect(sqlite.prepare('select count(*) as n from log_test').get()).toEqual({ n: 1000 });
  sqlite.close();
});

it('empties the log past its cap when the writes come too close together for the passes to catch up', async () => {
  // One pass at a time never sees that it caught up, so only the cap keeps the log in bounds.
  const { sqlite, file, insert } = logTestDatabase({ passes: 1, capBytes: 2 * MB });
  // 400 rows of 32 KB: each is eight pages of the log or more, 13 MB in all.
  const { largest } = await writeSteadily(() => insert(32), file, 400);
  expect(largest).toBeLessThan(6 * MB);
  expect(sqlite.prepare('select count(*) as n from log_test').get()).toEqual({ n: 400 });
  sqlite.close();
});

it('never holds writes off for long when a long read (a backup) keeps it from emptying the log', async () => {
  const { sqlite, file, insert } = logTestDatabase({ passes: 1, capBytes: 2 * MB });
  for (let i = 0; i < 100; i++) insert(32);
  // A second connection holds a read open, as the online backup does while it copies.
  const reader = new SQLite(file);
  reader.exec('begin');
  reader.prepare('select count(*) from log_test').get();
  let slowest = 0;
  for (const end = Date.now() + 800; Date.now() < end;) {
    const started = performance.now();
    insert(32);
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  reader.exec('commit');
  reader.close();
  // The log is past its cap all along and the worker tries each round: each try holds writes a moment only.
  expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(2 * MB);
  expect(slowest).toBeLessThan(500);
  sqlite.close();
});
