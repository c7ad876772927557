import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../portal-api/src/config.ts';
import { openDatabase } from '../../portal-api/src/db/database.ts';
import { ADMIN, createTestDatabase } from './harness.ts';
import { createClientOver, createQueryOver, signInOver, startServerProcess, TINY_PDF, type ServerProcess } from './process.ts';
import { openSocket } from './socket.ts';
import { cleanupAfterEach } from './cleanups.ts';

// `npm run backup` against a running server writes one archive (database and
// uploads); `npm run restore` puts it into an empty DATA_DIR (and, on
// PostgreSQL, an empty database); a server started there serves everything
// back over HTTP. Both engines: pg_dump and pg_restore are the real tools.

const root = path.resolve(import.meta.dirname, '../..');

type Run = { code: number | null; stdout: string; stderr: string };
const runBackup = (env: Record<string, string>, args: string[] = []) => runScript('backup', env, args);
const runRestore = (env: Record<string, string>, args: string[] = []) => runScript('restore', env, args);

function runScript(script: 'backup' | 'restore', env: Record<string, string>, args: string[]): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, `portal-api/scripts/${script}.ts`), ...args], {
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
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

async function start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  // SQLite unless `env` names a database, whatever TEST_DATABASE_URL says.
  const server = await startServerProcess(dataDir, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env });
  cleanups.push(() => server.stop());
  return server;
}

/** A client, a request with a file and a chat line on `server`; what a restore must bring back. */
async function fill(server: ServerProcess, userIdOf: (email: string) => Promise<string>) {
  const adminToken = await signInOver(server, ADMIN.email, ADMIN.password);
  const client = await createClientOver(server, adminToken, userIdOf);
  const queryId = await createQueryOver(server, client.token, 'Please keep this request safe');
  const socket = await openSocket(server.url);
  const message = 'Before the backup';
  socket.ws.send(JSON.stringify({ type: 'sendMessage', token: client.token, queryId, message, replyTo: null }));
  await socket.next((f) => f.type === 'receiveMessage' && f.message.message === message);
  socket.ws.close();
  return { client, queryId };
}

/** Everything `fill` made, read back from a server started on the restored data. */
async function expectRestored(server: ServerProcess, { client, queryId }: Awaited<ReturnType<typeof fill>>) {
  // The session issued before the backup is in the backup, so it still opens the portal.
  const mine = await server.call('GET', '/api/queries/me', { token: client.token });
  expect(mine.status).toBe(200);
  const query = mine.body.data.find((q: { _id: string }) => q._id === queryId);
  expect(query.message).toBe('Please keep this request safe');
  // The signing secret and the uploads came along: the private file still opens.
  const download = await fetch(new URL(query.files[0].url, server.url));
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(TINY_PDF)).toBe(true);
  const history = await server.call('GET', `/api/chats/query/${queryId}/message`, { token: client.token });
  expect(history.body.map((m: { message: string }) => m.message)).toEqual(['Before the backup']);
  // And the restored accounts sign in with their passwords (codes go to the new outbox).
  expect(await signInOver(server, client.email, 'Client-Passw0rd')).toMatch(/\S{20,}/);
}

const archiveOf = (run: Run) => /to (\S+\.zip) /.exec(run.stdout)?.[1];

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

  it.runIf(onPostgres)(
    'archives a running PostgreSQL server with pg_dump and restores it with pg_restore',
    { timeout: 300_000 },
    async () => {
      const source = await createTestDatabase(process.env.TEST_DATABASE_URL!);
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

      const target = await createTestDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(() => target.drop());
      const restore = await runRestore({ DATA_DIR: restored, DATABASE_URL: target.url }, ['--from', file]);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      await expectRestored(await start(restored, { DATABASE_URL: target.url }), made);
    },
  );
});
