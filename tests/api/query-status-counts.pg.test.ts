import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertQuery } from '../../portal-api/src/modules/queries/queries.repo.ts';
import { QUERY_STATUSES } from '../../portal-api/src/modules/queries/queries.labels.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { submitQuery } from './submit-query.ts';

// Without a search, the admin queue's `total` is read from query_status_counts,
// which triggers on queries keep (migration 20261124T0700). Every way a request is written
// must move it: the API's create and status changes, a client's deletion (its requests go
// by cascade), a plain SQL update, and a transaction that rolls back must not.

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
});

const FILTERS = [undefined, 'open', ...QUERY_STATUSES] as const;

/** Each filter's total as GET /api/queries answers it. */
async function totals(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const status of FILTERS) {
    const res = await server.call('GET', `/api/queries?pageSize=1${status ? `&status=${status}` : ''}`, { token: admin });
    expect(res.status).toBe(200);
    out[status ?? 'all'] = res.body.total;
  }
  return out;
}

/** Each filter's total counted from the queries table itself. */
async function counted(): Promise<Record<string, number>> {
  const rows = await server.deps.db
    .selectFrom('queries')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('status')
    .execute();
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  const out: Record<string, number> = { all: 0, open: 0 };
  for (const s of QUERY_STATUSES) {
    out[s] = by[s] ?? 0;
    out.all! += out[s]!;
    if (s !== 'closed') out.open! += out[s]!;
  }
  return out;
}

const setStatus = (id: string, status: string) => server.call('PATCH', `/api/queries/${id}/status`, { token: admin, json: { status } });

it('keeps every filter of the queue total equal to a count of the table through creates, changes, deletions and rollbacks', async () => {
  expect(await totals()).toEqual({ all: 0, open: 0, pending: 0, in_progress: 0, answered: 0, closed: 0 });

  const ana = await createClient(server, admin);
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push(await submitQuery(server, ana.token, `Count check ${i}`));
  expect(await totals()).toEqual({ all: 5, open: 5, pending: 5, in_progress: 0, answered: 0, closed: 0 });

  expect((await setStatus(ids[0]!, 'in_progress')).status).toBe(200);
  expect((await setStatus(ids[1]!, 'in_progress')).status).toBe(200);
  expect((await setStatus(ids[1]!, 'answered')).status).toBe(200);
  expect((await setStatus(ids[2]!, 'closed')).status).toBe(200);
  // A refused change moves nothing.
  expect((await setStatus(ids[2]!, 'pending')).status).toBe(409);
  expect(await totals()).toEqual({ all: 5, open: 4, pending: 2, in_progress: 1, answered: 1, closed: 1 });
  expect(await totals()).toEqual(await counted());

  // A second client's requests, then that client deleted: its requests go by cascade.
  const ben = await createClient(server, admin);
  const benIds = [await submitQuery(server, ben.token, 'Ben one'), await submitQuery(server, ben.token, 'Ben two')];
  expect((await setStatus(benIds[0]!, 'closed')).status).toBe(200);
  expect(await totals()).toEqual({ all: 7, open: 5, pending: 3, in_progress: 1, answered: 1, closed: 2 });
  await server.deps.db.deleteFrom('users').where('id', '=', ben.id).execute();
  expect(await totals()).toEqual({ all: 5, open: 4, pending: 2, in_progress: 1, answered: 1, closed: 1 });

  // A plain SQL write, not through a repo.
  await sql`update queries set status = 'closed' where id in (${ids[3]!}, ${ids[4]!})`.execute(server.deps.db);
  expect(await totals()).toEqual({ all: 5, open: 2, pending: 0, in_progress: 1, answered: 1, closed: 3 });

  // A write whose transaction rolls back leaves the counts as they were.
  const service = await server.deps.db.selectFrom('services').select('id').executeTakeFirstOrThrow();
  await expect(
    server.deps.db.transaction().execute(async (trx) => {
      await insertQuery(trx, { userId: ana.id, message: 'Rolled back', serviceId: service.id, subserviceId: null, bidDueDate: null });
      await sql`update queries set status = 'answered' where id = ${ids[0]!}`.execute(trx);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await totals()).toEqual({ all: 5, open: 2, pending: 0, in_progress: 1, answered: 1, closed: 3 });
  expect(await totals()).toEqual(await counted());
});

it('counts a search by its matches, not by the kept counts', async () => {
  // Its client's name, its project name and its message all match: found three ways, counted once.
  const carla = await createClient(server, admin, { fullName: 'Zeppelin Builders' });
  await submitQuery(server, carla.token, 'Zeppelin hangar roofing', { projectName: 'Zeppelin hall' });
  await submitQuery(server, carla.token, 'Zeppelin dock framing');
  const res = await server.call('GET', '/api/queries?pageSize=1&search=zeppelin', { token: admin });
  expect(res.status).toBe(200);
  expect(res.body.total).toBe(2);
  expect(res.body.data).toHaveLength(1);
  const pending = await server.call('GET', '/api/queries?pageSize=1&status=pending&search=zeppelin', { token: admin });
  expect(pending.body.total).toBe(2);
  expect((await server.call('GET', '/api/queries?pageSize=1&status=closed&search=zeppelin', { token: admin })).body.total).toBe(0);
});
