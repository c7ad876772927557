import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS, pruneIdempotencyKeys } from '../../portal-api/src/modules/idempotency/idempotency.repo.ts';
import { IDEMPOTENCY_TEXTS } from '../../portal-api/src/modules/idempotency/idempotency.labels.ts';
import { startUploadExpiry } from '../../portal-api/src/modules/uploads/upload-expiry.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { submitQuery } from './submit-query.ts';
import { uploadWhole } from './tus-client.ts';
import { until } from './until.ts';

// Idempotency-Key (draft-ietf-httpapi-idempotency-key-header) on the create calls, on
// SQLite and (with TEST_DATABASE_URL) PostgreSQL: an answer lost on the way back and a
// retry with the same key gives the first answer again, never a second request, quote,
// addendum or post.

let server: TestServer;
let admin: string;
let ana: Awaited<ReturnType<typeof createClient>>;
let bob: Awaited<ReturnType<typeof createClient>>;
let serviceId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  ana = await createClient(server, admin, { fullName: 'Ana Builder' });
  bob = await createClient(server, admin, { fullName: 'Bob Other' });
  const services = (await server.call('GET', '/api/services')).body as Array<{ _id: string; title: string }>;
  serviceId = services.find((s) => s.title === 'Manufacturers')!._id;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let keys = 0;
const newKey = () => `${crypto.randomUUID()}-${++keys}`;
const withKey = (key: string) => ({ 'idempotency-key': key });

function requestForm(message: string) {
  const fd = new FormData();
  fd.append('message', message);
  fd.append('service', serviceId);
  fd.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'plan.pdf');
  return fd;
}
const mine = async (token: string, message: string) =>
  ((await server.call('GET', '/api/queries/me', { token })).body.data as Array<{ _id: string; message: string }>).filter(
    (q) => q.message === message,
  );
const newRequestMails = async (message: string) => (await server.outbox()).filter((m) => m.text.includes(message));

describe('POST /queries with an Idempotency-Key', () => {
  it('answers a repeat (multipart) with the first answer, marked replayed, and makes one request and one mail', async () => {
    const key = newKey();
    const first = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('Multipart once'),
      headers: withKey(key),
    });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('Multipart once'),
      headers: withKey(key),
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(await mine(ana.token, 'Multipart once')).toHaveLength(1);
    expect(await newRequestMails('Multipart once')).toHaveLength(1);
  });

  it('answers a repeat of a request made from resumable uploads with its 201, not "Some uploads were not found"', async () => {
    const uploadId = await uploadWhole(server.url, ana.token, 'tower.pdf', PDF);
    const key = newKey();
    const json = { message: 'From uploads once', service: serviceId, uploadIds: [uploadId] };
    const first = await server.call('POST', '/api/queries', { token: ana.token, json, headers: withKey(key) });
    expect(first.status).toBe(201);
    const again = await server.call('POST', '/api/queries', { token: ana.token, json, headers: withKey(key) });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(again.body.data._id).toBe(first.body.data._id);
    expect(await mine(ana.token, 'From uploads once')).toHaveLength(1);
  });

  it('runs a call without the header every time, as before', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await server.call('POST', '/api/queries', { token: ana.token, form: requestForm('No key') });
      expect(res.status).toBe(201);
    }
    expect(await mine(ana.token, 'No key')).toHaveLength(2);
  });

  it('keeps nothing of a failed first call: the retry with the same key runs', async () => {
    const key = newKey();
    const refused = new FormData();
    refused.append('message', 'Fixed then sent');
    refused.append('service', serviceId);
    const first = await server.call('POST', '/api/queries', { token: ana.token, form: refused, headers: withKey(key) });
    expect(first.status).toBe(400);
    const second = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('Fixed then sent'),
      headers: withKey(key),
    });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(await mine(ana.token, 'Fixed then sent')).toHaveLength(1);
  });

  it("scopes a key to its user: another client's call with the same key runs", async () => {
    const key = newKey();
    const a = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('Same key, two people'),
      headers: withKey(key),
    });
    const b = await server.call('POST', '/api/queries', {
      token: bob.token,
      form: requestForm('Same key, two people'),
      headers: withKey(key),
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.data._id).not.toBe(a.body.data._id);
  });

  it('refuses a key that is empty, longer than 255 or not printable ASCII with 400 and a sentence, and runs nothing', async () => {
    for (const key of ['', 'k'.repeat(256), 'clé-1', 'tab\there']) {
      const res = await server.call('POST', '/api/queries', { token: ana.token, form: requestForm('Bad key'), headers: withKey(key) });
      expect([res.status, res.body.message], JSON.stringify(key)).toEqual([400, IDEMPOTENCY_TEXTS.invalid]);
    }
    const longest = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('Longest key'),
      headers: withKey('k'.repeat(255)),
    });
    expect(longest.status).toBe(201);
    expect(await mine(ana.token, 'Bad key')).toHaveLength(0);
  });

  it('answers 422 with a sentence to the same key on another path', async () => {
    const key = newKey();
    const id = await submitQuery(server, ana.token, 'Key reused elsewhere');
    const first = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('Key reused first'),
      headers: withKey(key),
    });
    expect(first.status).toBe(201);
    const addendum = new FormData();
    addendum.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'add.pdf');
    const other = await server.call('POST', `/api/queries/${id}/addenda`, { token: ana.token, form: addendum, headers: withKey(key) });
    expect([other.status, other.body.message]).toEqual([422, IDEMPOTENCY_TEXTS.otherRequest]);
    const sets = (await server.call('GET', `/api/queries/${id}`, { token: ana.token })).body.data.fileSets as unknown[];
    expect(sets).toHaveLength(1);
  });

  it('answers 409 to a repeat while the first call still runs, then the first answer once it is done', async () => {
    const key = newKey();
    // The first call's body arrives slowly: it holds the key while its file streams in.
    const boundary = 'idem-boundary';
    const head =
      `--${boundary}\r\ncontent-disposition: form-data; name="message"\r\n\r\nSlow first call\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="service"\r\n\r\n${serviceId}\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="files[]"; filename="plan.pdf"\r\ncontent-type: application/pdf\r\n\r\n`;
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(head));
        controller.enqueue(new Uint8Array(PDF));
        await new Promise<void>((resolve) => (finish = resolve));
        controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
        controller.close();
      },
    });
    const slow = fetch(`${server.url}/api/queries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ana.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, ...withKey(key) },
      body,
      duplex: 'half',
    } as RequestInit);
    // Wait until the first call holds the key.
    await until('the first call to hold the key', () =>
      server.deps.db.selectFrom('idempotency_keys').select('state').where('key', '=', key).executeTakeFirst(),
    );
    const during = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('Slow first call'),
      headers: withKey(key),
    });
    expect([during.status, during.body.message, during.body.code]).toEqual([409, IDEMPOTENCY_TEXTS.running, 'idempotency_in_progress']);
    finish();
    const first = await slow;
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const after = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('Slow first call'),
      headers: withKey(key),
    });
    expect([after.status, after.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(after.body).toEqual(firstBody);
    expect(await mine(ana.token, 'Slow first call')).toHaveLength(1);
  });
});

describe('the other create calls with an Idempotency-Key', () => {
  it('sends one quote for a retried POST /queries/{id}/quotes: the first is not withdrawn, history says Quote sent once', async () => {
    const id = await submitQuery(server, ana.token, 'Quote retried');
    const key = newKey();
    const send = () => server.call('POST', `/api/queries/${id}/quotes`, { token: admin, json: { price: '1250' }, headers: withKey(key) });
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(again.body).toEqual(first.body);
    const data = (await server.call('GET', `/api/queries/${id}/workspace`, { token: admin })).body.data;
    expect((data.query.quotes as Array<{ state: string }>).map((q) => q.state)).toEqual(['sent']);
    expect((data.history as Array<{ activity: string }>).filter((h) => h.activity.startsWith('Quote sent'))).toHaveLength(1);
  });

  it('answers 422 to the same key with another JSON body, and keeps the first quote alone', async () => {
    const id = await submitQuery(server, ana.token, 'Quote key reused');
    const key = newKey();
    const quote = (price: string) =>
      server.call('POST', `/api/queries/${id}/quotes`, { token: admin, json: { price }, headers: withKey(key) });
    expect((await quote('700')).status).toBe(201);
    const other = await quote('7000');
    expect([other.status, other.body.code, other.body.message]).toEqual([422, 'idempotency_mismatch', IDEMPOTENCY_TEXTS.otherRequest]);
    // The same body again still replays the first answer.
    expect((await quote('700')).headers.get('idempotent-replayed')).toBe('true');
    const data = (await server.call('GET', `/api/queries/${id}/workspace`, { token: admin })).body.data;
    expect((data.query.quotes as Array<{ state: string; price: unknown }>).map((q) => q.state)).toEqual(['sent']);
  });

  it('makes one addendum for a retried POST /queries/{id}/addenda', async () => {
    const id = await submitQuery(server, ana.token, 'Addendum retried');
    const key = newKey();
    const send = () => {
      const fd = new FormData();
      fd.append('note', 'Revised slab');
      fd.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'rev.pdf');
      return server.call('POST', `/api/queries/${id}/addenda`, { token: ana.token, form: fd, headers: withKey(key) });
    };
    expect((await send()).status).toBe(201);
    const again = await send();
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    const sets = (await server.call('GET', `/api/queries/${id}`, { token: ana.token })).body.data.fileSets as Array<{ label: string }>;
    expect(sets.map((s) => s.label)).toEqual(['Original', 'Addendum 1']);
  });

  it('makes one post for a retried POST /blogs', async () => {
    const categories = (await server.call('GET', '/api/categories', { token: admin })).body.data as Array<{ _id: string }>;
    const key = newKey();
    const send = () => {
      const fd = new FormData();
      fd.append('title', 'Retried post');
      fd.append('body', '<p>Once only</p>');
      fd.append('category', categories[0]!._id);
      fd.append('status', 'draft');
      return server.call('POST', '/api/blogs', { token: admin, form: fd, headers: withKey(key) });
    };
    const first = await send();
    expect(first.status).toBe(201);
    const again = await send();
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(again.body.data._id).toBe(first.body.data._id);
    const drafts = (await server.call('GET', '/api/blogs?status=draft&pageSize=100', { token: admin })).body.data as Array<{
      title: string;
    }>;
    expect(drafts.filter((b) => b.title === 'Retried post')).toHaveLength(1);
  });

  it('runs one of several simultaneous calls with one key; the others answer 409 or the replayed answer', async () => {
    const id = await submitQuery(server, ana.token, 'Quote clicked five times');
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        server.call('POST', `/api/queries/${id}/quotes`, { token: admin, json: { price: '900' }, headers: withKey(key) }),
      ),
    );
    const ran = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
    expect(ran).toHaveLength(1);
    for (const a of answers) if (a !== ran[0]) expect([409, 201]).toContain(a.status);
    const quotes = (await server.call('GET', `/api/queries/${id}`, { token: admin })).body.data.quotes as unknown[];
    expect(quotes).toHaveLength(1);
  });
});

describe('keys after a crash and after their 24 hours', () => {
  const row = (key: string, fields: { state: 'running' | 'done'; lockedUntil: string | null; expiresAt: string }) =>
    server.deps.db
      .insertInto('idempotency_keys')
      .values({
        user_id: ana.id,
        key,
        method: 'POST',
        path: '/api/queries',
        state: fields.state,
        claim: 'dead-process',
        locked_until: fields.lockedUntil,
        status: fields.state === 'done' ? 201 : null,
        body: fields.state === 'done' ? '{"message":"old answer"}' : null,
        created_at: new Date().toISOString(),
        expires_at: fields.expiresAt,
      })
      .execute();
  const later = (ms: number) => new Date(Date.now() + ms).toISOString();

  it('answers 409 while a dead call still holds its lease, and runs the retry once the lease has lapsed', async () => {
    const held = newKey();
    await row(held, { state: 'running', lockedUntil: later(LEASE_MS), expiresAt: later(86_400_000) });
    const blocked = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('After a crash'),
      headers: withKey(held),
    });
    expect(blocked.status).toBe(409);

    const lapsed = newKey();
    await row(lapsed, { state: 'running', lockedUntil: later(-1000), expiresAt: later(86_400_000) });
    const retried = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('After a crash'),
      headers: withKey(lapsed),
    });
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, null]);
    const again = await server.call('POST', '/api/queries', {
      token: ana.token,
      form: requestForm('After a crash'),
      headers: withKey(lapsed),
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await mine(ana.token, 'After a crash')).toHaveLength(1);
  });

  it('forgets an answer past its 24 hours: the periodic sweep deletes it, and a late repeat runs again', async () => {
    const old = newKey();
    await row(old, { state: 'done', lockedUntil: null, expiresAt: later(-1000) });
    const kept = newKey();
    await row(kept, { state: 'done', lockedUntil: null, expiresAt: later(60_000) });
    const late = await server.call('POST', '/api/queries', { token: ana.token, form: requestForm('Late repeat'), headers: withKey(old) });
    expect([late.status, late.headers.get('idempotent-replayed')]).toEqual([201, null]);

    await server.deps.db
      .updateTable('idempotency_keys')
      .set({ expires_at: later(-1000) })
      .where('key', '=', old)
      .execute();
    // The upload expiry's sweep (every 15 minutes, and once as it starts) takes the keys too.
    const stop = startUploadExpiry(server.deps.db, server.deps.storage, pino({ level: 'silent' }));
    const left = async () =>
      (await server.deps.db.selectFrom('idempotency_keys').select('key').where('key', 'in', [old, kept]).execute()).map((r) => r.key);
    try {
      await until('the expired key taken', async () => (await left()).length <= 1);
    } finally {
      stop();
    }
    expect(await left()).toEqual([kept]);
    expect(await pruneIdempotencyKeys(server.deps.db)).toBe(0);
  });
});

it('documents the header and its answers on the four create operations', async () => {
  const doc = (await server.call('GET', '/api/openapi.json')).body;
  for (const [path, method] of [
    ['/queries', 'post'],
    ['/queries/{id}/quotes', 'post'],
    ['/queries/{id}/addenda', 'post'],
    ['/blogs', 'post'],
  ] as const) {
    const op = doc.paths[path][method];
    expect(
      op.parameters.map((p: { in: string; name: string }) => `${p.in} ${p.name}`),
      path,
    ).toContain('header Idempotency-Key');
    expect(Object.keys(op.responses), path).toEqual(expect.arrayContaining(['409', '422']));
  }
});
