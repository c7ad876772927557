import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DB } from './database.ts';

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

  const deadline = Date.now() + 5000;
  while (fs.statSync(file).size < before + 2 * 1024 * 1024) {
    if (Date.now() > deadline) throw new Error('the worker never checkpointed');
    await new Promise((r) => setTimeout(r, 50));
  }
  // Everything written is still readable through the main connection.
  expect((await db.selectFrom('settings').select('key').where('key', 'like', 'big-%').execute()).length).toBe(40);
});
