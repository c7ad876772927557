import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// Property-based fuzzing of every JSON and multipart body of the API: whatever
// arrives, the answer is a 2xx/4xx with a JSON body — never a 5xx, never a
// crash — and the server still answers afterwards.

let server: TestServer;
let adminToken: string;
let clientToken: string;
const routes: Array<{ method: string; path: string; fields: string[]; multipart: boolean }> = [];

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const MULTIPART_ROUTES: Array<{ method: string; path: string; fields: string[]; admin: boolean }> = [
  { method: 'POST', path: '/queries', fields: ['message', 'service', 'subService', 'bidDueDate'], admin: false },
  { method: 'PUT', path: '/users/profile', fields: ['fullName', 'bio', 'phoneNumber', 'company'], admin: false },
  { method: 'POST', path: '/services', fields: ['title', 'description', 'parentService'], admin: true },
  { method: 'POST', path: '/blogs', fields: ['title', 'subTitle', 'body', 'category', 'tags', 'status'], admin: true },
];

const fill = (path: string) => path.replace(/\{[^}]+\}/g, 'fuzz-id');
/** Strings that tend to break parsers: huge, unicode, SQL and path fragments, numbers as text. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom(
    "'; DROP TABLE users; --",
    '../../etc/passwd',
    '\u0000',
    '%00',
    '<script>alert(1)</script>',
    '9'.repeat(400),
    'NaN',
    '-1',
    '1e309',
    '__proto__',
    'constructor',
  ),
);
const value = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);

beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signInAdmin(server);
  clientToken = (await createClient(server, adminToken)).token;
  const doc = (await server.call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, any>> };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (!schema) continue;
      const resolved = schema.$ref
        ? (await server.call('GET', '/api/openapi.json')).body.components.schemas[schema.$ref.split('/').pop()]
        : schema;
      routes.push({ method: method.toUpperCase(), path, fields: Object.keys(resolved?.properties ?? {}), multipart: false });
    }
  }
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('fuzzing every JSON body', () => {
  it('finds JSON routes to fuzz', () => {
    expect(routes.length).toBeGreaterThan(8);
  });

  it('never answers a 5xx to arbitrary JSON, for anonymous, client and admin callers', async () => {
    for (const route of routes) {
      // Logging out would end the sessions the other runs need.
      if (route.path === '/auth/logout') continue;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.jsonValue(), fc.record(Object.fromEntries(route.fields.map((f) => [f, value])), { requiredKeys: [] })),
          fc.constantFrom(null, clientToken, adminToken),
          async (body, token) => {
            const res = await server.call(route.method, `/api${fill(route.path)}`, {
              body: JSON.stringify(body),
              headers: { 'content-type': 'application/json' },
              token,
            });
            if (res.status >= 500)
              throw new Error(`${route.method} ${route.path} → ${res.status} for ${JSON.stringify(body).slice(0, 200)}`);
            if (res.status >= 400) expect(typeof res.body?.message).toBe('string');
          },
        ),
        { numRuns: RUNS },
      );
    }
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  }, 300_000);

  it('answers malformed JSON and wrong content types with a 4xx', async () => {
    for (const route of routes) {
      if (route.path === '/auth/logout') continue;
      for (const [body, type] of [
        ['{"unterminated": ', 'application/json'],
        ['not json at all', 'application/json'],
        ['a=b', 'application/x-www-form-urlencoded'],
        ['', 'application/json'],
      ] as const) {
        const res = await server.call(route.method, `/api${fill(route.path)}`, {
          body,
          headers: { 'content-type': type },
          token: adminToken,
        });
        expect(res.status, `${route.method} ${route.path} with ${type} ${body}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${route.method} ${route.path} with ${type} ${body}`).toBeLessThan(500);
      }
    }
  }, 120_000);
});

describe('fuzzing every multipart body', () => {
  it('never answers a 5xx to arbitrary fields and files, and stores nothing half-written', async () => {
    for (const route of MULTIPART_ROUTES) {
      await fc.assert(
        fc.asyncProperty(
          fc.record(Object.fromEntries(route.fields.map((f) => [f, nasty])), { requiredKeys: [] }),
          fc.array(
            fc.record({
              name: nasty,
              bytes: fc.uint8Array({ maxLength: 2048 }),
              field: fc.constantFrom('files[]', 'files', 'image', 'profileImage', 'evil'),
            }),
            { maxLength: 3 },
          ),
          async (fields, files) => {
            const form = new FormData();
            for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
            for (const f of files) form.append(f.field, new Blob([f.bytes]), f.name || 'x');
            const res = await server.call(route.method, `/api${route.path}`, { form, token: route.admin ? adminToken : clientToken });
            if (res.status >= 500) throw new Error(`${route.method} ${route.path} → ${res.status}: ${JSON.stringify(res.body)}`);
          },
        ),
        { numRuns: RUNS },
      );
    }
    // Random bytes are never valid plans: no query may have been created by the fuzzing.
    const queries = await server.deps.db.selectFrom('queries').select('id').execute();
    expect(queries).toHaveLength(0);
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  }, 300_000);
});
