import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ADMIN, startTestServer } from './harness.ts';
import { runServer, startServerProcess } from './process.ts';
import { fillDisk, mountTmpfs } from './tmpfs.ts';
import { cleanupAfterEach } from './cleanups.ts';

// A full or read-only DATA_DIR used to print SQLITE_FULL or a
// stack trace at start; a read-only one left by a crash (write-ahead files
// present) even started and reported ready while every write failed. Now start
// prints one line naming the folder and the problem and exits 1, and
// /api/ready answers 503 unless the database and the upload folder take writes.

const { cleanups, tempDir } = cleanupAfterEach();
/** The server's complaint: exactly one line on stderr, naming the folder; no stack trace anywhere. */
function expectOneLine(result: { code: number | string; output: string; stderr: string }, dir: string, problem: RegExp) {
  expect(result.code).toBe(1);
  const lines = result.stderr.split('\n').filter((l) => l.trim());
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toContain(dir);
  expect(lines[0]).toMatch(problem);
  expect(`${result.output}${result.stderr}`).not.toMatch(/^\s+at /m);
  expect(`${result.output}${result.stderr}`).not.toMatch(/SQLITE_/);
}

/**
 * Without root no tmpfs can be mounted: then an unusable DATA_DIR of another
 * kind (a path under a file) stands in. As root (CI) the mount must work.
 */
async function notRoot(): Promise<void> {
  expect(process.getuid?.(), 'mount -t tmpfs failed although running as root').not.toBe(0);
  const dir = await tempDir('estimating-datadir-');
  await fs.writeFile(path.join(dir, 'file'), 'x');
  expectOneLine(await runServer(env(path.join(dir, 'file', 'data'))), path.join(dir, 'file', 'data'), /not a folder/);
}

const env = (dataDir: string) => ({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

describe('a bad DATA_DIR at start', () => {
  it('a DATA_DIR that is a file: one line, exit 1', { timeout: 30_000 }, async () => {
    const dir = await tempDir('estimating-datadir-');
    const file = path.join(dir, 'not-a-folder');
    await fs.writeFile(file, 'x');
    expectOneLine(await runServer(env(path.join(file, 'data'))), path.join(file, 'data'), /not a folder/);
  });

  it('a DATA_DIR that cannot be created (/proc/nope): one line, exit 1, no endless mkdir', { timeout: 60_000 }, async () => {
    // Node's recursive mkdir retried ENOENT there for ever at 100% CPU; runServer kills it after 45 s.
    expectOneLine(await runServer(env('/proc/nope')), '/proc/nope', /cannot be created/);
  });

  it('a full DATA_DIR: one line, exit 1', { timeout: 30_000 }, async () => {
    const dir = await tempDir('estimating-datadir-full-');
    const mounted = await mountTmpfs(dir, '1m');
    if (!mounted) return notRoot();
    cleanups.push(() => mounted.unmount());
    await fillDisk(dir);
    expectOneLine(await runServer(env(dir)), dir, /disk is full/);
  });

  it('an almost full DATA_DIR (room for the probe, not for the database): the same one line, exit 1', { timeout: 30_000 }, async () => {
    const dir = await tempDir('estimating-datadir-almost-');
    const mounted = await mountTmpfs(dir, '1m');
    if (!mounted) return notRoot();
    cleanups.push(() => mounted.unmount());
    const filler = await fillDisk(dir);
    // 150 KB free: the 64 KB start probe passes, the migrated database (about 400 KB) does not fit.
    await fs.truncate(filler, (await fs.stat(filler)).size - 150 * 1024);
    expectOneLine(await runServer(env(dir)), dir, /disk is full/);
  });

  it('a read-only DATA_DIR left by a crash (database and write-ahead files present): one line, exit 1', { timeout: 60_000 }, async () => {
    const dir = await tempDir('estimating-datadir-ro-');
    const mounted = await mountTmpfs(dir, '16m');
    if (!mounted) return notRoot();
    cleanups.push(() => mounted.unmount());
    const first = await startServerProcess(dir, env(dir));
    first.child.kill('SIGKILL'); // a crash: app.db-wal and app.db-shm stay behind
    await first.exited;
    expect((await fs.readdir(dir)).some((f) => f.endsWith('-wal'))).toBe(true);
    execFileSync('mount', ['-o', 'remount,ro', dir]);
    expectOneLine(await runServer(env(dir)), dir, /read-only/);
  });
});

describe('/api/ready checks that writes work', () => {
  it('answers 503 while the upload folder or the database refuses writes, 200 again after', async () => {
    const server = await startTestServer();
    cleanups.push(() => server.stop());
    expect((await server.call('GET', '/api/ready')).status).toBe(200);

    const tmp = path.join(server.deps.storage.root, 'tmp');
    await fs.rm(tmp, { recursive: true });
    await fs.writeFile(tmp, 'a file where the folder should be');
    const noUploads = await server.call('GET', '/api/ready');
    expect(noUploads.status).toBe(503);
    expect(noUploads.body.message).toMatch(/^The upload folder is not writable/);
    expect((await server.call('GET', '/api/health')).status).toBe(200);
    await fs.rm(tmp);
    await fs.mkdir(tmp);
    expect((await server.call('GET', '/api/ready')).status).toBe(200);

    if (server.deps.config.database.kind === 'sqlite') {
      await sql`pragma query_only = 1`.execute(server.deps.db);
      const readOnly = await server.call('GET', '/api/ready');
      expect(readOnly.status).toBe(503);
      expect(readOnly.body.message).toMatch(/^The database does not take writes/);
      await sql`pragma query_only = 0`.execute(server.deps.db);
    } else {
      // PostgreSQL: writes answered as a read-only server answers them (SQLSTATE 25006).
      await sql`create function refuse_write() returns trigger language plpgsql as $$ begin raise exception 'read-only' using errcode = '25006'; end $$`.execute(
        server.deps.db,
      );
      await sql`create trigger refuse_write before insert or update on settings for each row execute function refuse_write()`.execute(
        server.deps.db,
      );
      const readOnly = await server.call('GET', '/api/ready');
      expect(readOnly.status).toBe(503);
      expect(readOnly.body.message).toMatch(/^The database does not take writes/);
      await sql`drop trigger refuse_write on settings`.execute(server.deps.db);
    }
    expect((await server.call('GET', '/api/ready')).status).toBe(200);
  });
});
