import { afterAll, beforeAll, expect, it } from 'vitest';
import { ERROR_CODES } from '../../portal-api/src/shared/error-codes.ts';
import { startTestServer, type TestServer } from './harness.ts';

// API reference: every operation has an operationId and its
// security, every error its body, no two paths differ only in parameter names,
// the WebSocket frames are described, and /api/docs is Scalar's reference.

let server: TestServer;
let doc: any;

beforeAll(async () => {
  server = await startTestServer();
  doc = (await server.call('GET', '/api/openapi.json')).body;
});
afterAll(() => server?.stop());

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

it('gives every operation a unique operationId and its security', () => {
  const ids = operations().map(({ op }) => op.operationId);
  expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
  expect(new Set(ids).size).toBe(ids.length);
  for (const { path, method, op } of operations()) expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
  const byId = Object.fromEntries(operations().map((o) => [o.op.operationId, o.op]));
  expect(byId.getHealth.security).toEqual([]);
  expect(byId.postAuthLogin.security).toEqual([]);
  expect(byId.getUsers.security).toEqual([{ bearer: [] }]);
  // Public, but an admin's token shows drafts too.
  expect(byId.getBlogs.security).toEqual([{}, { bearer: [] }]);
});

it('documents 401 on every operation that needs a token, and each one answers 401 {message} without one', async () => {
  const needToken = operations().filter(({ op }) => op.security.length > 0 && op.security.every((s: object) => 'bearer' in s));
  expect(needToken.length).toBeGreaterThan(30);
  // Its body is read before its token (the reset token is checked against the e-mail).
  const bodies: Record<string, object> = { '/auth/reset-password': { email: 'nobody@example.com', newPassword: 'long enough 1' } };
  for (const { path, method, op } of needToken) {
    expect(op.responses['401'], `${method} ${path}`).toBeTruthy();
    const res = await server.call(
      method.toUpperCase(),
      `/api${path.replace(/\{[^}]+\}/g, 'x0')}`,
      method === 'get' ? {} : { json: bodies[path] ?? {} },
    );
    expect(res.status, `${method} ${path}`).toBe(401);
    expect(typeof res.body.message, `${method} ${path}`).toBe('string');
  }
});

it('has no paths that differ only in parameter names, and keeps the paths of docs/product.md §7', () => {
  const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
  expect(new Set(shapes).size).toBe(shapes.length);
  // GET /blogs/{idOrSlug} (the OpenAPI document) is documented with PUT and DELETE /blogs/{id} (docs/product.md §7).
  expect(Object.keys(doc.paths['/blogs/{id}'])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
  expect(doc.paths['/blogs/{idOrSlug}']).toBeUndefined();
  expect((doc.paths['/blogs/{id}'].get.parameters as any[]).filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['id']);
});

it('describes every error body and the WebSocket frames', () => {
  for (const { path, method, op } of operations()) {
    for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
      if (!/^[45]/.test(status)) continue;
      // The contact form's plain post (it works before the page hydrates) answers a page, not JSON.
      if (!response.content?.['application/json'] && response.content?.['text/html']) continue;
      const schema = response.content?.['application/json']?.schema;
      const resolved = schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
      expect(resolved?.properties?.message, `${method} ${path} ${status}`).toBeTruthy();
      expect(resolved?.properties?.code, `${method} ${path} ${status}`).toBeTruthy();
    }
  }
  expect(doc.components.schemas.Error.required).toEqual(['message', 'code']);
  // Every machine code is listed, in the schema and in the description's table.
  expect(doc.components.schemas.Error.properties.code.enum).toEqual([...ERROR_CODES]);
  for (const code of ERROR_CODES) expect(doc.info.description).toContain(`| \`${code}\` |`);
  expect(doc.info.description).toContain('`/ws`');
  // The frames table renders as two columns: no stray `|` inside a cell.
  const rows = (doc.info.description as string).split('\n').filter((l) => l.startsWith('|'));
  expect(rows.length).toBeGreaterThan(10);
  for (const row of rows) expect(row.split('|').length, row).toBe(4);
  const clientFrames = doc.components.schemas.ChatClientFrame;
  expect((clientFrames.oneOf ?? clientFrames.anyOf).map((f: any) => f.properties.type.enum?.[0] ?? f.properties.type.const)).toEqual([
    'authenticateAdmin',
    'joinRoom',
    'sendMessage',
    'markRead',
    'watchUnread',
  ]);
  for (const frame of [
    'authenticateAdmin',
    'joinRoom',
    'sendMessage',
    'authenticated',
    'presence',
    'joined',
    'receiveMessage',
    'queryStatus',
    'queryLifecycle',
    'unread',
    'error',
  ])
    expect(doc.info.description).toContain(`"type":"${frame}"`);
});

it('serves Scalar at /api/docs from this server, with no external origin, and a plain list meanwhile', async () => {
  const res = await fetch(`${server.url}/api/docs`);
  expect(res.status).toBe(200);
  const html = await res.text();
  // The bundle comes from our own route (no CDN), versioned by its content.
  const src = /<script src="([^"]+)"/.exec(html)?.[1];
  expect(src).toMatch(/^\/api\/docs\/scalar\.js\?v=[0-9a-f]{12}$/);
  expect(html).toContain('/api/openapi.json');
  expect(html).toContain('/api/auth/login');
  // No external origin anywhere in the page: no script, stylesheet, font or link to another host.
  expect(html.match(/(?:https?:)?\/\/[a-z0-9.-]+\.[a-z]{2,}/gi) ?? []).toEqual([]);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/);
  expect(csp).not.toMatch(/https?:\/\/(?!www\.openstreetmap\.org|www\.google\.com|maps\.google\.com)/);
  expect(csp).toContain("connect-src 'self'");

  // The bundle itself: Scalar's standalone build, compressed, cached for long under its versioned address.
  const script = await fetch(`${server.url}${src}`, { headers: { 'accept-encoding': 'br' } });
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(script.headers.get('content-encoding')).toBe('br');
  expect(script.headers.get('cache-control')).toContain('immutable');
  const code = await script.text();
  expect(code.length).toBeGreaterThan(1_000_000);
  expect(code).toContain('createApiReference');
  const again = await fetch(`${server.url}${src}`, { headers: { 'if-none-match': script.headers.get('etag')! } });
  expect(again.status).toBe(304);
});
