import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../portal-api/src/config.ts';
import { openDatabase } from '../../portal-api/src/db/database.ts';
import { archiveOf, backupTestKit, expectRestored, fill, runBackup, runRestore } from './backup-scripts.ts';

// `npm run backup` against a running server writes one archive (database and
// uploads); `npm run restore` puts it into an empty DATA_DIR; a server started
// there serves everything back over HTTP. On SQLite here; on PostgreSQL (into an
// empty database, with pg_dump and pg_restore, the real tools): backup.pg-only.test.ts.

const { cleanups, tempDir, start } = backupTestKit();

describe('backup and restore', () => {
  it('archives a running SQLite server and restores it into an empty DATA_DIR', { timeout: 300_000 }, async () => {
    const original = await tempDir('estimating-backup-src-');
    const first = await start(original);
    const db = openDatabase(loadConfig({ DATA_DIR: original }).database);
    cleanups.push(() => db.destroy());
    const made = await fill(
      first,
      async (email) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    );

    // Online: the server keeps running while the backup is taken.
    const backup = await runBackup({ DATA_DIR: original });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = archiveOf(backup);
    expect(file, backup.stdout).toBeDefined();
    expect(path.dirname(file!)).toBe(path.join(original, 'backups'));
    expect(path.basename(file!)).toMatch(/^estimating-[\dT-]+Z\.zip$/);
    expect(backup.stdout).toContain('SQLite database and 1 stored files');
    // The archive holds password hashes and signing secrets: its owner's only.
    expect((await fs.stat(file!)).mode & 0o777).toBe(0o600);
    // One file per backup: no work files left beside it.
    expect(await fs.readdir(path.join(original, 'backups'))).toEqual([path.basename(file!)]);
    await first.stop();

    // Refused: a DATA_DIR that holds anything (here, the original).
    const refused = await runRestore({ DATA_DIR: original }, ['--from', file!]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`DATA_DIR ${original} is not empty`);

    // Into a folder that does not exist yet (an empty one works the same).
    const restored = path.join(await tempDir('estimating-backup-dst-'), 'data');
    const restore = await runRestore({ DATA_DIR: restored }, ['--from', file!]);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('Restored the SQLite database and 1 stored files');
    expect((await fs.stat(restored)).mode & 0o077).toBe(0);
    await expectRestored(await start(restored), made);
  });

  it('writes to --out, refuses to overwrite, and fails clearly without a database', { timeout: 300_000 }, async () => {
    const dataDir = await tempDir('estimating-backup-out-');
    const missing = await runBackup({ DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No database at');

    await fs.chmod(dataDir, 0o755); // as `mkdir data` leaves it
    const server = await start(dataDir);
    await server.stop();
    const out = path.join(dataDir, 'elsewhere', 'copy.zip');
    const made = await runBackup({ DATA_DIR: dataDir }, ['--out', out]);
    expect(made.code).toBe(0);
    expect((await fs.stat(out)).size).toBeGreaterThan(0);
    expect((await fs.stat(out)).mode & 0o777).toBe(0o600);
    // DATA_DIR was readable by every local user; the server closes it to group and others.
    expect((await fs.stat(dataDir)).mode & 0o077).toBe(0);
    expect(await fs.readdir(path.dirname(out))).toEqual(['copy.zip']);
    const again = await runBackup({ DATA_DIR: dataDir }, ['--out', out]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const nowhere = await runBackup({ DATA_DIR: dataDir }, ['--out', '/proc/nope/copy.zip']);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toBe(
      'Backup to /proc/nope/copy.zip failed: the folder /proc/nope is not usable (it cannot be created there). Nothing was kept.\n',
    );
    // A SQLite archive is refused where DATABASE_URL points at PostgreSQL, before anything is made.
    const elsewhere = path.join(await tempDir('estimating-backup-kind-'), 'data');
    const wrongKind = await runRestore({ DATA_DIR: elsewhere, DATABASE_URL: 'postgres://u:p@127.0.0.1:1/none' }, ['--from', out]);
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toContain('holds a sqlite database, and DATABASE_URL points at postgres');
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('says clearly when pg_dump is not installed, and keeps nothing', async () => {
    const dataDir = await tempDir('estimating-backup-pg-');
    const noTools = await tempDir('estimating-no-pg-tools-');
    const res = await runBackup({
      DATA_DIR: dataDir,
      PATH: noTools,
      DATABASE_URL: 'postgres://estimating:s3cret-pass@db.internal:5432/estimating',
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('pg_dump was not found on PATH: install the PostgreSQL client tools');
    expect(res.stderr).not.toContain('s3cret-pass');
    expect(await fs.readdir(path.join(dataDir, 'backups'))).toEqual([]);
  });
});
