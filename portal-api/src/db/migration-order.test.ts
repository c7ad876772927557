import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { isMigrated, migrateToLatest, openDatabase, type DB } from './database.ts';
import * as listIndexes from './migrations/20261123T0600-list-indexes.ts';

// A database that already ran a later migration (0700, merged first) still
// takes an earlier one that arrives afterwards (0600), instead of refusing to start.

let db: DB | null = null;
let dir = '';
afterEach(async () => {
  await db?.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('runs a migration older than the newest one already applied', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-order-'));
  db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'app.db') });
  await migrateToLatest(db);
  // As if 0600 had not been merged yet when this database was migrated.
  await listIndexes.down(db);
  await sql`delete from kysely_migration where name = '20261123T0600-list-indexes'`.execute(db);
  expect(await isMigrated(db)).toBe(false);

  await migrateToLatest(db);
  expect(await isMigrated(db)).toBe(true);
  const fts = await sql<{ name: string }>`select name from sqlite_master where name = 'queries_fts'`.execute(db);
  expect(fts.rows).toHaveLength(1);
});
