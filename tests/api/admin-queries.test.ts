import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertQuery } from '../../portal-api/src/modules/queries/queries.repo.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const CSV = Buffer.from('item,qty,unit,cost\nConcrete,120,cy,18000\n');

let server: TestServer;
let admin: string;
let alice: Awaited<ReturnType<typeof createClient>>;
let bob: Awaited<ReturnType<typeof createClient>>;
let services: any[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  alice = await createClient(server, admin, { fullName: 'Alice Rivera' });
  bob = await createClient(server, admin, { fullName: 'Bob Chen' });
  services = (await server.call('GET', '/api/services')).body;
});
afterAll(async () => {
  await server?.stop();
});

async function submitQuery(token: string, message: string, extra: { bidDueDate?: string; sub?: string } = {}) {
  const sub = services.find((s) => s.title === 'Sub-Contractor');
  const child = sub.subservices.find((s: any) => s.title === (extra.sub ?? 'Concrete'));
  const f = new FormData();
  f.append('message', message);
  f.append('service', sub._id);
  f.append('subService', child._id);
  if (extra.bidDueDate) f.append('bidDueDate', extra.bidDueDate);
  f.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'plans.pdf');
  const res = await server.call('POST', '/api/queries', { form: f, token });
  if (res.status !== 201) throw new Error(`create query: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; status: string };
}
const setStatus = (id: string, status: unknown, token: string | null = admin) =>
  server.call('PATCH', `/api/queries/${id}/status`, { json: { status }, token });

function deliverableForm(files: Array<[Buffer, string]>) {
  const f = new FormData();
  for (const [buf, name] of files) f.append('files[]', new Blob([new Uint8Array(buf)]), name);
  return f;
}

describe('admin endpoints refuse anonymous and client callers', () => {
  const endpoints: Array<[string, string, () => { json?: unknown; form?: FormData }]> = [
    ['GET', '/api/queries', () => ({})],
    ['GET', '/api/queries/stats/weekly', () => ({})],
    ['PATCH', '/api/queries/some-id/status', () => ({ json: { status: 'closed' } })],
    ['POST', '/api/queries/some-id/deliverables', () => ({ form: deliverableForm([[PDF, 'x.pdf']]) })],
    ['GET', '/api/users/with-queries', () => ({})],
    ['GET', '/api/users/some-id/queries', () => ({})],
  ];
  it.each(endpoints)('%s %s', async (method, path, body) => {
    const anon = await server.call(method, path, body());
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ message: expect.any(String), code: 'unauthorized' });
    const client = await server.call(method, path, { ...body(), token: alice.token });
    expect(client.status).toBe(403);
    expect(client.body).toEqual({ message: expect.any(String), code: 'forbidden' });
  });
});

describe('PATCH /api/queries/{id}/status', () => {
  it('moves pending → in_progress → answered → closed, records activities and mails the client when answered', async () => {
    const q = await submitQuery(alice.token, 'Concrete takeoff for a 3-story office in Hialeah.');
    const started = await setStatus(q._id, 'in_progress');
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      message: expect.any(String),
      data: { _id: q._id, status: 'in_progress', user: { _id: alice.id } },
    });

    const before = (await server.outbox()).length;
    const answered = await setStatus(q._id, 'answered');
    expect(answered.status).toBe(200);
    expect(answered.body.data.status).toBe('answered');
    const mails = (await server.outbox()).slice(before).filter((m) => m.to.includes(alice.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your estimate is ready: \S/);
    expect(mails[0]!.text).toContain('/my-queries');

    const closed = await setStatus(q._id, 'closed');
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe('Query closed successfully');

    const acts = await server.deps.db
      .selectFrom('activities')
      .select(['activity', 'status'])
      .where('query_id', '=', q._id)
      .orderBy('created_at')
      .execute();
    expect(acts.map((a) => a.status)).toEqual(expect.arrayContaining(['in_progress', 'answered', 'closed']));

    const mine = await server.call('GET', `/api/queries/${q._id}`, { token: alice.token });
    expect(mine.body.data.status).toBe('closed');
  });

  it('keeps closed final', async () => {
    const q = await submitQuery(alice.token, 'Roofing estimate.');
    expect((await setStatus(q._id, 'closed')).status).toBe(200);
    for (const status of ['pending', 'in_progress', 'answered', 'closed']) {
      const res = await setStatus(q._id, status);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This query is closed. A closed query cannot change status.');
    }
  });

  it('never skips a step or goes back', async () => {
    const q = await submitQuery(alice.token, 'Framing estimate.');
    const skip = await setStatus(q._id, 'answered');
    expect(skip.status).toBe(409);
    expect(skip.body.message).toBe('A query that is Pending can only become In Progress or Closed.');
    expect((await setStatus(q._id, 'pending')).status).toBe(409);
    await setStatus(q._id, 'in_progress');
    expect((await setStatus(q._id, 'pending')).status).toBe(409);
    await setStatus(q._id, 'answered');
    const back = await setStatus(q._id, 'in_progress');
    expect(back.status).toBe(409);
    expect(back.body.message).toBe('A query that is Answered can only become Closed.');
  });

  it('refuses an unknown status with 400 and an unknown query with 404', async () => {
    const q = await submitQuery(alice.token, 'Drywall.');
    for (const status of ['done', '', 42, null]) {
      const res = await setStatus(q._id, status);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Status must be one of pending, in_progress, answered or closed.');
    }
    expect((await setStatus('no-such-query', 'closed')).status).toBe(404);
  });
});

describe('POST /api/queries/{id}/deliverables', () => {
  it('stores private deliverables the owner can download and another client cannot see', async () => {
    const q = await submitQuery(alice.token, 'Full MEP takeoff please.', { sub: 'MEP' });
    const res = await server.call('POST', `/api/queries/${q._id}/deliverables`, {
      form: deliverableForm([
        [PDF, 'takeoff.pdf'],
        [CSV, 'cost-breakdown.csv'],
      ]),
      token: admin,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.deliverables.map((d: any) => d.name).sort()).toEqual(['cost-breakdown.csv', 'takeoff.pdf']);
    expect(res.body.data.files.map((d: any) => d.name)).toEqual(['plans.pdf']);

    const mine = await server.call('GET', `/api/queries/${q._id}`, { token: alice.token });
    const csv = mine.body.data.deliverables.find((d: any) => d.name === 'cost-breakdown.csv');
    expect(csv).toMatchObject({ type: 'text/csv', size: CSV.length });
    const download = await fetch(`${server.url}${csv.url}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(CSV)).toBe(true);
    expect(download.headers.get('content-disposition')).toContain('attachment');

    // The link is signed: tampering with it fails.
    expect((await fetch(`${server.url}${csv.url.replace(/sig=[^&]+/, 'sig=forged')}`)).status).toBe(403);
    expect((await server.call('GET', `/api/queries/${q._id}`, { token: bob.token })).status).toBe(404);
    const bobsList = await server.call('GET', '/api/queries/me', { token: bob.token });
    expect(bobsList.body.data.some((x: any) => x._id === q._id)).toBe(false);
  });

  it('takes an Excel 97–2003 workbook by its name when its bytes are a Compound File, and no other Compound File', async () => {
    const q = await submitQuery(alice.token, 'Old workbook.', { sub: 'Masonry' });
    // The Compound File signature, then a sector of filler: what file-type sees of any .xls.
    const cfb = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 1)]);
    const xls = await server.call('POST', `/api/queries/${q._id}/deliverables`, {
      form: deliverableForm([[cfb, 'Quantities 2003.xls']]),
      token: admin,
    });
    expect(xls.status, JSON.stringify(xls.body)).toBe(201);
    expect(xls.body.data.deliverables).toEqual([
      expect.objectContaining({ name: 'Quantities 2003.xls', type: 'application/vnd.ms-excel' }),
    ]);
    // A Word 97 document is a Compound File too, and not a deliverable's kind.
    const doc = await server.call('POST', `/api/queries/${q._id}/deliverables`, {
      form: deliverableForm([[cfb, 'Scope letter.doc']]),
      token: admin,
    });
    expect(doc.status).toBe(415);
    expect(doc.body).toEqual({
      message: 'Scope letter.doc: Only PDF, DWG, ZIP, XLSX, CSV or image files are accepted.',
      code: 'file_type_refused',
    });
  });

  it('refuses files of other types (415), no files (400), an unknown query (404) and a closed query (409)', async () => {
    const q = await submitQuery(alice.token, 'Masonry.', { sub: 'Masonry' });
    const exe = await server.call('POST', `/api/queries/${q._id}/deliverables`, {
      form: deliverableForm([[Buffer.from('MZ\x90\x00binary'), 'tool.exe']]),
      token: admin,
    });
    expect(exe.status).toBe(415);
    const none = await server.call('POST', `/api/queries/${q._id}/deliverables`, {
      form: (() => {
        const f = new FormData();
        f.append('note', 'x');
        return f;
      })(),
      token: admin,
    });
    expect(none.status).toBe(400);
    expect(
      (await server.call('POST', '/api/queries/nope/deliverables', { form: deliverableForm([[PDF, 'a.pdf']]), token: admin })).status,
    ).toBe(404);
    await setStatus(q._id, 'closed');
    expect(
      (await server.call('POST', `/api/queries/${q._id}/deliverables`, { form: deliverableForm([[PDF, 'a.pdf']]), token: admin })).status,
    ).toBe(409);
    const rows = await server.deps.db
      .selectFrom('query_files')
      .select('id')
      .where('query_id', '=', q._id)
      .where('kind', '=', 'deliverable')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('GET /api/queries (the admin queue)', () => {
  it('lists, filters by status and text, sorts by bid due date and pages', async () => {
    const late = await submitQuery(bob.token, 'Landscape plan for Coral Gables park.', { bidDueDate: '2031-06-30', sub: 'Landscape' });
    const soon = await submitQuery(bob.token, 'Painting of a school in Kendall.', { bidDueDate: '2031-01-15', sub: 'Painting' });
    const undated = await submitQuery(bob.token, 'Insulation retrofit, Kendall warehouse.', { sub: 'Insulation' });

    const all = await server.call('GET', '/api/queries?pageSize=100', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, pageSize: 100, total: expect.any(Number) });
    expect(all.body.data[0].user).toMatchObject({ fullName: expect.any(String), email: expect.any(String) });

    const search = await server.call('GET', '/api/queries?search=KENDALL&pageSize=100', { token: admin });
    expect(search.body.data.map((q: any) => q._id).sort()).toEqual([soon._id, undated._id].sort());
    const byName = await server.call('GET', `/api/queries?search=${encodeURIComponent('bob chen')}&pageSize=100`, { token: admin });
    expect(byName.body.total).toBeGreaterThanOrEqual(3);
    const byService = await server.call('GET', '/api/queries?search=landscape', { token: admin });
    expect(byService.body.data.map((q: any) => q._id)).toContain(late._id);
    expect((await server.call('GET', '/api/queries?search=100%25_', { token: admin })).body.total).toBe(0);

    const queue = await server.call('GET', '/api/queries?status=open&sort=bidDueDate&pageSize=100', { token: admin });
    const ids = queue.body.data.map((q: any) => q._id);
    expect(ids.indexOf(soon._id)).toBeLessThan(ids.indexOf(late._id));
    expect(ids.indexOf(late._id)).toBeLessThan(ids.indexOf(undated._id));
    expect(queue.body.data.every((q: any) => q.status !== 'closed')).toBe(true);

    await setStatus(soon._id, 'in_progress');
    const inProgress = await server.call('GET', '/api/queries?status=in_progress&pageSize=100', { token: admin });
    expect(inProgress.body.data.map((q: any) => q._id)).toContain(soon._id);
    expect(inProgress.body.data.every((q: any) => q.status === 'in_progress')).toBe(true);

    const page2 = await server.call('GET', '/api/queries?pageSize=2&page=2', { token: admin });
    expect(page2.body.data).toHaveLength(2);
    expect(page2.body.data[0]._id).toBe(all.body.data[2]._id);

    expect((await server.call('GET', '/api/queries?status=done', { token: admin })).status).toBe(400);
    expect((await server.call('GET', '/api/queries?sort=title', { token: admin })).status).toBe(400);
  });

  it('answers every query with no page, pageSize or cursor (docs/product.md §7 "all queries"), and pages of 20 with one', async () => {
    const manufacturers = services.find((s) => s.title === 'Manufacturers')._id as string;
    for (let i = 0; i < 21; i++)
      await insertQuery(server.deps.db, {
        userId: alice.id,
        message: `Bulk ${i}`,
        serviceId: manufacturers,
        subserviceId: null,
        bidDueDate: null,
      });
    const all = await server.call('GET', '/api/queries', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThan(20);
    expect(all.body.data).toHaveLength(all.body.total);
    expect(all.body).toMatchObject({ page: 1, pageSize: all.body.total });
    const pending = await server.call('GET', '/api/queries?status=pending', { token: admin });
    expect(pending.body.data).toHaveLength(pending.body.total);
    expect(pending.body.data.every((q: { status: string }) => q.status === 'pending')).toBe(true);
    const first = await server.call('GET', '/api/queries?page=1', { token: admin });
    expect(first.body).toMatchObject({ page: 1, pageSize: 20, total: all.body.total });
    expect(first.body.data).toHaveLength(20);
  });

  it('pages a search newest first, whether its matches are many or few, by page, by cursor and with a status', async () => {
    const manufacturers = services.find((s) => s.title === 'Manufacturers')._id as string;
    const dana = await createClient(server, admin, { fullName: 'Dana Search' });
    const add = (message: string) =>
      insertQuery(server.deps.db, { userId: dana.id, message, serviceId: manufacturers, subserviceId: null, bidDueDate: null });
    // The two rare matches are the oldest: a page of one needs more than the newest rows hold.
    const clinic = await add('Quokkasparse clinic, a 3-storey block.');
    await add('Quokkasparse depot, a 3 storey block.');
    for (let i = 0; i < 90; i++) await add(i % 3 === 0 ? `Zephyrdense tower ${i}.` : `Plain warehouse ${i}.`);
    const expected = async (word: string, status?: string) =>
      (
        await server.deps.db
          .selectFrom('queries')
          .select('id')
          .where('message', 'like', `%${word}%`)
          .$if(!!status, (qb) => qb.where('status', '=', status as 'in_progress'))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map((r) => r.id);
    const byPage = async (query: string, pageSize: number) => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const res = await server.call('GET', `/api/queries?${query}&pageSize=${pageSize}&page=${page}`, { token: admin });
        expect(res.status).toBe(200);
        ids.push(...res.body.data.map((q: { _id: string }) => q._id));
        if (res.body.data.length < pageSize) return { ids, total: res.body.total as number };
      }
    };
    const byCursor = async (query: string, pageSize: number) => {
      const ids: string[] = [];
      let cursor = '';
      do {
        const res = await server.call('GET', `/api/queries?${query}&pageSize=${pageSize}${cursor}`, { token: admin });
        ids.push(...res.body.data.map((q: { _id: string }) => q._id));
        cursor = res.body.nextCursor ? `&cursor=${encodeURIComponent(res.body.nextCursor)}` : '';
      } while (cursor);
      return ids;
    };

    const dense = await expected('Zephyrdense');
    expect(dense).toHaveLength(30);
    expect(await byPage('search=zephyrdense', 4)).toEqual({ ids: dense, total: 30 });
    expect(await byCursor('search=zephyrdense', 4)).toEqual(dense);
    const sparse = await expected('Quokkasparse');
    expect(await byPage('search=quokkasparse', 1)).toEqual({ ids: sparse, total: 2 });
    expect(await byCursor('search=quokkasparse', 1)).toEqual(sparse);

    for (const id of [dense[1]!, dense[7]!, dense[20]!]) expect((await setStatus(id, 'in_progress')).status).toBe(200);
    const started = await expected('Zephyrdense', 'in_progress');
    expect(started).toHaveLength(3);
    expect(await byPage('search=zephyrdense&status=in_progress', 2)).toEqual({ ids: started, total: 3 });
    expect(await byCursor('search=zephyrdense&status=in_progress', 2)).toEqual(started);

    // A word with punctuation in it is matched as typed; its parts alone match more.
    // By id, not by place in the list: the two rare rows may share a millisecond, and then
    // their order is their ids'.
    expect((await byPage(`search=${encodeURIComponent('3-storey')}`, 10)).ids).toEqual([clinic]);
    expect((await byPage('search=storey', 10)).total).toBe(2);
  });

  it('counts requests per week by status', async () => {
    const res = await server.call('GET', '/api/queries/stats/weekly?weeks=4', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.weeks).toHaveLength(4);
    const thisWeek = res.body.weeks[3];
    expect(new Date(`${thisWeek.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    const total = await server.deps.db
      .selectFrom('queries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(thisWeek.total).toBe(Number(total.n));
    expect(thisWeek.pending + thisWeek.in_progress + thisWeek.answered + thisWeek.closed).toBe(thisWeek.total);
  });
});

describe('users with queries', () => {
  it('lists clients who have queries with their queries, newest first', async () => {
    const carol = await createClient(server, admin, { fullName: 'Carol NoQueries' });
    const res = await server.call('GET', '/api/users/with-queries', { token: admin });
    expect(res.status).toBe(200);
    const a = res.body.users.find((u: any) => u._id === alice.id);
    expect(a).toMatchObject({ fullName: 'Alice Rivera', email: alice.email, online: false, profileImage: null });
    expect(a.queries[0]).toEqual({
      _id: expect.any(String),
      subject: null,
      projectName: null,
      message: expect.any(String),
      status: expect.any(String),
      createdAt: expect.any(String),
    });
    const times = a.queries.map((q: any) => q.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.body.users.some((u: any) => u._id === carol.id)).toBe(false);
  });

  it("answers one client's full queries, and 404 for an unknown user", async () => {
    const res = await server.call('GET', `/api/users/${bob.id}/queries`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(3);
    expect(res.body.data.every((q: any) => q.user._id === bob.id)).toBe(true);
    expect(res.body.data[0].files[0]).toMatchObject({ name: 'plans.pdf', url: expect.stringContaining('sig=') });
    expect((await server.call('GET', '/api/users/nobody/queries', { token: admin })).status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the transitions and who may call', async () => {
    const doc = (await server.call('GET', '/api/openapi.json')).body;
    const patch = doc.paths['/queries/{id}/status'].patch;
    expect(patch.summary).toMatch(/Admin only\./);
    expect(patch.description).toMatch(/closed is final/);
    expect(doc.paths['/users/{id}/queries'].get.summary).toMatch(/Admin only\./);
    expect(doc.paths['/services/{id}'].delete.description).toMatch(/Delete policy/);
  });
});
