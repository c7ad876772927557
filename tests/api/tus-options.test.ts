import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

// A tus client discovers the server with OPTIONS (tus 1.0.0 "Core Protocol", OPTIONS);
// it answered 404, so other tus clients could not tell what the server offers.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ UPLOAD_MAX_MB: '3' });
});
afterAll(() => server?.stop());

it('answers tus OPTIONS on the upload endpoint with its version, extensions and largest size', async () => {
  for (const path of ['/api/uploads/tus', '/api/uploads/tus/some-upload-id']) {
    const res = await fetch(`${server.url}${path}`, { method: 'OPTIONS' });
    expect(res.status, path).toBe(204);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')?.split(',').sort()).toEqual(['creation', 'expiration', 'termination']);
    expect(res.headers.get('tus-max-size')).toBe(String(3 * 1024 * 1024));
  }
});
