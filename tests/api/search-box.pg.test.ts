import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket } from './socket.ts';
import { submitQuery } from './submit-query.ts';
import { until } from './until.ts';

// The one search box (GET /api/search, docs/product.md "Search") on both engines: every source
// is found, with its matching text and the ranges to highlight; a client finds only their
// company's requests; any input is text; answers are paged.

let server: TestServer;
let admin: string;
let alice: Awaited<ReturnType<typeof createClient>>;
let bob: Awaited<ReturnType<typeof createClient>>;
let brickell: string;
let doral: string;

type Result = { _id: string; link: string; matches: Array<{ field: string; text: string; marks: Array<[number, number]> }> };

const search = async (token: string, q: string, extra = '') => {
  const res = await server.call('GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, { token });
  expect(res.status, q).toBe(200);
  return res.body as { data: Result[]; total: number; page: number; pageSize: number };
};
const ids = (page: { data: Result[] }) => page.data.map((r) => r._id);

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  alice = await createClient(server, admin, { fullName: 'Alice Delgado', email: 'alice.delgado@example.com' });
  bob = await createClient(server, admin, { fullName: 'Bob Otherman', email: 'bob@example.com' });
  brickell = await submitQuery(server, alice.token, 'Concrete takeoff for the <b>podium</b> slab', {
    projectName: 'Brickell Heights',
    location: 'Miami, FL',
  });
  doral = await submitQuery(server, bob.token, 'Roofing takeoff', { projectName: 'Doral Depot', location: 'Hialeah' });
  const sock = await openSocket(server.url);
  sock.ws.send(
    JSON.stringify({
      type: 'sendMessage',
      token: alice.token,
      queryId: brickell,
      message: 'The waterproofing addendum is attached',
      replyTo: null,
    }),
  );
  await sock.next((f) => f.type === 'receiveMessage');
  sock.ws.close();
  // A sheet title, as the sheet indexer stores it: once the indexer is done with the file, or it
  // would write its own (empty) titles over these.
  await until("Doral's plans read by the sheet indexer", async () => {
    const file = await server.deps.db.selectFrom('query_files').select('index_status').where('query_id', '=', doral).executeTakeFirst();
    return file?.index_status !== 'pending';
  });
  await server.deps.db
    .updateTable('query_files')
    .set({ sheet_titles: 'Foundation Plan \n Level 2 Framing' })
    .where('query_id', '=', doral)
    .execute();
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('GET /api/search', () => {
  it('finds a request by each of its sources, with the matching text marked', async () => {
    const cases: Array<[string, string, string]> = [
      ['Delgado', brickell, 'clientName'],
      ['alice.delgado@', brickell, 'clientEmail'],
      ['Brickell', brickell, 'projectName'],
      ['Hialeah', doral, 'location'],
      ['podium', brickell, 'message'],
      ['waterproof', brickell, 'chat'],
      ['plan.pdf', brickell, 'fileName'],
      ['foundation', doral, 'sheetTitle'],
    ];
    for (const [q, id, field] of cases) {
      const page = await search(admin, q);
      expect(ids(page), q).toContain(id);
      const hit = page.data.find((r) => r._id === id)!;
      const match = hit.matches.find((m) => m.field === field);
      expect(match, `${q} in ${field}`).toBeTruthy();
      const [start, end] = match!.marks[0]!;
      expect(match!.text.slice(start, end).toLowerCase(), q).toBe(
        field.startsWith('client') || field === 'projectName' || field === 'location'
          ? q.toLowerCase()
          : match!.text.slice(start, end).toLowerCase(),
      );
      expect(hit.link).toBe(`/admin-chat/${id}`);
    }
  });

  it('answers markup in a text as text, never as HTML', async () => {
    const hit = (await search(admin, 'podium')).data.find((r) => r._id === brickell)!;
    const match = hit.matches.find((m) => m.field === 'message')!;
    expect(match.text).toBe('Concrete takeoff for the <b>podium</b> slab');
    const [s, e] = match.marks[0]!;
    expect(match.text.slice(s, e)).toBe('podium');
  });

  it("keeps a client to their company's requests, linking to their own workspace", async () => {
    expect(ids(await search(bob.token, 'Brickell'))).toEqual([]);
    expect(ids(await search(bob.token, 'waterproofing'))).toEqual([]);
    expect(ids(await search(bob.token, 'Delgado'))).toEqual([]);
    expect(ids(await search(bob.token, 'takeoff'))).toEqual([doral]);
    const own = await search(alice.token, 'waterproofing');
    expect(ids(own)).toEqual([brickell]);
    expect(own.data[0]!.link).toBe(`/chat/${brickell}`);
  });

  it('treats quotes, operators and SQL punctuation as text', async () => {
    for (const q of [
      '"',
      "'",
      '""podium""',
      'podium*',
      'NEAR(podium slab)',
      'podium OR 1=1',
      "'; drop table queries; --",
      '-podium',
      '(a|b) <-> !c & :*',
      '\\',
      '%_%',
      'podium AND NOT',
      '*',
    ]) {
      const res = await server.call('GET', `/api/search?q=${encodeURIComponent(q)}`, { token: admin });
      expect(res.status, q).toBe(200);
    }
    expect(ids(await search(admin, '"podium"'))).toEqual([brickell]);
    expect(ids(await search(admin, "'; drop table queries; --"))).toEqual([]);
    expect((await server.call('GET', `/api/queries/${brickell}`, { token: admin })).status).toBe(200);
  });

  it('refuses an empty or overlong search and bad paging with a sentence', async () => {
    for (const q of ['', '   ', 'x'.repeat(201)]) {
      const res = await server.call('GET', `/api/search?q=${encodeURIComponent(q)}`, { token: admin });
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    for (const paging of ['&page=0', '&pageSize=0', '&pageSize=51', '&page=x']) {
      expect((await server.call('GET', `/api/search?q=takeoff${paging}`, { token: admin })).status, paging).toBe(400);
    }
    expect((await server.call('GET', '/api/search?q=takeoff')).status).toBe(401);
  });

  it('pages its answers, newest request first', async () => {
    const more = [];
    for (let i = 0; i < 3; i += 1) more.push(await submitQuery(server, alice.token, `Pagination takeoff number ${i}`));
    const first = await search(admin, 'pagination', '&pageSize=2');
    expect(first.total).toBe(3);
    expect(ids(first)).toEqual([more[2], more[1]]);
    const second = await search(admin, 'pagination', '&pageSize=2&page=2');
    expect(ids(second)).toEqual([more[0]]);
    expect(ids(await search(admin, 'pagination', '&pageSize=2&page=3'))).toEqual([]);
  });

  it('reads at most its cap from each source, the newest matches, for an admin and for a client', async () => {
    const { searchHits } = await import('../../portal-api/src/modules/search/search.repo.ts');
    const made = [];
    for (let i = 0; i < 4; i += 1)
      made.push(await submitQuery(server, bob.token, `Zephyr tower estimate ${i}`, { projectName: `Zephyr ${i}` }));
    const sock = await openSocket(server.url);
    for (const id of made) {
      sock.ws.send(JSON.stringify({ type: 'sendMessage', token: bob.token, queryId: id, message: `Zephyr note on ${id}`, replyTo: null }));
      await sock.next((f) => f.type === 'receiveMessage' && f.message.query === id);
    }
    sock.ws.close();
    const newest = [made[3], made[2]];
    const company = (await server.deps.db.selectFrom('users').select('company_id').where('id', '=', bob.id).executeTakeFirstOrThrow())
      .company_id;
    for (const scope of [null, company]) {
      const hits = await searchHits(server.deps.db, 'zephyr', scope, 2);
      for (const field of ['message', 'projectName', 'chat'] as const) {
        expect(
          hits.filter((h) => h.field === field).map((h) => h.queryId),
          `${field}, ${scope ?? 'admin'}`,
        ).toEqual(newest);
      }
    }
  });
});
