import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

// Headers of hono's secure-headers plus our CSP: HTML gets a policy that allows
// exactly its own inline scripts by hash; API answers may run nothing; HSTS only
// over HTTPS; CORS stays closed (no Access-Control-Allow-Origin for anyone).

let server: TestServer;
let dist: string;
const INLINE = 'document.documentElement.dataset.ready="1"';

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dist-'));
  await fs.writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><script type="module">${INLINE}</script><script type="application/ld+json">{"@type":"Thing"}</script></head><body><h1>Hi</h1></body></html>`,
  );
  server = await startTestServer({ DIST_DIR: dist });
});
afterAll(async () => {
  await server?.stop();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('gives HTML a CSP allowing only its own inline script, by hash', async () => {
    const res = await fetch(`${server.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const hash = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(INLINE))).toString('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp.match(/sha256-/g)).toHaveLength(1); // the JSON-LD block is data, not script
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('lets API answers run nothing and sets HSTS only over HTTPS', async () => {
    const plain = await fetch(`${server.url}/api/health`);
    expect(plain.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const proxied = await fetch(`${server.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('keeps CORS closed: no origin is allowed to read API answers', async () => {
    const preflight = await fetch(`${server.url}/api/auth/login`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const simple = await fetch(`${server.url}/api/services`, { headers: { origin: 'https://evil.example' } });
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
  });
});
