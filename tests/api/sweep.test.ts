import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../portal-api/src/config.ts';
import { startServer } from '../../portal-api/src/server.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { TINY_PDF } from './process.ts';

// SIGKILLs mid-upload left `.part` files in uploads/tmp and
// private files no row references. A start sweeps temp parts older than an
// hour and unreferenced private files older than a day — and nothing else.

const HOUR = 60 * 60 * 1000;
let server: TestServer;
let storedKey: string;

beforeAll(async () => {
  server = await startTestServer();
  const client = await createClient(server, await signInAdmin(server));
  const services = (await server.call('GET', '/api/services')).body as Array<{ _id: string; subservices: unknown[] }>;
  const form = new FormData();
  form.append('message', 'Plans for a warehouse in Doral');
  form.append('service', services.find((s) => s.subservices.length === 0)!._id);
  form.append('files[]', new Blob([new Uint8Array(TINY_PDF)]), 'plans.pdf');
  const created = await server.call('POST', '/api/queries', { form, token: client.token });
  expect(created.status).toBe(201);
  storedKey = (await server.deps.db.selectFrom('query_files').select('storage_key').executeTakeFirstOrThrow()).storage_key;
});
afterAll(async () => {
  await server?.stop();
});

async function plant(key: string, ageMs: number): Promise<string> {
  const file = path.join(server.deps.storage.root, key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, 'debris');
  const when = new Date(Date.now() - ageMs);
  await fs.utimes(file, when, when);
  return file;
}
const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

describe('start-up sweep of crash debris', () => {
  it('removes old temp parts and old unreferenced private files, keeps everything else', async () => {
    const oldPart = await plant('tmp/crashed.part', 2 * HOUR);
    const freshPart = await plant('tmp/uploading.part', 10 * 60 * 1000);
    const oldOrphan = await plant('private/queries/orphan.pdf', 48 * HOUR);
    const oldDeliverable = await plant('private/deliverables/orphan.xlsx', 30 * HOUR);
    const freshOrphan = await plant('private/queries/just-moved.pdf', 2 * HOUR);
    const publicImage = await plant('public/blogs/old.webp', 48 * HOUR);
    // The stored file of a real request, old too: referenced, so kept.
    const referenced = path.join(server.deps.storage.root, storedKey);
    const old = new Date(Date.now() - 72 * HOUR);
    await fs.utimes(referenced, old, old);

    // A start on the same DATA_DIR and database.
    const again = await startServer(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: server.dataDir,
        LOG_LEVEL: 'silent',
        ...(server.deps.config.database.kind === 'postgres' ? { DATABASE_URL: server.deps.config.database.url } : {}),
      }),
      pino({ level: 'silent' }),
    );
    try {
      expect(await again.swept).toEqual({ tempParts: 1, orphans: 2 });
    } finally {
      await again.close();
    }
    expect(await exists(oldPart)).toBe(false);
    expect(await exists(oldOrphan)).toBe(false);
    expect(await exists(oldDeliverable)).toBe(false);
    expect(await exists(freshPart)).toBe(true);
    expect(await exists(freshOrphan)).toBe(true);
    expect(await exists(publicImage)).toBe(true);
    expect(await fs.readFile(referenced)).toEqual(TINY_PDF);
  });
});
