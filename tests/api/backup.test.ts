import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../portal-api/src/config.ts';
import { openDatabase } from '../../portal-api/src/db/database.ts';
import { ADMIN } from './harness.ts';
import { createClientOver, createQueryOver, signInOver, startServerProcess, TINY_PDF, type ServerProcess } from './process.ts';
import { openSocket } from './socket.ts';
import { cleanupAfterEach } from './cleanups.ts';

// `npm run backup` against a running server, then the restore procedure of
// docs/operations.md: copy the backup (and uploads) into a fresh DATA_DIR,
// start the server there, read everything back over HTTP. SQLite only: the
// PostgreSQL path is pg_dump, which the script explains.

const root = path.resolve(import.meta.dirname, '../..');

function runBackup(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'portal-api/scripts/backup.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  // A script that hangs (it once spun for ever on --out /proc/nope/…) is killed, not left behind.
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

const { cleanups, tempDir } = cleanupAfterEach();
async function start(dataDir: string): Promise<ServerProcess> {
  // Always SQLite here, whatever TEST_DATABASE_URL says.
  const server = await startServerProcess(dataDir, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  cleanups.push(() => server.stop());
  return server;
}

describe('backup and restore', () => {
  it('backs up a running SQLite server and restores it into a fresh DATA_DIR', { timeout: 90_000 }, async () => {
    const original = await tempDir('estimating-backup-src-');
    const first = await start(original);
    const db = openDatabase(loadConfig({ DATA_DIR: original }).database);
    cleanups.push(() => db.destroy());
    const adminToken = await signInOver(first, ADMIN.email, ADMIN.password);
    const client = await createClientOver(
      first,
      adminToken,
      async (email) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    );
    const queryId = await createQueryOver(first, client.token, 'Please keep this request safe');
    const socket = await openSocket(first.url);
    const say = async (message: string) => {
      socket.ws.send(JSON.stringify({ type: 'sendMessage', token: client.token, queryId, message, replyTo: null }));
      await socket.next((f) => f.type === 'receiveMessage' && f.message.message === message);
    };
    await say('Before the backup');

    // Online: the server keeps running (and writing) while the backup is taken.
    const backup = await runBackup({ DATA_DIR: original });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = /to (\S+app-[\dT-]+Z\.db) /.exec(backup.stdout)?.[1];
    expect(file, backup.stdout).toBeDefined();
    expect(path.dirname(file!)).toBe(path.join(original, 'backups'));
    // One file per backup: no -wal or -shm beside it for the cron cleanup of app-*.db to leave behind.
    expect(await fs.readdir(path.join(original, 'backups'))).toEqual([path.basename(file!)]);
    await say('After the backup');
    socket.ws.close();
    await first.stop();

    // docs/operations.md "Restore": the backup becomes DATA_DIR/app.db, uploads are copied beside it.
    const restored = await tempDir('estimating-backup-dst-');
    await fs.copyFile(file!, path.join(restored, 'app.db'));
    await fs.cp(path.join(original, 'uploads'), path.join(restored, 'uploads'), { recursive: true });
    const second = await start(restored);

    // The session issued before the backup is in the backup, so it still opens the portal.
    const mine = await second.call('GET', '/api/queries/me', { token: client.token });
    expect(mine.status).toBe(200);
    const query = mine.body.data.find((q: { _id: string }) => q._id === queryId);
    expect(query.message).toBe('Please keep this request safe');
    // The signing secret and the uploads came along: the private file still opens.
    const download = await fetch(new URL(query.files[0].url, second.url));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(TINY_PDF)).toBe(true);

    const history = await second.call('GET', `/api/chats/query/${queryId}/message`, { token: client.token });
    expect(history.body.map((m: { message: string }) => m.message)).toEqual(['Before the backup']);
    // And the restored accounts sign in with their passwords (codes go to the new outbox).
    expect(await signInOver(second, client.email, 'Client-Passw0rd')).toMatch(/\S{20,}/);
  });

  it('writes to --out, refuses to overwrite, and fails clearly without a database', { timeout: 60_000 }, async () => {
    const dataDir = await tempDir('estimating-backup-out-');
    const missing = await runBackup({ DATA_DIR: dataDir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No database at');

    await fs.chmod(dataDir, 0o755); // as `mkdir data` leaves it
    const server = await start(dataDir);
    await server.stop();
    const out = path.join(dataDir, 'elsewhere', 'copy.db');
    const made = await runBackup({ DATA_DIR: dataDir }, ['--out', out]);
    expect(made.code).toBe(0);
    expect((await fs.stat(out)).size).toBeGreaterThan(0);
    // Security audit: the copy of the database was readable by every local user.
    expect((await fs.stat(out)).mode & 0o777).toBe(0o600);
    // And so was DATA_DIR: the server closes it to group and others.
    expect((await fs.stat(dataDir)).mode & 0o077).toBe(0);
    expect(await fs.readdir(path.dirname(out))).toEqual(['copy.db']);
    const again = await runBackup({ DATA_DIR: dataDir }, ['--out', out]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    const nowhere = await runBackup({ DATA_DIR: dataDir }, ['--out', '/proc/nope/copy.db']);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toBe(
      'Backup to /proc/nope/copy.db failed: the folder /proc/nope is not usable (it cannot be created there). Nothing was kept.\n',
    );
  });

  it('on PostgreSQL prints the pg_dump and pg_restore commands without revealing the password', async () => {
    const dataDir = await tempDir('estimating-backup-pg-');
    const res = await runBackup({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://estimating:s3cret-pass@db.internal:5432/estimating' });
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/pg_dump --format=custom .*"\$DATABASE_URL"/);
    expect(res.stdout).toMatch(/pg_restore .*"\$DATABASE_URL"/);
    expect(res.stdout).not.toContain('s3cret-pass');
  });
});
