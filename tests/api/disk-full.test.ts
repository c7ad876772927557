import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ADMIN, startTestServer } from './harness.ts';
import { signInOver, startServerProcess, type ServerProcess } from './process.ts';
import { fillDisk, mountTmpfs } from './tmpfs.ts';
import { cleanupAfterEach } from './cleanups.ts';
import { createUpload, patchUpload } from './tus-client.ts';
import { until } from './until.ts';

// A full disk used to end an upload in an uncaught ENOSPC
// that killed the process. Now every write answers 507 (full) or 503
// (unwritable) with a message, leaves nothing half-written, and the server
// keeps answering. The disk really is full: a 1 MB tmpfs under uploads, or
// under the SQLite file.

const { cleanups, tempDir } = cleanupAfterEach();

function imageForm(bytes: number): FormData {
  const form = new FormData();
  // A PNG signature, then padding: the write fails long before the content is sniffed.
  const body = Buffer.alloc(bytes, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(body);
  form.append('image', new Blob([new Uint8Array(body)], { type: 'image/png' }), 'cover.png');
  return form;
}

describe('a full disk', () => {
  it(
    'answers an upload onto a full disk with 507, removes the partial file, and the process keeps serving',
    { timeout: 90_000 },
    async () => {
      const dataDir = await tempDir('estimating-diskfull-');
      const uploads = path.join(dataDir, 'uploads');
      const mounted = await mountTmpfs(uploads, '1m');
      if (mounted) cleanups.push(() => mounted.unmount());
      const server: ServerProcess = await startServerProcess(dataDir, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      cleanups.push(() => server.stop());
      const admin = await signInOver(server, ADMIN.email, ADMIN.password);
      if (!mounted) {
        // No tmpfs here: an upload folder the server cannot write to stands in (503 instead of 507).
        await fs.rm(path.join(uploads, 'tmp'), { recursive: true, force: true });
        await fs.writeFile(path.join(uploads, 'tmp'), 'not a folder');
      }

      for (let attempt = 0; attempt < 3; attempt++) {
        const res = await fetch(`${server.url}/api/blogs/images`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}` },
          body: imageForm(3 * 1024 * 1024),
        });
        expect(res.status).toBe(mounted ? 507 : 503);
        const body = await res.json();
        expect(body.message).toMatch(mounted ? /out of storage space/ : /cannot store data/);
        expect(body.code).toBe(mounted ? 'insufficient_storage' : 'service_unavailable');
      }
      expect((await server.call('GET', '/api/health')).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      if (mounted) {
        expect(await fs.readdir(path.join(uploads, 'tmp'))).toEqual([]);
        expect(await fs.readdir(path.join(uploads, 'public'))).toEqual([]);
        // Space is back once the partial file is gone: a small image is stored.
        const sharp = (await import('sharp')).default;
        const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'small.png');
        const small = await fetch(`${server.url}/api/blogs/images`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin}` },
          body: form,
        });
        expect(small.status).toBe(201);

        // Filled to the last byte: even the profile upload and the converted image write fail cleanly.
        const filler = await fillDisk(uploads);
        const profile = new FormData();
        profile.append('fullName', 'Admin With Photo');
        profile.append('profileImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
        const refused = await fetch(`${server.url}/api/users/profile`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${admin}` },
          body: profile,
        });
        expect(refused.status).toBe(507);
        expect(await fs.readdir(path.join(uploads, 'tmp'))).toEqual([]);
        await fs.rm(filler);
      }
      expect((await server.call('GET', '/api/health')).status).toBe(200);
      await server.stop();
      expect(server.output()).not.toMatch(/uncaught exception; exiting/);
    },
  );

  it(
    'answers a resumable (tus) upload onto a full disk with 507 and a sentence, never a 500 with the system error, and a refused creation leaves nothing behind',
    { timeout: 90_000 },
    async () => {
      const dataDir = await tempDir('estimating-tusfull-');
      const tus = path.join(dataDir, 'uploads', 'tus');
      const mounted = await mountTmpfs(tus, '1m');
      if (mounted) cleanups.push(() => mounted.unmount());
      const server: ServerProcess = await startServerProcess(dataDir, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
      cleanups.push(() => server.stop());
      const admin = await signInOver(server, ADMIN.email, ADMIN.password);
      const refusal = mounted ? { status: 507, message: /out of storage space/ } : { status: 503, message: /cannot store data/ };
      if (mounted) {
        // 3 MB into a 1 MB disk: the bytes run out mid-PATCH.
        const big = await createUpload(server.url, admin, 'plans.pdf', 3 * 1024 * 1024);
        expect(big.res.status).toBe(201);
        const patched = await patchUpload(server.url, admin, big.path, 0, Buffer.alloc(3 * 1024 * 1024, 7));
        expect(patched.status).toBe(refusal.status);
        expect(patched.body.message).toMatch(refusal.message);
        await fillDisk(tus);
      } else {
        // No tmpfs here: an upload folder the server cannot write to stands in (503 instead of 507).
        await fs.rm(tus, { recursive: true, force: true });
        await fs.writeFile(tus, 'not a folder');
      }
      const uploadRows = () => {
        const db = new SQLite(path.join(dataDir, 'app.db'), { fileMustExist: true });
        try {
          return (db.prepare('select count(*) as n from uploads').get() as { n: number }).n;
        } finally {
          db.close();
        }
      };
      const filesBefore = mounted ? (await fs.readdir(tus)).sort() : [];
      const rowsBefore = uploadRows();
      const created = await createUpload(server.url, admin, 'more.pdf', 1024);
      expect(created.res.status).toBe(refusal.status);
      expect(created.res.body.message).toMatch(refusal.message);
      expect(JSON.stringify(created.res.body)).not.toMatch(/ENOSPC|ENOTDIR|Something went wrong/);
      // No empty `<id>` or `<id>.json`, no uploads row: nobody got a Location to resume it.
      if (mounted) expect((await fs.readdir(tus)).sort()).toEqual(filesBefore);
      expect(uploadRows()).toBe(rowsBefore);
      // The error line carries the id of its request (the one of the request's own log line).
      const logLines = () =>
        server
          .output()
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line) as { msg: string; reqId?: string; method?: string; path?: string; status?: number });
      const creation = () =>
        logLines().findLast(
          (l) => l.msg === 'request' && l.method === 'POST' && l.path === '/api/uploads/tus' && l.status === refusal.status,
        );
      await until('the logged creation', () => !!creation());
      const { reqId } = creation()!;
      expect(reqId).toEqual(expect.any(String));
      await until('the logged refusal with its request id', () =>
        logLines().some((l) => l.msg === 'upload: the disk refused a write' && l.reqId === reqId),
      );
      expect((await server.call('GET', '/api/health')).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    },
  );

  it('answers a database write onto a full disk with 507 and keeps serving reads', { timeout: 60_000 }, async () => {
    const dbDir = await tempDir('estimating-dbfull-');
    const mounted = await mountTmpfs(dbDir, '4m');
    if (mounted) cleanups.push(() => mounted.unmount());
    const server = await startTestServer({ DATABASE_URL: `sqlite:${path.join(dbDir, 'app.db')}` });
    cleanups.push(() => server.stop());
    const contact = (n: number) =>
      server.call('POST', '/api/contact/submit', {
        json: { name: 'Maria Lopez', email: `maria${n}@example.com`, phone: '3055550100', service: 'Concrete', message: 'x'.repeat(4000) },
      });
    expect((await contact(0)).status).toBeLessThan(300);
    // An empty write-ahead log, so the next write has to grow a file.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(server.deps.db);
    const filler = mounted ? await fillDisk(dbDir) : null;
    if (!mounted) {
      // Without tmpfs: a read-only database stands in (503 instead of 507).
      await sql`pragma query_only = 1`.execute(server.deps.db);
    }
    const full = await contact(1);
    expect(full.status).toBe(mounted ? 507 : 503);
    expect(full.body.message).toEqual(expect.any(String));
    expect((await server.call('GET', '/api/health')).status).toBe(200);
    expect((await server.call('GET', '/api/services')).status).toBe(200);
    if (filler) await fs.rm(filler);
    else await sql`pragma query_only = 0`.execute(server.deps.db);
    expect((await contact(2)).status).toBeLessThan(300);
    const rows = await server.deps.db.selectFrom('contact_messages').select('email').execute();
    expect(rows.map((r) => r.email).sort()).toEqual(['maria0@example.com', 'maria2@example.com']);
  });
});
