import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../portal-api/src/config.ts';
import { openDatabase } from '../../portal-api/src/db/database.ts';
import { archiveOf, backupTestKit, expectRestored, fill, runBackup, runRestore } from './backup-scripts.ts';
import { createTestDatabase, postgresUrl } from './harness.ts';

// `npm run backup` against a running server on PostgreSQL writes one archive (pg_dump's and the
// uploads); `npm run restore` puts it into an empty DATA_DIR and an empty database (pg_restore);
// a server started there serves everything back over HTTP. pg_dump and pg_restore are the real
// tools. On SQLite, and the scripts' refusals: backup.test.ts.

const { cleanups, tempDir, start } = backupTestKit();

describe('backup and restore', () => {
  it('archives a running PostgreSQL server with pg_dump and restores it with pg_restore', { timeout: 300_000 }, async () => {
    const source = await createTestDatabase(postgresUrl());
    cleanups.push(() => source.drop());
    const original = await tempDir('estimating-backup-pgsrc-');
    const first = await start(original, { DATABASE_URL: source.url });
    const db = openDatabase(loadConfig({ DATA_DIR: original, DATABASE_URL: source.url }).database);
    cleanups.push(() => db.destroy());
    const made = await fill(
      first,
      async (email) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    );
    const backup = await runBackup({ DATA_DIR: original, DATABASE_URL: source.url });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('PostgreSQL database and 1 stored files');
    const file = archiveOf(backup)!;
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    await first.stop();

    // Refused: a database that already has tables (the source itself), with an empty DATA_DIR.
    const restored = path.join(await tempDir('estimating-backup-pgdst-'), 'data');
    const refused = await runRestore({ DATA_DIR: restored, DATABASE_URL: source.url }, ['--from', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not empty');
    expect(existsSync(restored)).toBe(false);

    const target = await createTestDatabase(postgresUrl());
    cleanups.push(() => target.drop());
    const restore = await runRestore({ DATA_DIR: restored, DATABASE_URL: target.url }, ['--from', file]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    await expectRestored(await start(restored, { DATABASE_URL: target.url }), made);
  });
});
