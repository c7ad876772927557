import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../portal-api/src/http/cursor.ts';
import { recordActivity } from '../../portal-api/src/modules/activities/activities.repo.ts';
import { insertMessage } from '../../portal-api/src/modules/chats/chats.repo.ts';
import { insertQuery, insertQueryFiles } from '../../portal-api/src/modules/queries/queries.repo.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// Keyset (cursor) pages of every list: walking the cursors visits
// each row once in the list's order, rows with the same timestamp keep a stable
// order, and a cursor that is not ours is a 400 with a message.

let server: TestServer;
let admin: string;
let carla: Awaited<ReturnType<typeof createClient>>;
let dan: Awaited<ReturnType<typeof createClient>>;
const SAME_TIME = '2030-05-05T05:05:05.000Z';

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  carla = await createClient(server, admin, { fullName: 'Carla Paging' });
  dan = await createClient(server, admin, { fullName: 'Dan Keyset' });
  const { db } = server.deps;
  const service = await db.selectFrom('services').select('id').where('title', '=', 'Manufacturers').executeTakeFirstOrThrow();
  for (let i = 0; i < 13; i++) {
    const owner = i % 3 === 0 ? dan : carla;
    const id = await insertQuery(db, {
      userId: owner.id,
      message: `Pagination request ${i} for the Brickell tower`,
      serviceId: service.id,
      subserviceId: null,
      bidDueDate: i % 4 === 0 ? null : `2031-0${1 + (i % 5)}-1${i % 3}`,
    });
    await insertQueryFiles(
      db,
      id,
      'attachment',
      [{ key: `private/queries/paging-${i}.pdf`, name: `plan-${i}.pdf`, size: 10, type: 'application/pdf', ext: 'pdf' }],
      owner.id,
    );
    await recordActivity(db, { userId: owner.id, queryId: id, activity: `Paging activity ${i}`, status: 'pending' });
  }
  // Six requests and activities share one timestamp: only the id orders them.
  const some = await db.selectFrom('queries').select('id').orderBy('id').limit(6).execute();
  await db
    .updateTable('queries')
    .set({ created_at: SAME_TIME })
    .where(
      'id',
      'in',
      some.map((r) => r.id),
    )
    .execute();
  const acts = await db.selectFrom('activities').select('id').orderBy('id').limit(6).execute();
  await db
    .updateTable('activities')
    .set({ created_at: SAME_TIME })
    .where(
      'id',
      'in',
      acts.map((r) => r.id),
    )
    .execute();
});
afterAll(async () => {
  await server?.stop();
});

/** Follows nextCursor from the first page to the last; every page must answer 200. */
async function walk(first: string, token: string, pick: (body: any, headers: Headers) => { ids: string[]; next: string | null }) {
  const ids: string[] = [];
  let url: string | null = first;
  let pages = 0;
  while (url) {
    const res = await server.call('GET', url, { token });
    expect(res.status, url).toBe(200);
    const { ids: got, next } = pick(res.body, res.headers);
    ids.push(...got);
    url = next ? `${first}&cursor=${encodeURIComponent(next)}` : null;
    if (++pages > 100) throw new Error('cursor loop');
  }
  return { ids, pages };
}
const byId = (body: { data: { _id: string }[]; nextCursor: string | null }) => ({
  ids: body.data.map((r) => r._id),
  next: body.nextCursor,
});

describe('keyset pages', () => {
  it('GET /queries (admin): the cursor walk equals the whole list, newest first, ties by id', async () => {
    const whole = await server.call('GET', '/api/queries?pageSize=100', { token: admin });
    expect(whole.body.nextCursor).toBeNull();
    const expected = whole.body.data.map((q: { _id: string }) => q._id);
    expect(expected.length).toBe(13);
    const { ids, pages } = await walk('/api/queries?pageSize=4', admin, byId);
    expect(ids).toEqual(expected);
    expect(pages).toBe(4);
    // The tied rows come in one fixed order (id, descending) on every call.
    const tied = whole.body.data.filter((q: { createdAt: string }) => q.createdAt === SAME_TIME).map((q: { _id: string }) => q._id);
    expect(tied).toEqual([...tied].sort().reverse());
    expect(tied.length).toBe(6);
  });

  it('GET /queries (admin): cursor pages with a status filter, a search and the bid-due-date sort', async () => {
    const whole = (await server.call('GET', '/api/queries?pageSize=100&sort=bidDueDate&search=brickell', { token: admin })).body;
    expect(whole.total).toBe(13);
    const dates = whole.data.map((q: { bidDueDate: string | null }) => q.bidDueDate ?? '9999');
    expect([...dates].sort()).toEqual(dates);
    const { ids } = await walk('/api/queries?pageSize=3&sort=bidDueDate&search=brickell', admin, byId);
    expect(ids).toEqual(whole.data.map((q: { _id: string }) => q._id));
    // Full-text search on word prefixes; every word must match, in any order.
    const total = async (search: string) =>
      (await server.call('GET', `/api/queries?search=${encodeURIComponent(search)}`, { token: admin })).body.total;
    expect(await total('pagina')).toBe(13);
    expect(await total('tower brickell')).toBe(13);
    expect(await total('brickell tower nowhere')).toBe(0);
    const pending = await walk('/api/queries?pageSize=5&status=pending&search=keyset', admin, byId);
    expect(pending.ids.length).toBe(5); // Dan's, found by his name
  });

  it('GET /queries/me: limit and cursor give slim pages; the full request still has its links', async () => {
    const whole = await server.call('GET', '/api/queries/me', { token: carla.token });
    expect(whole.body.nextCursor).toBeUndefined();
    expect(whole.body.data[0].files[0].url).toMatch(/sig=/);
    const first = await server.call('GET', '/api/queries/me?limit=3', { token: carla.token });
    expect(first.body.data[0].files[0]).toEqual({
      _id: expect.any(String),
      name: expect.stringMatching(/^plan-\d+\.pdf$/),
      size: 10,
      type: 'application/pdf',
    });
    const { ids } = await walk('/api/queries/me?limit=3', carla.token, byId);
    expect(ids).toEqual(whole.body.data.map((q: { _id: string }) => q._id));
    const opened = await server.call('GET', `/api/queries/${ids[0]}`, { token: carla.token });
    expect(opened.body.data.files[0].url).toMatch(/sig=/);
  });

  it('GET /queries/me: page, pageSize and total beside data, and offset pages of full rows', async () => {
    const whole = await server.call('GET', '/api/queries/me', { token: carla.token });
    const all = whole.body.data.map((q: { _id: string }) => q._id) as string[];
    expect(all.length).toBeGreaterThan(3);
    expect(whole.body).toMatchObject({ page: 1, pageSize: all.length, total: all.length });
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 3); page++) {
      const res = await server.call('GET', `/api/queries/me?page=${page}&pageSize=3`, { token: carla.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ page, pageSize: 3, total: all.length });
      expect(res.body.data.length).toBeLessThanOrEqual(3);
      expect(res.body.data[0].files[0].url).toMatch(/sig=/);
      pages.push(...res.body.data.map((q: { _id: string }) => q._id));
    }
    expect(pages).toEqual(all);
    const past = await server.call('GET', `/api/queries/me?page=${all.length + 1}&pageSize=3`, { token: carla.token });
    expect(past.body).toEqual({ data: [], page: all.length + 1, pageSize: 3, total: all.length });
    expect((await server.call('GET', '/api/queries/me?page=2', { token: carla.token })).body).toMatchObject({ page: 2, pageSize: 20 });
    for (const [bad, message] of [
      ['page=0', 'Pages start at 1.'],
      ['page=-1', 'Pages start at 1.'],
      ['page=2.5', 'The page must be a whole number.'],
      ['page=x', 'The page must be a whole number.'],
      ['pageSize=101', 'The page size must be between 1 and 100.'],
      ['pageSize=0', 'The page size must be between 1 and 100.'],
    ]) {
      const res = await server.call('GET', `/api/queries/me?${bad}`, { token: carla.token });
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBe(message);
    }
  });

  it('GET /recent-activities: a bare array with the next cursor in X-Next-Cursor', async () => {
    const whole = (await server.call('GET', '/api/recent-activities?limit=500', { token: admin })).body as { _id: string }[];
    const { ids } = await walk('/api/recent-activities?limit=4', admin, (body, headers) => {
      expect(Array.isArray(body)).toBe(true);
      return { ids: body.map((a: { _id: string }) => a._id), next: headers.get('x-next-cursor') };
    });
    expect(ids).toEqual(whole.map((a) => a._id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('GET /users: cursor pages match the offset list', async () => {
    const whole = (await server.call('GET', '/api/users?pageSize=100', { token: admin })).body;
    const { ids } = await walk('/api/users?pageSize=1', admin, byId);
    expect(ids).toEqual(whole.data.map((u: { _id: string }) => u._id));
  });

  it('GET /users/with-queries: paged by limit and cursor, searchable by q, keeping {users}', async () => {
    const whole = (await server.call('GET', '/api/users/with-queries', { token: admin })).body;
    expect(whole.nextCursor).toBeUndefined();
    const { ids, pages } = await walk('/api/users/with-queries?limit=1', admin, (body) => ({
      ids: body.users.map((u: { _id: string }) => u._id),
      next: body.nextCursor,
    }));
    // Both clients' newest request has the same time here; the pages order such ties by the request's id.
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(whole.users.map((u: { _id: string }) => u._id).sort());
    expect(pages).toBe(2);
    const found = (await server.call('GET', '/api/users/with-queries?q=KEYSET', { token: admin })).body;
    expect(found.users.map((u: { fullName: string }) => u.fullName)).toEqual(['Dan Keyset']);
    expect(found.users[0]).toMatchObject({ online: false, queries: expect.any(Array) });
    expect(found.users[0].queries).toHaveLength(5);
  });

  it('GET /chats/query/{id}/message?limit: the newest messages oldest first, older pages through X-Next-Cursor', async () => {
    const { db } = server.deps;
    const q = (await server.call('GET', '/api/queries/me', { token: carla.token })).body.data[0]._id as string;
    for (let i = 0; i < 7; i++) await insertMessage(db, { queryId: q, senderId: carla.id, message: `Line ${i}`, replyTo: null });
    await db
      .updateTable('chat_messages')
      .set({ created_at: SAME_TIME })
      .where('query_id', '=', q)
      .where('message', 'in', ['Line 2', 'Line 3', 'Line 4'])
      .execute();
    const whole = (await server.call('GET', `/api/chats/query/${q}/message`, { token: carla.token })).body.map(
      (m: { _id: string }) => m._id,
    );
    const pages: string[][] = [];
    let url: string | null = `/api/chats/query/${q}/message?limit=3`;
    while (url) {
      const res: { status: number; body: { _id: string }[]; headers: Headers } = await server.call('GET', url, { token: carla.token });
      expect(res.status).toBe(200);
      pages.unshift(res.body.map((m) => m._id));
      const next: string | null = res.headers.get('x-next-cursor');
      url = next ? `/api/chats/query/${q}/message?limit=3&cursor=${encodeURIComponent(next)}` : null;
    }
    expect(pages.map((p) => p.length)).toEqual([1, 3, 3]);
    expect(pages.flat()).toEqual(whole);
    expect((await server.call('GET', `/api/chats/query/${q}/message?limit=3&cursor=nonsense`, { token: carla.token })).status).toBe(400);
  });

  it('answers 400 with a message for a cursor that is not one of ours', async () => {
    const wrongArity = encodeCursor(['only-one']);
    const notJson = Buffer.from('{oops').toString('base64url');
    const notStrings = Buffer.from(JSON.stringify([1, 2])).toString('base64url');
    for (const [path, token] of [
      ['/api/queries?cursor=', admin],
      ['/api/queries?sort=bidDueDate&cursor=', admin],
      ['/api/queries/me?cursor=', carla.token],
      ['/api/recent-activities?cursor=', admin],
      ['/api/users?cursor=', admin],
      ['/api/users/with-queries?cursor=', admin],
    ] as const) {
      for (const bad of [wrongArity, notJson, notStrings, '%00', 'x'.repeat(600)]) {
        const res = await server.call('GET', `${path}${bad}`, { token });
        expect(res.status, `${path}${bad}`).toBe(400);
        expect(typeof res.body.message, path).toBe('string');
      }
    }
    expect((await server.call('GET', '/api/queries/me?limit=0', { token: carla.token })).status).toBe(400);
    expect((await server.call('GET', '/api/users/with-queries?limit=101', { token: admin })).status).toBe(400);
  });
});
