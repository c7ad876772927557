import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

// The built site through @hono/node-server's serveStatic with hono/etag and
// hono/compress (http/static.ts): caching per kind of file, 304 on a known tag,
// a precompressed copy when the build wrote one and gzip on the fly otherwise,
// the shells of id routes, the 404 page, 400 for a path that does not decode,
// and nothing outside dist/. Requests go over a raw socket so paths arrive as written.

const INLINE = 'window.__siteReady = true;';
const sha = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
const page = (title: string) =>
  `<!doctype html><html><head><title>${title}</title><script>${INLINE}</script></head><body>${'<p>Estimating, takeoffs and bids.</p>'.repeat(60)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const SECRET = 'database password: hunter2';

let server: TestServer;
let parent: string;
let dist: string;

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
function raw(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, headers }, (res) => {
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
  parent = await fs.mkdtemp(path.join(os.tmpdir(), 'estimating-site-'));
  dist = path.join(parent, 'dist');
  const write = async (rel: string, body: string | Buffer) => {
    await fs.mkdir(path.dirname(path.join(dist, rel)), { recursive: true });
    await fs.writeFile(path.join(dist, rel), body);
  };
  await write('index.html', page('Home'));
  await write('404.html', page('Page not found'));
  await write('chat/index.html', page('Chat shell'));
  await write('about-us/index.html', page('About us'));
  await write('about-us/index.html.br', zlib.brotliCompressSync(page('About us')));
  await write('_astro/app.Bx12.js', SCRIPT);
  await write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.writeFile(path.join(parent, 'secret.txt'), SECRET);
  server = await startTestServer({ DIST_DIR: dist });
});
afterAll(async () => {
  await server?.stop();
  await fs.rm(parent, { recursive: true, force: true });
});

describe('the built site', () => {
  it('serves pages revalidated by ETag, with their CSP; a known tag answers 304', async () => {
    const home = await raw('/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['content-security-policy']).toContain(sha(INLINE));
    expect(home.body.toString()).toBe(page('Home'));
    const tag = home.headers.etag!;
    expect(tag).toMatch(/^W\/"/);
    const again = await raw('/', { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(tag);
    expect(again.headers['cache-control']).toBe('no-cache');
    // A browser stores a 304's headers over its cached copy's: the page's own policy must come back.
    expect(again.headers['content-security-policy']).toBe(home.headers['content-security-policy']);
    const head = await raw('/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(page('Home')));
  });

  // docs/decisions/0009-public-url-placed-when-served.md: a page holding the build's placeholder
  // origin gets the running PUBLIC_URL once per version of its file, not on every request.
  it('places PUBLIC_URL in a page once per version of its file', async () => {
    const file = path.join(dist, 'terms/index.html');
    const at = new Date('2026-01-01T00:00:00Z');
    const write = async (title: string) => {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, page(title).replace('</title>', '</title><link rel="canonical" href="https://public-url.invalid/terms/">'));
      await fs.utimes(file, at, at);
    };
    await write('Terms one');
    const first = await raw('/terms');
    expect(first.body.toString()).toContain(`<link rel="canonical" href="${server.deps.config.publicUrl}/terms/">`);
    expect(first.body.toString()).not.toContain('public-url.invalid');
    // Same size and time: the same version, answered from memory without reading the file.
    await write('Terms two');
    const second = await raw('/terms');
    expect(second.body.toString()).toContain('<title>Terms one</title>');
    expect(second.headers.etag).toBe(first.headers.etag);
    // A new time (a rebuild): read again.
    await fs.utimes(file, at, new Date('2026-01-02T00:00:00Z'));
    const third = await raw('/terms');
    expect(third.body.toString()).toContain('<title>Terms two</title>');
    expect(third.headers.etag).not.toBe(first.headers.etag);
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await raw('/_astro/app.Bx12.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const icon = await raw('/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect(icon.headers['content-type']).toBe('image/svg+xml');
  });

  it('sends the precompressed copy the build wrote, and gzips the rest on the way out', async () => {
    const br = await raw('/about-us/', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page('About us'));
    expect(br.headers['content-security-policy']).toContain(sha(INLINE));
    const plain = await raw('/about-us');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(page('About us'));
    expect(plain.headers.etag).not.toBe(br.headers.etag);

    const gz = await raw('/_astro/app.Bx12.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);
    const small = await raw('/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('serves id routes from their shell, and the 404 page with status 404', async () => {
    const chat = await raw('/chat/01JABCDEF');
    expect(chat.status).toBe(200);
    expect(chat.body.toString()).toContain('<title>Chat shell</title>');
    const missing = await raw('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('<title>Page not found</title>');
    expect(missing.headers['content-security-policy']).toContain(sha(INLINE));
    expect((await raw('/404')).status).toBe(200);
  });

  it('answers a path that does not decode with 400 and a message, never 500', async () => {
    for (const bad of ['/%E0%A4%A', '/blog/%E0%A4%A', '/%', '/about-us/%zz', '/uploads/public/%E0%A4%A']) {
      const res = await raw(bad);
      expect(res.status, bad).toBe(400);
      expect(JSON.parse(res.body.toString()).message, bad).toMatch(/percent-encoding/);
    }
  });

  it('never reaches a file outside the build', async () => {
    for (const attack of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/_astro/..%2f..%2fsecret.txt',
      '/%252e%252e/secret.txt',
      '//secret.txt',
    ]) {
      const res = await raw(attack);
      expect(res.status, attack).toBeGreaterThanOrEqual(400);
      expect(res.status, attack).toBeLessThan(500);
      expect(res.body.toString(), attack).not.toContain(SECRET);
    }
  });
});
