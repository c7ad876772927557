import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE_GONE, DATABASE_FILE_REPLACED } from '../../portal-api/src/db/file-guard.ts';
import { DISK_UNWRITABLE_MESSAGE } from '../../portal-api/src/lib/disk-errors.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { cleanupAfterEach } from './cleanups.ts';
import { until } from './until.ts';

// The SQLite file is shared with the machine: another process may lock it
// (`sqlite3 app.db` holding BEGIN EXCLUSIVE), or an operator may delete or move
// it while the server runs. Neither may end in a 500, nor in a 201 for a write
// that a restart will not find. SQLite on purpose, also in the PostgreSQL run.

const { cleanups, tempDir } = cleanupAfterEach();

async function sqliteServer(): Promise<{ server: TestServer; file: string }> {
  const file = path.join(await tempDir('estimating-dbfile-'), 'app.db');
  const server = await startTestServer({ DATABASE_URL: `sqlite:${file}` });
  cleanups.push(() => server.stop());
  return { server, file };
}

let visitors = 0;
const contact = (server: TestServer) =>
  server.call('POST', '/api/contact/submit', {
    json: { name: 'Maria Lopez', email: `maria${++visitors}@example.com`, service: 'Concrete', message: 'Please call me back.' },
  });
const register = (server: TestServer) =>
  server.call('POST', '/api/auth/register', {
    json: { fullName: 'Lee Builder', email: `lee${++visitors}@example.com`, password: 'Client-Passw0rd' },
  });

describe('a database file another process holds locked', () => {
  it(
    'answers writes 503 with the storage sentence, keeps serving reads, and stores writes once the lock is gone',
    { timeout: 60_000 },
    async () => {
      const { server, file } = await sqliteServer();
      // What `sqlite3 app.db` with `BEGIN EXCLUSIVE;` does: a second connection holding the write lock.
      const other = new SQLite(file);
      cleanups.push(async () => other.close());
      other.exec('BEGIN EXCLUSIVE');

      const refused = { status: 503, body: { message: DISK_UNWRITABLE_MESSAGE } };
      // A transaction that read first is refused at once (SQLITE_BUSY without waiting: it could deadlock) …
      expect(await register(server)).toMatchObject(refused);
      // … a plain write after busy_timeout.
      expect(await contact(server)).toMatchObject(refused);
      expect((await server.call('GET', '/api/services')).status).toBe(200);
      expect((await server.call('GET', '/api/health')).status).toBe(200);

      other.exec('COMMIT');
      expect((await register(server)).status).toBe(201);
      expect((await contact(server)).status).toBe(201);
    },
  );
});

describe('a database file deleted or moved away under the running server', () => {
  it('is not ready and refuses writes while the file is gone, and takes writes again once it is back', { timeout: 30_000 }, async () => {
    const { server, file } = await sqliteServer();
    expect((await server.call('GET', '/api/ready')).status).toBe(200);
    expect((await contact(server)).status).toBe(201);

    const aside = `${file}.moved`;
    await fs.rename(file, aside);
    expect(await server.call('GET', '/api/ready')).toMatchObject({ status: 503, body: { message: DATABASE_FILE_GONE } });
    // The write would land in a file nothing names: refused, not answered 201.
    expect(await contact(server)).toMatchObject({ status: 503, body: { message: DISK_UNWRITABLE_MESSAGE } });
    // Reads still come from the open file.
    expect((await server.call('GET', '/api/services')).status).toBe(200);

    await fs.rename(aside, file);
    expect((await server.call('GET', '/api/ready')).status).toBe(200);
    expect((await contact(server)).status).toBe(201);
  });

  it('notices `rm app.db app.db-wal app.db-shm` on the next write, without a readiness probe', { timeout: 30_000 }, async () => {
    const { server, file } = await sqliteServer();
    expect((await contact(server)).status).toBe(201);
    for (const suffix of ['', '-wal', '-shm']) await fs.rm(`${file}${suffix}`, { force: true });
    // Within a second of the removal, writes are refused (polled in-process: the contact form has a rate limit).
    const settingWrite = () =>
      server.deps.db
        .insertInto('settings')
        .values({ key: 'test.probe', value: String(Date.now()) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
        .execute()
        .then(
          () => false as const,
          (err: { code?: string }) => err.code ?? 'refused',
        );
    expect(await until('a write to be refused', settingWrite, 5_000)).toMatch(/^SQLITE_READONLY/);
    expect(await contact(server)).toMatchObject({ status: 503, body: { message: DISK_UNWRITABLE_MESSAGE } });
    expect(await server.call('GET', '/api/ready')).toMatchObject({ status: 503, body: { message: DATABASE_FILE_GONE } });
  });

  it('is not ready and refuses writes when another file was put at its path', { timeout: 30_000 }, async () => {
    const { server, file } = await sqliteServer();
    await fs.copyFile(file, `${file}.copy`);
    await fs.rename(`${file}.copy`, file);
    expect(await server.call('GET', '/api/ready')).toMatchObject({ status: 503, body: { message: DATABASE_FILE_REPLACED } });
    expect((await contact(server)).status).toBe(503);
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  });
});
