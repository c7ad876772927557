import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

const COMPANY = 'desk@miami-estimating.test';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Catalogue = Array<{ _id: string; title: string; subservices: Array<{ _id: string; title: string }> }>;

let server: TestServer;
let admin: string;
let clientA: Awaited<ReturnType<typeof createClient>>;
let clientB: Awaited<ReturnType<typeof createClient>>;
let services: Catalogue;
let sub: { id: string; subId: string; title: string; subTitle: string };
let other: { id: string; subId: string };
let noSubs: string;

beforeAll(async () => {
  server = await startTestServer({ COMPANY_EMAIL: COMPANY });
  admin = await signInAdmin(server);
  clientA = await createClient(server, admin, { fullName: 'Ana Builder' });
  clientB = await createClient(server, admin, { fullName: 'Bob Other' });
  services = (await server.call<Catalogue>('GET', '/api/services')).body;
  const sc = services.find((s) => s.title === 'Sub-Contractor')!;
  const demo = sc.subservices.find((s) => s.title === 'Demolititon')!;
  sub = { id: sc._id, subId: demo._id, title: sc.title, subTitle: demo.title };
  const gc = services.find((s) => s.title === 'General Contractor')!;
  other = { id: gc._id, subId: gc.subservices[0]!._id };
  noSubs = services.find((s) => s.title === 'Manufacturers')!._id;
});
afterAll(async () => {
  await server?.stop();
});

function form(fields: Record<string, string>, files: Array<[string, Buffer, string?]> = [['plans.pdf', PDF]]): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [name, data, type] of files)
    fd.append('files[]', new Blob([new Uint8Array(data)], { type: type ?? 'application/octet-stream' }), name);
  return fd;
}
const valid = () => ({ message: 'Takeoff for a 3-story office in Doral', service: sub.id, subService: sub.subId });
const submit = (fd: FormData, token: string | null = clientA.token) => server.call('POST', '/api/queries', { form: fd, token });

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(d: string) {
    for (const entry of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) await walk(p);
      else out.push(p);
    }
  }
  await walk(dir);
  return out;
}
async function snapshot(s: TestServer = server) {
  const count = async (table: 'queries' | 'query_files' | 'activities') =>
    Number(
      (
        await s.deps.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    queries: await count('queries'),
    files: await count('query_files'),
    activities: await count('activities'),
    stored: (await filesUnder(path.join(s.dataDir, 'uploads', 'private'))).length,
    temp: (await filesUnder(path.join(s.dataDir, 'uploads', 'tmp'))).length,
  };
}

describe('POST /api/queries', () => {
  it('stores a request with several files, answers the Query and e-mails the company', async () => {
    const res = await submit(
      form({ ...valid(), bidDueDate: '2026-12-15' }, [
        ['Sheet A-101.pdf', PDF],
        ['site photo.png', PNG],
      ]),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Query submitted successfully!');
    const q = res.body.data;
    expect(q).toMatchObject({
      message: 'Takeoff for a 3-story office in Doral',
      service: { _id: sub.id, title: 'Sub-Contractor' },
      subservice: { _id: sub.subId, title: 'Demolititon' },
      status: 'pending',
      bidDueDate: '2026-12-15',
      subject: null,
      deliverables: [],
      user: { _id: clientA.id, fullName: 'Ana Builder', email: clientA.email },
    });
    expect(q.files.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([
      ['Sheet A-101.pdf', 'application/pdf'],
      ['site photo.png', 'image/png'],
    ]);
    // The signed link serves the very bytes that were sent.
    const download = await fetch(`${server.url}${q.files[0].url}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);

    const mail = (await server.outbox()).filter((m) => m.to.includes(COMPANY) && m.subject.startsWith('New request'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Ana Builder');
    expect(mail[0]!.text).toContain('Takeoff for a 3-story office in Doral');
    expect(mail[0]!.text).toContain('Sheet A-101.pdf');
  });

  it('accepts a service without sub-services and the plain "files" field', async () => {
    const fd = new FormData();
    fd.append('message', 'Product catalogue pricing');
    fd.append('service', noSubs);
    fd.append('files', new Blob([PDF]), 'catalogue.pdf');
    const res = await submit(fd);
    expect(res.status).toBe(201);
    expect(res.body.data.subservice).toBeNull();
  });

  it.each([
    ['no message', { message: '' }],
    ['a blank message', { message: '   ' }],
    ['no service', { service: '' }],
    ['no sub-service for a service that has some', { subService: '' }],
  ])('refuses %s with the docs/product.md §5 sentence', async (_label, patch) => {
    const before = await snapshot();
    const res = await submit(form({ ...valid(), ...patch }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Please fill in all required fields.', code: 'invalid_input' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a request without a file with the docs/product.md §5 sentence', async () => {
    const res = await submit(form(valid(), []));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Please fill in all required fields.', code: 'invalid_input' });
  });

  // Symbolic values resolved against the seeded catalogue inside the test.
  it.each([
    ['an unknown service', { service: 'nope' }, 'Please choose a service from the list.'],
    ['a sub-service given as the service', { service: '<demolition>' }, 'Please choose a service from the list.'],
    ['a sub-service of another service', { subService: '<gc-sub>' }, 'Please choose a sub-service of the selected service.'],
    ['a sub-service for a service without any', { service: '<manufacturers>' }, 'This service has no sub-services.'],
    ['a malformed bid due date', { bidDueDate: '15/12/2026' }, 'Please enter the bid due date as YYYY-MM-DD.'],
    ['an impossible bid due date', { bidDueDate: '2026-02-30' }, 'Please enter the bid due date as YYYY-MM-DD.'],
  ])('refuses %s with 400 and a sentence', async (_label, patch, message) => {
    const symbols: Record<string, string> = { '<demolition>': sub.subId, '<gc-sub>': other.subId, '<manufacturers>': noSubs };
    const fields: Record<string, string> = { ...valid(), ...patch };
    for (const [k, v] of Object.entries(fields)) fields[k] = symbols[v] ?? v;
    const before = await snapshot();
    const res = await submit(form(fields));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'invalid_input' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses more than 20 files and keeps nothing', async () => {
    const before = await snapshot();
    const files = Array.from({ length: 21 }, (_, i) => [`sheet-${i}.pdf`, PDF] as [string, Buffer]);
    const res = await submit(form(valid(), files));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/At most 20/);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a .pdf that is really text with 415 (sniffed), even after a good file, and keeps nothing', async () => {
    const before = await snapshot();
    const res = await submit(
      form(valid(), [
        ['good.pdf', PDF],
        ['fake.pdf', Buffer.from('just some text, not a PDF\n'.repeat(20))],
      ]),
    );
    expect(res.status).toBe(415);
    expect(res.body.message).toContain('fake.pdf');
    expect(await snapshot()).toEqual(before);
  });

  it('stores a hostile file name as a harmless display name under a generated key', async () => {
    const res = await submit(
      form(valid(), [
        ['../../etc/passwd.pdf', PDF],
        ['<script>x</script>.png', PNG],
      ]),
    );
    expect(res.status).toBe(201);
    const names = res.body.data.files.map((f: { name: string }) => f.name);
    expect(names[0]).toBe('passwd.pdf');
    expect(names[1]).not.toMatch(/[<>/]/);
    const rows = await server.deps.db.selectFrom('query_files').select(['storage_key']).where('query_id', '=', res.body.data._id).execute();
    for (const row of rows) expect(row.storage_key).toMatch(/^private\/queries\/[a-z0-9]+\.(pdf|png)$/);
    await expect(fs.access('/etc/passwd.pdf')).rejects.toThrow();
  });

  it('answers 401 without a token, 403 for an admin, 415 for a JSON body — never 500', async () => {
    expect((await submit(form(valid()), null)).status).toBe(401);
    expect((await submit(form(valid()), admin)).status).toBe(403);
    const asJson = await server.call('POST', '/api/queries', { json: valid(), token: clientA.token });
    expect(asJson.status).toBe(415);
    const garbage = await server.call('POST', '/api/queries', {
      body: '--x\r\nContent-Disposition: form-data; name="message"\r\n\r\nhi',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      token: clientA.token,
    });
    expect(garbage.status).toBe(400);
  });
});

describe('upload size limit', () => {
  it('refuses a file over UPLOAD_MAX_MB with 413 and leaves no rows or files', async () => {
    const small = await startTestServer({ UPLOAD_MAX_MB: '1', COMPANY_EMAIL: COMPANY });
    try {
      const adminToken = await signInAdmin(small);
      const client = await createClient(small, adminToken);
      const catalogue = (await small.call<Catalogue>('GET', '/api/services')).body;
      const service = catalogue.find((s) => s.title === 'Manufacturers')!._id;
      const before = await snapshot(small);
      const big = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024, 0x20)]);
      const fd = form({ message: 'Big plan set', service }, [
        ['ok.pdf', PDF],
        ['huge.pdf', big],
      ]);
      const res = await small.call('POST', '/api/queries', { form: fd, token: client.token });
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/1 MB/);
      expect(await snapshot(small)).toEqual(before);
      const ok = await small.call('POST', '/api/queries', { form: form({ message: 'Small', service }), token: client.token });
      expect(ok.status).toBe(201);
    } finally {
      await small.stop();
    }
  });
});

describe('reading queries', () => {
  let aQuery: string;
  let bQuery: string;
  beforeAll(async () => {
    aQuery = (await submit(form({ ...valid(), message: 'A second request' }))).body.data._id;
    bQuery = (await submit(form({ ...valid(), message: 'B request' }), clientB.token)).body.data._id;
  });

  it('lists the own queries newest first in {data}', async () => {
    const res = await server.call('GET', '/api/queries/me', { token: clientA.token });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((q: { _id: string }) => q._id);
    expect(ids[0]).toBe(aQuery);
    expect(ids).not.toContain(bQuery);
    const times = res.body.data.map((q: { createdAt: string }) => q.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('answers one query to its owner and to an admin, 404 to another client', async () => {
    const own = await server.call('GET', `/api/queries/${aQuery}`, { token: clientA.token });
    expect(own.status).toBe(200);
    expect(own.body.data._id).toBe(aQuery);
    expect((await server.call('GET', `/api/queries/${aQuery}`, { token: admin })).status).toBe(200);
    const foreign = await server.call('GET', `/api/queries/${aQuery}`, { token: clientB.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Query not found.', code: 'not_found' });
    expect((await server.call('GET', `/api/queries/${aQuery}`)).status).toBe(401);
  });

  it('answers 4xx, never 500, for unknown, forged and oversized ids', async () => {
    for (const id of ['unknown', "1' OR '1'='1", '%2e%2e%2fetc', 'x'.repeat(300), '%00']) {
      const res = await server.call('GET', `/api/queries/${id}`, { token: clientA.token });
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('lists pending and answered queries as bare arrays: own for a client, all for an admin', async () => {
    const pendingA = await server.call('GET', '/api/queries/status/pending', { token: clientA.token });
    expect(pendingA.status).toBe(200);
    expect(Array.isArray(pendingA.body)).toBe(true);
    const idsA = pendingA.body.map((q: { _id: string }) => q._id);
    expect(idsA).toContain(aQuery);
    expect(idsA).not.toContain(bQuery);
    const pendingAdmin = (await server.call('GET', '/api/queries/status/pending', { token: admin })).body.map(
      (q: { _id: string }) => q._id,
    );
    expect(pendingAdmin).toEqual(expect.arrayContaining([aQuery, bQuery]));

    await server.deps.db.updateTable('queries').set({ status: 'answered' }).where('id', '=', aQuery).execute();
    const answeredA = await server.call('GET', '/api/queries/status/answered', { token: clientA.token });
    expect(answeredA.body.map((q: { _id: string }) => q._id)).toEqual([aQuery]);
    expect((await server.call('GET', '/api/queries/status/answered', { token: clientB.token })).body).toEqual([]);
  });
});

describe('a private file opened with a bearer token instead of its signed link', () => {
  it("opens for the request's owner and an admin, is 404 to another client, 401 to a bad token and 403 to no token", async () => {
    const created = await submit(form(valid(), [['Sheet S-201.pdf', PDF]]));
    expect(created.status).toBe(201);
    const bare = `${server.url}${(created.body.data.files[0].url as string).split('?')[0]}`;
    const get = (token?: string) => fetch(bare, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    for (const token of [clientA.token, admin]) {
      const res = await get(token);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
      // Named as it was uploaded, and never kept by a shared cache.
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent('Sheet S-201.pdf')}`);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    const other = await get(clientB.token);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: 'Not found.', code: 'not_found' });
    const forged = await get('not-a-session');
    expect(forged.status).toBe(401);
    expect(typeof ((await forged.json()) as { message: unknown }).message).toBe('string');
    const anonymous = await get();
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toEqual({ message: 'This link has expired or is not valid.', code: 'link_expired' });
    // A key no request names is 404 even to an admin.
    const unknown = await fetch(bare.replace(/[^/]+\.pdf$/, 'missing.pdf'), { headers: { authorization: `Bearer ${admin}` } });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /api/queries/limits', () => {
  it('tells the form the file count and size limit', async () => {
    const res = await server.call('GET', '/api/queries/limits', { token: clientA.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ maxFiles: 20, maxFileBytes: 500 * 1024 * 1024 });
    expect(res.body.types).toContain('PDF');
    expect((await server.call('GET', '/api/queries/limits')).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the client-portal paths with who may call them', async () => {
    const doc = (await server.call('GET', '/api/openapi.json')).body;
    for (const p of [
      '/queries',
      '/queries/me',
      '/queries/status/answered',
      '/queries/status/pending',
      '/queries/{id}',
      '/queries/limits',
      '/chats/query/{id}/message',
      '/recent-activities',
    ]) {
      expect(doc.paths[p], p).toBeTruthy();
    }
    expect(doc.paths['/queries'].post.summary).toMatch(/Client only/);
    expect(doc.paths['/queries/{id}'].get.summary).toMatch(/Owner or admin/);
  });
});
