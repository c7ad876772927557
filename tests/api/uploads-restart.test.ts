import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../portal-api/src/config.ts';
import { openDatabase } from '../../portal-api/src/db/database.ts';
import { ADMIN, createTestDatabase } from './harness.ts';
import { createClientOver, signInOver, startServerProcess } from './process.ts';
import { createUpload, patchUpload, sha256, tusRequest } from './tus-client.ts';

// The server killed (SIGKILL) in the middle of a PATCH, then started again on
// the same data: the upload resumes from the offset the disk holds and ends
// with identical bytes.

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

describe('upload across a server crash', () => {
  it('resumes after a SIGKILL mid-PATCH and completes with identical bytes', { timeout: 90_000 }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'estimating-upload-crash-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    if (process.env.TEST_DATABASE_URL) {
      const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }
    const first = await startServerProcess(dataDir, env);
    cleanups.push(() => first.stop());
    const db = openDatabase(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: env.DATABASE_URL }).database);
    cleanups.push(() => db.destroy());
    const adminToken = await signInOver(first, ADMIN.email, ADMIN.password);
    const client = await createClientOver(
      first,
      adminToken,
      async (email) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    );

    // A PDF of 8 MB: a header, random bytes, an end marker.
    const data = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(8 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
    const { path: url, id } = await createUpload(first.url, client.token, 'site-plans.pdf', data.length);

    // Stream the bytes slowly and kill the server once about half are sent.
    const CHUNK = 256 * 1024;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= data.length) return controller.close();
        const chunk = data.subarray(sent, sent + CHUNK);
        sent += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
        await new Promise((r) => setTimeout(r, 20));
        if (sent >= data.length / 2 && first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
      },
    });
    await patchUpload(first.url, client.token, url, 0, body).catch(() => null);
    await first.exited;
    expect(sent).toBeLessThan(data.length);

    const second = await startServerProcess(dataDir, env);
    cleanups.push(() => second.stop());
    const head = await tusRequest(second.url, 'HEAD', url, { token: client.token });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(sent);
    const rest = await patchUpload(second.url, client.token, url, offset, data.subarray(offset));
    expect(rest.status).toBe(204);

    const services = (await second.call('GET', '/api/services')).body as Array<{ _id: string; title: string }>;
    const created = await second.call('POST', '/api/queries', {
      token: client.token,
      json: { message: 'After the crash', service: services.find((s) => s.title === 'Manufacturers')!._id, uploadIds: [id] },
    });
    expect(created.status).toBe(201);
    const download = await fetch(`${second.url}${created.body.data.files[0].url}`);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(data));
  });
});
