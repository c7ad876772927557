import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import pkg from '../../package.json' with { type: 'json' };
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('server foundation', () => {
  it('answers health with the database checked', async () => {
    const res = await server.call('GET', '/api/health');
    expect(res.status).toBe(200);
    // The version of package.json and the commit of this checkout (docs/operations.md "Upgrades").
    expect(res.body).toEqual({ status: 'ok', database: 'ok', version: pkg.version, commit: expect.stringMatching(/^[0-9a-f]{12}$/) });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await server.call(method, '/api/does-not-exist');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({ message: expect.any(String), code: 'not_found' });
    }
  });

  it('refuses JSON bodies over 1 MB with 413 and a message', async () => {
    const big = JSON.stringify({ message: 'x'.repeat(1024 * 1024 + 10) });
    const res = await server.call('POST', '/api/contact/submit', { body: big, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/i);
  });

  it('publishes an OpenAPI document', async () => {
    const res = await server.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toContain('/health');
  });

  it('renders a docs page for integrators from the same OpenAPI document', async () => {
    const res = await fetch(`${server.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('/api/health');
    expect(html).toContain('/api/auth/login');
  });

  it('seeds the service catalogue once, with the spellings of the spec', async () => {
    const rows = await server.deps.db.selectFrom('services').select(['title', 'parent_id']).execute();
    const titles = rows.map((r) => r.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'General Contractor',
        'Sub-Contractor',
        'Manufacturers',
        'Demolititon',
        'Finishess',
        'DryWall',
        'Structure steel',
      ]),
    );
    expect(rows.filter((r) => r.parent_id === null)).toHaveLength(3);
    expect(rows).toHaveLength(3 + 3 + 16);
    const { seedReferenceData } = await import('../../portal-api/src/db/seed.ts');
    await seedReferenceData(server.deps.db);
    expect(await server.deps.db.selectFrom('services').select('id').execute()).toHaveLength(rows.length);
  });

  it('creates the first admin from ADMIN_EMAIL', async () => {
    const admin = await server.deps.db.selectFrom('users').selectAll().where('role', '=', 'admin').executeTakeFirst();
    expect(admin?.email).toBe('admin@example.com');
    expect(admin?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('accepts a WebSocket upgrade on /ws and answers a bad frame with an error frame, keeping the socket open', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const reply = new Promise<any>((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
    ws.send('not json');
    expect((await reply).type).toBe('error');
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  it('refuses WebSocket upgrades on other paths', async () => {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/elsewhere`);
    const outcome = await new Promise((resolve) => {
      ws.once('open', () => resolve('open'));
      ws.once('error', () => resolve('error'));
    });
    expect(outcome).toBe('error');
  });
});

describe('uploads serving', () => {
  it('serves public files with nosniff and attachment for non-images, refuses traversal', async () => {
    const key = await server.deps.storage.writeBuffer(Buffer.from('%PDF-1.4 test'), 'public', 'test', 'pdf');
    const res = await fetch(`${server.url}/uploads/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    const traversal = await fetch(`${server.url}/uploads/public/..%2f..%2fapp.db`);
    expect(traversal.status).toBe(404);
  });

  it('serves a private file only through an unexpired signed link', async () => {
    const key = await server.deps.storage.writeBuffer(Buffer.from('secret plans'), 'private', 'queries', 'pdf');
    expect((await fetch(`${server.url}/uploads/${key}`)).status).toBe(403);
    const good = await fetch(`${server.url}${server.deps.storage.signedUrl(key, 'plans.pdf')}`);
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('secret plans');
    expect(good.headers.get('content-disposition')).toContain("filename*=UTF-8''plans.pdf");
    const expired = server.deps.storage.signedUrl(key, 'plans.pdf', -10);
    expect((await fetch(`${server.url}${expired}`)).status).toBe(403);
    const forged = server.deps.storage.signedUrl(key, 'plans.pdf').replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await fetch(`${server.url}${forged}`)).status).toBe(403);
  });

  it('keeps the outbox and uploads inside DATA_DIR', async () => {
    const stat = await fs.stat(path.join(server.dataDir, 'uploads', 'public'));
    expect(stat.isDirectory()).toBe(true);
  });
});
