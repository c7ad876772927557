import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthStarts } from '../../portal-api/src/modules/queries/queries.counts.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// 'All Queries' counts every request of the client (in
// progress and closed too), from one counts call instead of two full lists.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let server: TestServer;
let admin: string;
let ana: Awaited<ReturnType<typeof createClient>>;
let bob: Awaited<ReturnType<typeof createClient>>;

async function submit(token: string, message: string): Promise<string> {
  const services = (await server.call('GET', '/api/services')).body as Array<{ _id: string; title: string }>;
  const f = new FormData();
  f.append('message', message);
  f.append('service', services.find((s) => s.title === 'Manufacturers')!._id);
  f.append('files[]', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'plans.pdf');
  const res = await server.call('POST', '/api/queries', { form: f, token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data._id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  ana = await createClient(server, admin, { fullName: 'Ana Counts' });
  bob = await createClient(server, admin, { fullName: 'Bob Counts' });
});
afterAll(() => server?.stop());

describe('GET /api/queries/me/counts', () => {
  it('refuses anonymous callers', async () => {
    expect((await server.call('GET', '/api/queries/me/counts')).status).toBe(401);
  });

  it('counts all eight requests of a client across every status, and this and last month', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await submit(ana.token, `Request ${i + 1}`));
    await submit(bob.token, 'Someone else');
    // Two move on through the admin's workflow, one is closed, two are answered.
    expect((await server.call('PATCH', `/api/queries/${ids[0]}/status`, { json: { status: 'in_progress' }, token: admin })).status).toBe(
      200,
    );
    expect((await server.call('PATCH', `/api/queries/${ids[1]}/status`, { json: { status: 'in_progress' }, token: admin })).status).toBe(
      200,
    );
    expect((await server.call('PATCH', `/api/queries/${ids[2]}/status`, { json: { status: 'closed' }, token: admin })).status).toBe(200);
    await server.deps.db.updateTable('queries').set({ status: 'answered' }).where('id', 'in', [ids[3]!, ids[4]!]).execute();
    // Three were sent last month (one answered, two pending), none before that.
    const { thisMonth, lastMonth } = monthStarts(new Date());
    const inLastMonth = new Date(new Date(lastMonth).getTime() + 86_400_000).toISOString();
    await server.deps.db.updateTable('queries').set({ created_at: inLastMonth }).where('id', 'in', [ids[4]!, ids[5]!, ids[6]!]).execute();
    expect(inLastMonth < thisMonth).toBe(true);

    const res = await server.call('GET', '/api/queries/me/counts', { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      all: { total: 8, thisMonth: 5, lastMonth: 3 },
      pending: { total: 3, thisMonth: 1, lastMonth: 2 },
      in_progress: { total: 2, thisMonth: 2, lastMonth: 0 },
      answered: { total: 2, thisMonth: 1, lastMonth: 1 },
      closed: { total: 1, thisMonth: 1, lastMonth: 0 },
    });
    // Bob sees only his own.
    expect((await server.call('GET', '/api/queries/me/counts', { token: bob.token })).body.all).toEqual({
      total: 1,
      thisMonth: 1,
      lastMonth: 0,
    });
  });

  it('is declared in the OpenAPI document', async () => {
    const doc = (await server.call('GET', '/api/openapi.json')).body;
    expect(doc.paths['/queries/me/counts'].get.responses['200']).toBeDefined();
  });
});

describe('monthStarts', () => {
  it('finds this and last calendar month in UTC, across a new year', () => {
    expect(monthStarts(new Date('2027-01-15T03:00:00Z'))).toEqual({
      thisMonth: '2027-01-01T00:00:00.000Z',
      lastMonth: '2026-12-01T00:00:00.000Z',
    });
    expect(monthStarts(new Date('2026-03-31T23:59:59Z'))).toEqual({
      thisMonth: '2026-03-01T00:00:00.000Z',
      lastMonth: '2026-02-01T00:00:00.000Z',
    });
  });
});
