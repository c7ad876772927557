import net from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheTag } from '../../portal-api/src/lib/read-cache.ts';
import { signInAdmin, startTestServer, type TestServer } from './harness.ts';

// Anonymous reads of the cached public lists are replayed before Hono
// (portal-api/src/http/replay.ts). A replayed answer is byte for byte the answer
// the normal path gives (only Date and a new request id differ), every write shows
// in the next read, and whoever may see more (a token) or asks something else
// (another query string) still goes the normal way.

let server: TestServer;
let admin: string;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  // Every line the server logs, to compare the request lines of both paths.
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  server = await startTestServer({}, { log: pino({ level: 'debug' }, sink) });
  admin = await signInAdmin(server);
  const category = (await server.call('GET', '/api/categories')).body.data[0]._id as string;
  // Non-ASCII text: the replayed body is the UTF-8 bytes, not a re-encoding of them.
  for (const title of ['Café façades — “quoted” 🏗️', 'Second post'])
    expect((await server.call('POST', '/api/blogs', { form: blogForm(title, category), token: admin })).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
});

function blogForm(title: string, category: string, status = 'published') {
  const f = new FormData();
  for (const [k, v] of Object.entries({ title, subTitle: 'Sub', body: '<p>Body text.</p>', category, tags: 'replay', status }))
    f.append(k, v);
  return f;
}

/** The whole answer as it came over the socket (Connection: close), bytes as latin1. */
function raw(method: string, target: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', reject);
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    const head = [
      `${method} ${target} HTTP/1.1`,
      `Host: 127.0.0.1:${server.port}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${head.join('\r\n')}\r\nConnection: close\r\n\r\n`);
  });
}
/** The answer with its Date value blanked (the one per-second value besides the request id). */
const sameDay = (answer: string) => answer.replace(/\r\nDate: [^\r]+\r\n/, '\r\nDate: -\r\n');
const header = (answer: string, name: string) => new RegExp(`\\r\\n${name}: ([^\\r]*)\\r\\n`, 'i').exec(answer)?.[1];
const status = (answer: string) => Number(answer.slice(9, 12));

/** Calls `fn` and says whether the answer was replayed (true) or went the normal way (false). */
async function replayed<T>(fn: () => Promise<T>): Promise<[T, boolean]> {
  const before = server.replay.served;
  const value = await fn();
  const after = server.replay.served;
  expect(after - before).toBeLessThanOrEqual(1);
  return [value, after > before];
}
/** Forgets the cached list, so that the next read goes the normal way (the same answer: nothing changed). */
const forget = (tag: CacheTag) => server.deps.cache.drop([tag]);

const ROUTES: Array<[CacheTag, string]> = [
  ['services', '/api/services'],
  ['blogs', '/api/blogs?status=published'],
  ['blogs', '/api/blogs'],
  ['blogs', '/api/blogs?status=published&pageSize=1&page=2'],
  ['categories', '/api/categories'],
];

describe('replayed public reads', () => {
  it.each(ROUTES)('%s: %s is replayed with the exact bytes and headers of the normal answer', async (tag, target) => {
    forget(tag);
    const id = { 'X-Request-Id': 'replay-test_1=' };
    const [normal, first] = await replayed(() => raw('GET', target, id));
    const [again, second] = await replayed(() => raw('GET', target, id));
    expect([first, second]).toEqual([false, true]);
    expect(status(normal)).toBe(200);
    expect(sameDay(again)).toBe(sameDay(normal));
    expect(header(again, 'x-request-id')).toBe('replay-test_1=');
    expect(header(again, 'content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(header(again, 'x-frame-options')).toBe('DENY');
    const body = again.slice(again.indexOf('\r\n\r\n') + 4);
    expect(Number(header(again, 'content-length'))).toBe(body.length);
    expect(JSON.parse(Buffer.from(body, 'latin1').toString('utf8'))).toBeTruthy();
  });

  it('keeps the UTF-8 bytes of a non-ASCII body as they are', async () => {
    forget('blogs');
    await raw('GET', '/api/blogs');
    const [answer, wasReplayed] = await replayed(() => raw('GET', '/api/blogs'));
    expect(wasReplayed).toBe(true);
    const body = Buffer.from(answer.slice(answer.indexOf('\r\n\r\n') + 4), 'latin1').toString('utf8');
    expect(JSON.parse(body).data.map((b: { title: string }) => b.title)).toContain('Café façades — “quoted” 🏗️');
  });

  it('gives each call its own request id, and keeps a valid one the caller sent (hono/request-id)', async () => {
    forget('services');
    const bad = { 'X-Request-Id': 'not valid!' };
    const [normal] = await replayed(() => raw('GET', '/api/services', bad));
    const [one, wasReplayed] = await replayed(() => raw('GET', '/api/services', bad));
    const two = await raw('GET', '/api/services');
    expect(wasReplayed).toBe(true);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const answer of [normal, one, two]) expect(header(answer, 'x-request-id')).toMatch(uuid);
    expect(new Set([normal, one, two].map((a) => header(a, 'x-request-id'))).size).toBe(3);
    const strip = (a: string) => sameDay(a).replace(/x-request-id: [^\r]+/, 'x-request-id: -');
    expect(strip(one)).toBe(strip(normal));
    expect(strip(two)).toBe(strip(normal));
  });

  it('answers HEAD with the headers of GET and no body, as the normal path does', async () => {
    for (const [tag, target] of ROUTES) {
      forget(tag);
      const [normalHead, first] = await replayed(() => raw('HEAD', target, { 'X-Request-Id': 'head' }));
      await raw('GET', target); // the normal GET, recorded
      const [head, second] = await replayed(() => raw('HEAD', target, { 'X-Request-Id': 'head' }));
      expect([first, second]).toEqual([false, true]);
      expect(sameDay(head)).toBe(sameDay(normalHead));
      expect(head.endsWith('\r\n\r\n')).toBe(true);
      expect(header(head, 'content-length')).toBeUndefined();
    }
  });

  it('answers If-None-Match with the ETag by the same 304, GET and HEAD', async () => {
    forget('services');
    const etag = header(await raw('GET', '/api/services'), 'etag')!;
    const conditional = { 'If-None-Match': etag, 'X-Request-Id': 'cond' };
    const [normal, first] = await replayed(() => raw('GET', '/api/services', conditional));
    const [again, second] = await replayed(() => raw('GET', '/api/services', conditional));
    expect([first, second]).toEqual([false, true]);
    expect(status(again)).toBe(304);
    expect(sameDay(again)).toBe(sameDay(normal));
    expect(again.endsWith('\r\n\r\n')).toBe(true);
    const [head, headReplayed] = await replayed(() => raw('HEAD', '/api/services', conditional));
    expect(headReplayed).toBe(true);
    expect(sameDay(head)).toBe(sameDay(normal));
    // Any other tag gets the list.
    const [stale, staleReplayed] = await replayed(() =>
      raw('GET', '/api/services', { 'If-None-Match': 'W/"old"', 'X-Request-Id': 'cond' }),
    );
    expect([status(stale), staleReplayed]).toEqual([200, true]);
    // Lists without an ETag never answer 304, whatever the caller sends.
    await raw('GET', '/api/categories');
    const [cats, catsReplayed] = await replayed(() => raw('GET', '/api/categories', { 'If-None-Match': etag }));
    expect([status(cats), catsReplayed]).toEqual([200, true]);
  });

  it('sets HSTS over HTTPS exactly as the normal path does', async () => {
    forget('services');
    const https = { 'X-Forwarded-Proto': 'https', 'X-Request-Id': 'tls' };
    const [normal, first] = await replayed(() => raw('GET', '/api/services', https));
    const [again, second] = await replayed(() => raw('GET', '/api/services', https));
    expect([first, second]).toEqual([false, true]);
    expect(sameDay(again)).toBe(sameDay(normal));
    expect(header(again, 'strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // Plain HTTP is its own answer, without HSTS.
    const [plain] = await replayed(() => raw('GET', '/api/services'));
    const [plainAgain, plainReplayed] = await replayed(() => raw('GET', '/api/services'));
    expect(plainReplayed).toBe(true);
    for (const answer of [plain, plainAgain]) expect(header(answer, 'strict-transport-security')).toBeUndefined();
  });

  it('writes the request line of a replayed read at debug, with the fields of the normal one', async () => {
    forget('categories');
    await raw('GET', '/api/categories', { 'X-Request-Id': 'line-1' });
    const [, wasReplayed] = await replayed(() => raw('GET', '/api/categories', { 'X-Request-Id': 'line-2' }));
    expect(wasReplayed).toBe(true);
    const line = (reqId: string) => {
      const found = lines.filter((l) => l.reqId === reqId && l.msg === 'request');
      expect(found).toHaveLength(1);
      const { time: _time, ms, reqId: _reqId, ...rest } = found[0]!;
      expect(typeof ms).toBe('number');
      return rest;
    };
    expect(line('line-1')).toMatchObject({ level: 30, method: 'GET', path: '/api/categories', status: 200 });
    expect(line('line-2')).toEqual({ ...line('line-1'), level: 20 });
  });
});

describe('what is not replayed', () => {
  it('an admin with a token gets drafts too from /api/blogs, the normal way', async () => {
    const category = (await server.call('GET', '/api/categories')).body.data[0]._id as string;
    expect((await server.call('POST', '/api/blogs', { form: blogForm('Hidden draft', category, 'draft'), token: admin })).status).toBe(201);
    await server.call('GET', '/api/blogs');
    const [anon, anonReplayed] = await replayed(() => server.call('GET', '/api/blogs'));
    expect(anonReplayed).toBe(true);
    expect(anon.body.data.map((b: { title: string }) => b.title)).not.toContain('Hidden draft');
    const [asAdmin, adminReplayed] = await replayed(() => server.call('GET', '/api/blogs', { token: admin }));
    expect(adminReplayed).toBe(false);
    expect(asAdmin.body.data.map((b: { title: string }) => b.title)).toContain('Hidden draft');
    // Any token at all: a stale one on a public read is anonymous, but it is checked the normal way.
    const [stale, staleReplayed] = await replayed(() => server.call('GET', '/api/services', { token: 'not-a-session' }));
    expect([stale.status, staleReplayed]).toEqual([200, false]);
  });

  it('other query strings are other reads: drafts stay refused, another page is its own answer', async () => {
    for (let i = 0; i < 2; i++) {
      const [drafts, wasReplayed] = await replayed(() => server.call('GET', '/api/blogs?status=draft'));
      expect([drafts.status, wasReplayed]).toEqual([401, false]);
      const [bad, badReplayed] = await replayed(() => server.call('GET', '/api/blogs?page=zero'));
      expect([bad.status, badReplayed]).toEqual([400, false]);
    }
    await server.call('GET', '/api/blogs?status=published&pageSize=1');
    const [one, oneReplayed] = await replayed(() => server.call('GET', '/api/blogs?status=published&pageSize=1'));
    const [all] = await replayed(() => server.call('GET', '/api/blogs?status=published'));
    expect(oneReplayed).toBe(true);
    expect(one.body.data).toHaveLength(1);
    expect(all.body.data.length).toBeGreaterThan(1);
  });

  it('other methods and unknown paths go the normal way', async () => {
    await server.call('GET', '/api/services');
    const [post, postReplayed] = await replayed(() => server.call('POST', '/api/services'));
    expect([post.status, postReplayed]).toEqual([401, false]);
    const [options, optionsReplayed] = await replayed(() => raw('OPTIONS', '/api/services'));
    expect(optionsReplayed).toBe(false);
    expect(status(options)).not.toBe(200);
  });
});

describe('a write shows in the next read', () => {
  const titles = async () => ((await server.call('GET', '/api/services')).body as { title: string }[]).map((s) => s.title);
  const blogTitles = async () =>
    ((await server.call('GET', '/api/blogs?status=published')).body.data as { title: string }[]).map((b) => b.title);
  const names = async () => ((await server.call('GET', '/api/categories')).body.data as { name: string }[]).map((c) => c.name);
  /** Reads twice so the second is replayed, then checks what it showed. */
  async function warm(read: () => Promise<string[]>): Promise<string[]> {
    await read();
    const [shown, wasReplayed] = await replayed(read);
    expect(wasReplayed).toBe(true);
    return shown;
  }

  it('a service added, renamed and deleted by the admin', async () => {
    expect(await warm(titles)).not.toContain('Replay Service');
    const form = new FormData();
    form.append('title', 'Replay Service');
    const created = await server.call('POST', '/api/services', { form, token: admin });
    expect(created.status).toBe(201);
    expect(await titles()).toContain('Replay Service');
    expect(await warm(titles)).toContain('Replay Service');
    const id = created.body.data._id as string;
    expect((await server.call('PUT', `/api/services/${id}`, { json: { title: 'Replay Service Renamed' }, token: admin })).status).toBe(200);
    expect(await titles()).toContain('Replay Service Renamed');
    expect(await warm(titles)).toContain('Replay Service Renamed');
    expect((await server.call('DELETE', `/api/services/${id}`, { token: admin })).status).toBe(200);
    expect(await titles()).not.toContain('Replay Service Renamed');
  });

  it('a draft published, and a new category', async () => {
    const category = (await server.call('GET', '/api/categories')).body.data[0]._id as string;
    const draft = await server.call('POST', '/api/blogs', { form: blogForm('Replay draft', category, 'draft'), token: admin });
    expect(await warm(blogTitles)).not.toContain('Replay draft');
    expect(
      (await server.call('PATCH', `/api/blogs/${draft.body.data._id}/status`, { json: { status: 'published' }, token: admin })).status,
    ).toBe(200);
    expect(await blogTitles()).toContain('Replay draft');
    expect(await warm(blogTitles)).toContain('Replay draft');

    expect(await warm(names)).not.toContain('Replay Category');
    expect((await server.call('POST', '/api/categories', { json: { name: 'Replay Category' }, token: admin })).status).toBe(201);
    expect(await names()).toContain('Replay Category');
  });

  it('a 304 turns into the new list after a write', async () => {
    const etag = (await server.call('GET', '/api/services')).headers.get('etag')!;
    await server.call('GET', '/api/services', { headers: { 'if-none-match': etag } });
    const [same, wasReplayed] = await replayed(() => server.call('GET', '/api/services', { headers: { 'if-none-match': etag } }));
    expect([same.status, wasReplayed]).toEqual([304, true]);
    const form = new FormData();
    form.append('title', 'Replay After 304');
    expect((await server.call('POST', '/api/services', { form, token: admin })).status).toBe(201);
    const after = await server.call('GET', '/api/services', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.map((s: { title: string }) => s.title)).toContain('Replay After 304');
  });

  it('nothing is replayed while the cache cannot hear other instances (PostgreSQL listener down)', async () => {
    await server.call('GET', '/api/categories');
    expect((await replayed(() => server.call('GET', '/api/categories')))[1]).toBe(true);
    server.deps.cache.setListening(false);
    try {
      for (let i = 0; i < 2; i++) expect((await replayed(() => server.call('GET', '/api/categories')))[1]).toBe(false);
    } finally {
      server.deps.cache.setListening(true);
    }
  });
});
