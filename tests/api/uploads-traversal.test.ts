import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// Private plan files must not be reachable through
// /uploads/public (or any other spelling) without a signed link. Requests go
// out over a raw socket so that every byte of the path reaches the server as
// written (fetch would normalise '..' and '\' before sending).

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let server: TestServer;
let client: { token: string };
let privateName: string; // e.g. 01J….pdf, as it appears in every signed link
let signedUrl: string;
let publicUrl: string;

function rawGet(urlPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: urlPath }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.setTimeout(5000, () => req.destroy(new Error(`no answer to ${urlPath}`)));
    req.end();
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signInAdmin(server);
  client = await createClient(server, admin);
  const services = (await server.call('GET', '/api/services')).body as Array<{ _id: string; subservices: unknown[] }>;
  const form = new FormData();
  form.append('message', 'Plans for a warehouse in Doral');
  form.append('service', services.find((s) => s.subservices.length === 0)!._id);
  form.append('files[]', new Blob([new Uint8Array(PDF)]), 'plans.pdf');
  const created = await server.call('POST', '/api/queries', { form, token: client.token });
  expect(created.status).toBe(201);
  signedUrl = created.body.data.files[0].url;
  privateName = path.basename(new URL(signedUrl, server.url).pathname);
  expect(privateName).toMatch(/\.pdf$/);

  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f60' } })
    .png()
    .toBuffer();
  const profile = new FormData();
  profile.append('fullName', 'Client With Picture');
  profile.append('profileImage', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const updated = await server.call('PUT', '/api/users/profile', { form: profile, token: client.token });
  expect(updated.status).toBe(200);
  publicUrl = updated.body.data.profileImage;
  expect(publicUrl).toMatch(/^\/uploads\/public\//);
});
afterAll(async () => {
  await server?.stop();
});

/** Every spelling of "up one folder" we know of, and the separators around it. */
const DOTDOT = [
  '..',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '%25%32%65%25%32%65',
  '%c0%ae%c0%ae',
  '%uff0e%uff0e',
  '..%00',
  '..%2500',
  '.%00.',
];
const SLASH = ['%2F', '%2f', '%5C', '%5c', '\\', '%252F', '%255C', '%00/', '/'];

function attacks(prefix: string, target: string): string[] {
  const list = new Set<string>();
  for (const up of DOTDOT) {
    for (const sep of SLASH) {
      list.add(`${prefix}${up}${sep}private${sep}queries${sep}${target}`);
      list.add(`${prefix}x/${up}${sep}${up}${sep}private${sep}queries${sep}${target}`);
      list.add(`${prefix}${up}${sep}${up}${sep}app.db`);
    }
  }
  list.add(`${prefix}..;/private/queries/${target}`);
  list.add(`${prefix}%00/../private/queries/${target}`);
  list.add(`${prefix}queries%00/${target}`);
  list.add(`${prefix}queries/${target}%00.png`);
  return [...list];
}

describe('uploads path traversal', () => {
  it('never serves a private file through /uploads/public, whatever the encoding', async () => {
    const leaked: string[] = [];
    for (const attack of attacks('/uploads/public/', privateName)) {
      const res = await rawGet(attack);
      if (res.status === 200 || res.body.includes('%PDF')) leaked.push(`${attack} → ${res.status}`);
      expect(res.status, attack).toBeGreaterThanOrEqual(400);
      expect(res.status, attack).toBeLessThan(500);
      expect(res.body.includes('SQLite format'), attack).toBe(false);
      // Anything still routed to /uploads answers JSON; a path the URL parser
      // folded out of /uploads (/uploads/public/../../x → /x) is the site's 404.
      if (String(res.headers['content-type']).startsWith('application/json'))
        expect(JSON.parse(res.body.toString()).message).toEqual(expect.any(String));
      else expect(res.status, attack).toBe(404);
    }
    expect(leaked).toEqual([]);
  });

  it('never serves a private file through /uploads/private without its own signature, nor leaves the folder', async () => {
    const query = new URL(signedUrl, server.url).search; // a valid signature, but for another key
    for (const attack of attacks('/uploads/private/queries/', privateName)) {
      for (const suffix of ['', query]) {
        const res = await rawGet(attack + suffix);
        expect(res.status, attack).toBeGreaterThanOrEqual(400);
        expect(res.status, attack).toBeLessThan(500);
        expect(res.body.includes('%PDF'), attack).toBe(false);
        expect(res.body.includes('SQLite format'), attack).toBe(false);
      }
    }
  });

  it('answers a malformed percent-encoding with 400 and a message, never 500', async () => {
    for (const bad of ['/uploads/public/%E0%A4%A', '/uploads/private/%E0%A4%A', '/uploads/public/%', '/uploads/public/blogs/%zz.png']) {
      const res = await rawGet(bad);
      expect(res.status, bad).toBe(400);
      expect(JSON.parse(res.body.toString()).message).toMatch(/percent-encoding/);
    }
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  });

  it('still serves a signed private link and a public image, with their safe headers', async () => {
    const signed = await rawGet(signedUrl);
    expect(signed.status).toBe(200);
    expect(signed.body).toEqual(PDF);
    expect(signed.headers['cache-control']).toBe('private, no-store');
    expect(signed.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''plans\.pdf$/);
    expect(signed.headers['x-content-type-options']).toBe('nosniff');
    expect(signed.headers['content-security-policy']).toContain('sandbox');

    // The same file without the signature, or with a tampered one, stays closed.
    expect((await rawGet(new URL(signedUrl, server.url).pathname)).status).toBe(403);
    expect((await rawGet(signedUrl.replace(/sig=(.)/, (_m, first: string) => `sig=${first === 'A' ? 'B' : 'A'}`))).status).toBe(403);

    const image = await rawGet(publicUrl);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['content-disposition']).toMatch(/^inline; /);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(image.body.subarray(8, 12).toString()).toBe('WEBP');

    const missing = await rawGet('/uploads/public/profiles/nothing-here.webp');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});

describe('/api/uploads/… (docs/product.md §3: a relative profileImage is prefixed with the API base)', () => {
  it('leads to the same file under /uploads/…, keeping the query of a signed link', async () => {
    const image = await rawGet(`/api${publicUrl}`);
    expect(image.status).toBe(308);
    expect(image.headers.location).toBe(publicUrl);
    // Followed, as a browser's <img> does: the picture.
    const followed = await fetch(new URL(`/api${publicUrl}`, server.url));
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toBe('image/webp');
    const signed = new URL(signedUrl, server.url);
    const viaApi = await rawGet(`/api${signed.pathname}${signed.search}`);
    expect(viaApi.headers.location).toBe(`${signed.pathname}${signed.search}`);
    expect((await fetch(new URL(`/api${signed.pathname}${signed.search}`, server.url))).status).toBe(200);
  });

  it('is no way around /uploads/…’s checks: a private file without its signature, or a path out of the folder', async () => {
    const bare = new URL(signedUrl, server.url).pathname;
    expect((await fetch(new URL(`/api${bare}`, server.url))).status).toBe(403);
    for (const dotdot of ['..', '%2e%2e']) {
      const res = await fetch(new URL(`/api/uploads/public/${dotdot}/private/queries/${privateName}`, server.url));
      expect([400, 403, 404], dotdot).toContain(res.status);
    }
    // Only the two file areas: anything else under /api/uploads is not a file (the resumable
    // uploads live at /api/uploads/tus), and nothing leads off this origin.
    expect((await rawGet('/api/uploads//example.com/x.png')).status).toBe(404);
    expect((await rawGet('/api/uploads/elsewhere/x.png')).status).toBe(404);
  });
});
