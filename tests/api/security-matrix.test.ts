import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signIn, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// Authorisation matrix generated from /api/openapi.json: every operation ×
// {anonymous, unapproved client, client A, client B, admin}. Who may call a
// route is read from its summary ("Public.", "Admin only.", "Client only.", otherwise any
// signed-in user), so a new route is covered the day it is documented.

type Op = {
  method: string;
  path: string;
  summary: string;
  multipart: boolean;
  hasBody: boolean;
  /** A success answers a file (e.g. application/zip), not JSON. */
  binary: boolean;
};
type Caller = 'anonymous' | 'unapproved' | 'clientA' | 'clientB' | 'admin';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

let server: TestServer;
let ops: Op[] = [];
const tokens: Record<Caller, string | null> = { anonymous: null, unapproved: null, clientA: null, clientB: null, admin: null };
const ids: Record<string, string> = {};

function access(op: Op): 'public' | 'admin' | 'client' | 'user' {
  if (/\bPublic\b/.test(op.summary)) return 'public';
  if (/\bAdmin only\b/.test(op.summary)) return 'admin';
  if (/\bClient only\b/.test(op.summary)) return 'client';
  return 'user';
}

/** Owner-scoped routes: another client's id must look like it does not exist. */
function ownerScoped(op: Op): boolean {
  return /^\/(queries\/\{id\}(\/workspace|\/files\.zip)?$|chats\/query\/\{)/.test(op.path);
}

function fillPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (/^\/(queries|chats)/.test(path)) return ids.queryA!;
    if (path.startsWith('/blogs')) return ids.blog ?? 'no-such-blog';
    if (path.startsWith('/services')) return ids.subService ?? 'no-such-service';
    if (path.startsWith('/auth/approve')) return ids.pendingUser!;
    if (path.startsWith('/users')) return ids.clientA!;
    return `no-such-${name}`;
  });
}

async function callAs(op: Op, caller: Caller) {
  const url = `/api${fillPath(op.path)}`;
  if (op.multipart) {
    const form = new FormData();
    form.append('title', 'Matrix probe');
    return server.call(op.method.toUpperCase(), url, { form, token: tokens[caller] });
  }
  return server.call(op.method.toUpperCase(), url, { json: op.hasBody ? {} : undefined, token: tokens[caller] });
}

beforeAll(async () => {
  server = await startTestServer();
  tokens.admin = await signInAdmin(server);
  const a = await createClient(server, tokens.admin, { fullName: 'Alice Builder' });
  const b = await createClient(server, tokens.admin, { fullName: 'Bob Roofer' });
  tokens.clientA = a.token;
  tokens.clientB = b.token;
  ids.clientA = a.id;
  const reg = await server.call('POST', '/api/auth/register', {
    json: { fullName: 'Pending Person', email: 'pending@example.com', password: 'Pending-Passw0rd' },
  });
  tokens.unapproved = reg.body.token;
  ids.pendingUser = (
    await server.deps.db.selectFrom('users').select('id').where('email', '=', 'pending@example.com').executeTakeFirstOrThrow()
  ).id;

  const services = (await server.call('GET', '/api/services')).body as Array<{ _id: string; subservices: Array<{ _id: string }> }>;
  const withSubs = services.find((s) => s.subservices.length)!;
  const form = new FormData();
  form.append('message', 'Concrete takeoff for a two-storey residence in Coral Gables');
  form.append('service', withSubs._id);
  form.append('subService', withSubs.subservices[0]!._id);
  form.append('files[]', new Blob([PDF], { type: 'application/pdf' }), 'S-201.pdf');
  const created = await server.call('POST', '/api/queries', { form, token: a.token });
  expect(created.status).toBe(201);
  ids.queryA = created.body.data._id;

  const sub = new FormData();
  sub.append('title', 'Matrix sub-service');
  sub.append('parentService', withSubs._id);
  const svc = await server.call('POST', '/api/services', { form: sub, token: tokens.admin });
  ids.subService = svc.body?.data?._id ?? svc.body?._id;

  const categories = (await server.call('GET', '/api/categories')).body.data as Array<{ _id: string }>;
  const blog = new FormData();
  blog.append('title', 'Matrix blog post');
  blog.append('body', '<p>Body</p>');
  blog.append('category', categories[0]!._id);
  blog.append('status', 'published');
  const post = await server.call('POST', '/api/blogs', { form: blog, token: tokens.admin });
  ids.blog = post.body?.data?._id;

  const doc = (await server.call('GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, any>> };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      ops.push({
        method,
        path,
        summary: String(op.summary ?? ''),
        multipart: 'multipart/form-data' in content || /multipart/i.test(String(op.description ?? '') + String(op.summary ?? '')),
        hasBody: !!op.requestBody,
        binary: Object.keys(op.responses?.['200']?.content ?? {}).some((type) => type !== 'application/json'),
      });
    }
  }
  // Destructive calls and logout last, so they do not disturb the others.
  const weight = (op: Op) => (op.path === '/auth/logout' ? 2 : op.method === 'delete' ? 1 : 0);
  ops = ops.sort((x, y) => weight(x) - weight(y));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('authorisation matrix over every documented /api route', () => {
  it('documents the whole API surface of docs/product.md §7', () => {
    const documented = new Set(ops.map((o) => `${o.method.toUpperCase()} ${o.path}`));
    for (const route of [
      'POST /auth/login',
      'POST /auth/register',
      'POST /auth/send-otp',
      'POST /auth/login-verify-otp',
      'POST /auth/reset-password',
      'POST /auth/approve/{id}',
      'GET /users',
      'GET /users/profile',
      'PUT /users/profile',
      'GET /users/with-queries',
      'POST /queries',
      'GET /queries/me',
      'GET /queries',
      'GET /queries/{id}',
      'GET /queries/status/answered',
      'GET /queries/status/pending',
      'PATCH /queries/{id}/status',
      'GET /recent-activities',
      'GET /chats/query/{id}/message',
      'GET /services',
      'POST /services',
      'PUT /services/{id}',
      'DELETE /services/{id}',
      'GET /blogs',
      'POST /blogs',
      'PUT /blogs/{id}',
      'DELETE /blogs/{id}',
      'PATCH /blogs/{id}/status',
      'DELETE /blogs/multiple',
      'GET /categories',
      'POST /contact/submit',
    ]) {
      expect(documented, route).toContain(route);
    }
  });

  it('holds the firm desk (staff, assignment, internal notes, saved replies) to admins, and the invitation link to its token', () => {
    const desk = [
      'GET /staff',
      'POST /staff/invitations',
      'POST /staff/{id}/disable',
      'POST /staff/{id}/enable',
      'PUT /queries/{id}/assignee',
      'GET /queries/{id}/notes',
      'POST /queries/{id}/notes',
      'GET /saved-replies',
      'POST /saved-replies',
      'PATCH /saved-replies/{id}',
      'DELETE /saved-replies/{id}',
    ];
    for (const route of desk) {
      const op = ops.find((o) => `${o.method.toUpperCase()} ${o.path}` === route);
      expect(op, route).toBeTruthy();
      // Admin only: every row below then expects 401 (anonymous, unapproved) or 403 (both clients,
      // the request's owner included: a client never reads the notes on their own request).
      expect(access(op!), route).toBe('admin');
    }
    const accept = ops.find((o) => o.path === '/staff/invitations/accept')!;
    expect(access(accept)).toBe('public');
  });

  for (const caller of ['anonymous', 'unapproved', 'clientB', 'clientA', 'admin'] as const) {
    it(`answers ${caller} as designed on every route, never with a 5xx`, async () => {
      const failures: string[] = [];
      for (const op of ops) {
        if (caller !== 'admin' && caller !== 'anonymous' && op.path === '/auth/logout') continue; // keeps the token for later rows
        const res = await callAs(op, caller);
        const kind = access(op);
        const label = `${op.method.toUpperCase()} ${op.path} as ${caller} → ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`;
        if (res.status >= 500) failures.push(`5xx: ${label}`);
        if (typeof res.body !== 'object' || res.body === null || (res.status >= 400 && typeof res.body.message !== 'string')) {
          if (!(res.status < 400 && (op.path === '/openapi.json' || op.binary))) failures.push(`not a JSON {message}: ${label}`);
        }
        const denied = res.status === 401 || res.status === 403;
        if (kind === 'public') {
          if (denied) failures.push(`public route denied: ${label}`);
        } else if (caller === 'anonymous' || caller === 'unapproved') {
          if (res.status !== 401) failures.push(`expected 401: ${label}`);
        } else if ((kind === 'admin' && caller !== 'admin') || (kind === 'client' && caller === 'admin')) {
          if (res.status !== 403) failures.push(`expected 403: ${label}`);
        } else if (caller === 'clientB' && ownerScoped(op)) {
          if (res.status !== 404) failures.push(`expected 404 for another client's record: ${label}`);
        } else if (denied) {
          failures.push(`allowed caller denied: ${label}`);
        }
      }
      expect(failures).toEqual([]);
      expect((await server.call('GET', '/api/health')).status).toBe(200);
    }, 120_000);
  }
});

describe('company members and search', () => {
  it("lets a colleague of client A reach A's request on every owner-scoped read where client B gets 404", async () => {
    const admin = await signInAdmin(server); // the matrix's admin row signed its token out
    const email = `matrix-colleague-${Date.now()}@example.com`;
    expect((await server.call('POST', '/api/companies/me/invites', { json: { email }, token: tokens.clientA })).status).toBe(201);
    const mail = (await server.outbox()).filter((m) => m.to.includes(email)).at(-1)!;
    const invite = decodeURIComponent(/#invite=([A-Za-z0-9%_-]+)/.exec(mail.text)![1]!);
    const password = 'Colleague-Passw0rd';
    expect(
      (await server.call('POST', '/api/auth/register', { json: { fullName: 'Matrix Colleague', email, password, invite } })).status,
    ).toBe(201);
    const row = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect((await server.call('POST', `/api/auth/approve/${row.id}`, { token: admin })).status).toBe(200);
    const colleague = await signIn(server, email, password);

    const reads = ops.filter((op) => op.method === 'get' && ownerScoped(op));
    expect(reads.length).toBeGreaterThan(2);
    const failures: string[] = [];
    for (const op of reads) {
      const url = `/api${fillPath(op.path)}`;
      const mine = await server.call('GET', url, { token: colleague });
      const theirs = await server.call('GET', url, { token: tokens.clientB });
      if (mine.status !== 200) failures.push(`colleague ${mine.status}: GET ${op.path}`);
      if (theirs.status !== 404) failures.push(`client B ${theirs.status}: GET ${op.path}`);
    }
    expect(failures).toEqual([]);

    const found = async (token: string | null) =>
      ((await server.call('GET', '/api/search?q=Coral%20Gables', { token })).body.data as Array<{ _id: string }>).map((r) => r._id);
    expect(await found(colleague)).toEqual([ids.queryA]);
    expect(await found(admin)).toContain(ids.queryA);
    expect(await found(tokens.clientB)).toEqual([]);
  }, 60_000);
});
