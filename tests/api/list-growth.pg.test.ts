import SQLite from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listActivities } from '../../portal-api/src/modules/activities/activities.repo.ts';
import {
  listAllQueries,
  listUsersWithQueriesPage,
  weeklyStats,
  weekStartOf,
} from '../../portal-api/src/modules/queries/queries.admin.repo.ts';
import { insertQuery } from '../../portal-api/src/modules/queries/queries.repo.ts';
import { listNonAdminUsers } from '../../portal-api/src/modules/users/users.repo.ts';
import { createClient, recordingDatabase, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { submitQuery } from './submit-query.ts';

// The paged lists cost about the same at 100 and at 10,000 requests (docs/performance.md,
// "Growth"). Timings on a shared machine are noise, so this proves the means: the weekly chart
// and the users' total read kept counts (migration 20261129T0700), which every write moves, and
// the pages read through indexes with no sort of a whole table. `npm run bench` times them.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
});

/** The chart as GET /api/queries/stats/weekly answers it, and as a count of the queries table makes it. */
async function chartAndCount(weeks: number) {
  const res = await server.call('GET', `/api/queries/stats/weekly?weeks=${weeks}`, { token: admin });
  expect(res.status).toBe(200);
  const rows = await server.deps.db.selectFrom('queries').select(['status', 'created_at']).execute();
  const counted = (res.body.weeks as Array<{ weekStart: string }>).map(({ weekStart }) => {
    const week = { weekStart, pending: 0, in_progress: 0, answered: 0, closed: 0, total: 0 };
    for (const r of rows.filter((r) => weekStartOf(new Date(r.created_at)) === weekStart)) {
      week[r.status] += 1;
      week.total += 1;
    }
    return week;
  });
  return { chart: res.body.weeks, counted };
}

it('keeps the weekly chart equal to a count of the requests through creates, changes, moves, deletions and rollbacks', async () => {
  const ana = await createClient(server, admin);
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push(await submitQuery(server, ana.token, `Weekly check ${i}`));
  let { chart, counted } = await chartAndCount(8);
  expect(chart.at(-1)).toMatchObject({ pending: 4, total: 4 });
  expect(chart).toEqual(counted);

  expect((await server.call('PATCH', `/api/queries/${ids[0]}/status`, { token: admin, json: { status: 'in_progress' } })).status).toBe(200);
  expect((await server.call('PATCH', `/api/queries/${ids[1]}/status`, { token: admin, json: { status: 'closed' } })).status).toBe(200);
  // A plain SQL write moving a request three weeks back, at 03:30 UTC (the evening before, in Miami).
  const earlier = new Date(Date.now() - 21 * 86_400_000);
  earlier.setUTCHours(3, 30, 0, 0);
  await sql`update queries set created_at = ${earlier.toISOString()} where id = ${ids[2]!}`.execute(server.deps.db);
  ({ chart, counted } = await chartAndCount(8));
  expect(chart).toEqual(counted);
  expect(chart.reduce((n: number, w: { total: number }) => n + w.total, 0)).toBe(4);

  // A client deleted: its requests go by cascade. A rolled-back write moves nothing.
  const ben = await createClient(server, admin);
  await submitQuery(server, ben.token, 'Ben one');
  await server.deps.db.deleteFrom('users').where('id', '=', ben.id).execute();
  const service = await server.deps.db.selectFrom('services').select('id').executeTakeFirstOrThrow();
  await expect(
    server.deps.db.transaction().execute(async (trx) => {
      await insertQuery(trx, { userId: ana.id, message: 'Rolled back', serviceId: service.id, subserviceId: null, bidDueDate: null });
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  ({ chart, counted } = await chartAndCount(8));
  expect(chart).toEqual(counted);
  expect(chart.reduce((n: number, w: { total: number }) => n + w.total, 0)).toBe(4);
});

/** Each user's kept newest request (migration 20261201T0400) beside the one a read of the queries table finds. */
async function keptAndNewest() {
  const db = server.deps.db;
  const kept = await db.selectFrom('users').select(['id', 'last_query_at', 'last_query_id']).orderBy('id').execute();
  const newest = await Promise.all(
    kept.map(async (u) => {
      const q = await db
        .selectFrom('queries')
        .select(['created_at', 'id'])
        .where('user_id', '=', u.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { id: u.id, last_query_at: q?.created_at ?? null, last_query_id: q?.id ?? null };
    }),
  );
  return { kept, newest };
}

it("keeps each client's newest request on their row through creates, moves, deletions, transfers and rollbacks", async () => {
  const cleo = await createClient(server, admin);
  const dan = await createClient(server, admin);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) ids.push(await submitQuery(server, cleo.token, `Head check ${i}`));
  let { kept, newest } = await keptAndNewest();
  expect(kept.find((u) => u.id === cleo.id)!.last_query_id).toBe(ids[2]);
  expect(kept.find((u) => u.id === dan.id)!.last_query_id).toBeNull();
  expect(kept).toEqual(newest);

  // The newest moved back a week, then the next deleted; a request handed to another client.
  await sql`update queries set created_at = ${new Date(Date.now() - 7 * 86_400_000).toISOString()} where id = ${ids[2]!}`.execute(
    server.deps.db,
  );
  ({ kept, newest } = await keptAndNewest());
  expect(kept.find((u) => u.id === cleo.id)!.last_query_id).toBe(ids[1]);
  expect(kept).toEqual(newest);
  await server.deps.db.deleteFrom('queries').where('id', '=', ids[1]!).execute();
  await sql`update queries set user_id = ${dan.id} where id = ${ids[0]!}`.execute(server.deps.db);
  ({ kept, newest } = await keptAndNewest());
  expect(kept.find((u) => u.id === cleo.id)!.last_query_id).toBe(ids[2]);
  expect(kept.find((u) => u.id === dan.id)!.last_query_id).toBe(ids[0]);
  expect(kept).toEqual(newest);

  // A client deleted with their requests; a rolled-back request moves nothing.
  await server.deps.db.deleteFrom('users').where('id', '=', dan.id).execute();
  const service = await server.deps.db.selectFrom('services').select('id').executeTakeFirstOrThrow();
  await expect(
    server.deps.db.transaction().execute(async (trx) => {
      await insertQuery(trx, { userId: cleo.id, message: 'Rolled back', serviceId: service.id, subserviceId: null, bidDueDate: null });
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  ({ kept, newest } = await keptAndNewest());
  expect(kept.find((u) => u.id === cleo.id)!.last_query_id).toBe(ids[2]);
  expect(kept).toEqual(newest);
});

it("keeps the users list's total equal to a count of the users through creates, role changes and deletions", async () => {
  const total = async () => (await server.call('GET', '/api/users?pageSize=1', { token: admin })).body.total as number;
  const counted = async () =>
    Number(
      (
        await server.deps.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('role', '!=', 'admin')
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await total();
  expect(before).toBe(await counted());
  const carla = await createClient(server, admin);
  const dan = await createClient(server, admin);
  expect(await total()).toBe(before + 2);
  await server.deps.db.updateTable('users').set({ role: 'admin' }).where('id', '=', carla.id).execute();
  expect(await total()).toBe(before + 1);
  await server.deps.db.deleteFrom('users').where('id', '=', dan.id).execute();
  expect(await total()).toBe(before);
  expect(await total()).toBe(await counted());
});

it('reads the weekly chart and the users total from kept counts, never from every request or user', async () => {
  const seen: CompiledQuery[] = [];
  const logged = recordingDatabase(server, (q) => seen.push(q));
  try {
    await weeklyStats(logged, 8);
    expect(seen.map((q) => q.sql).join('\n')).toMatch(/"query_hour_counts"/);
    expect(seen.map((q) => q.sql).join('\n')).not.toMatch(/"queries"/);
    seen.length = 0;
    await listNonAdminUsers(logged, 1, 20);
    const count = seen.find((q) => /count|sum/i.test(q.sql))!;
    expect(count.sql).toMatch(/"user_role_counts"/);
    expect(count.sql).not.toMatch(/"users"/);
  } finally {
    await logged.destroy();
  }
});

it('gives the same rows by page number as one long page, with and without a status', async () => {
  const ids = async (query: string) =>
    ((await server.call('GET', `/api/queries?${query}`, { token: admin })).body.data as Array<{ _id: string }>).map((q) => q._id);
  const eve = await createClient(server, admin);
  for (let i = 0; i < 3; i++) await submitQuery(server, eve.token, `Paging check ${i}`);
  // Pages past the middle are found from the oldest end, with the kept counts of each status.
  for (const status of ['', '&status=open', '&status=pending']) {
    const all = await ids(`pageSize=100${status}`);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const paged: string[] = [];
    for (let n = 1; n <= Math.ceil(all.length / 2) + 1; n++) paged.push(...(await ids(`pageSize=2&page=${n}${status}`)));
    expect(paged).toEqual(all);
  }
});

it('reads each page through the index of its order, with no sort of a whole table', async () => {
  const seen: CompiledQuery[] = [];
  const logged = recordingDatabase(server, (q) => seen.push(q));
  const sqlite = onPostgres ? null : new SQLite((server.deps.config.database as { file: string }).file, { readonly: true });
  // PostgreSQL plans a table of a few rows as a sequential scan: told to avoid scans and sorts
  // where it can (one connection, so the setting holds), it shows whether an index serves the order.
  if (onPostgres) await sql`set enable_seqscan = off; set enable_sort = off`.execute(logged);
  const planOf = async (q: CompiledQuery) =>
    sqlite
      ? (sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.parameters as unknown[])) as { detail: string }[])
          .map((r) => r.detail)
          .join('\n')
      : (await logged.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]))).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
  const planFor = async (run: () => Promise<unknown>) => {
    seen.length = 0;
    await run();
    const statements = [...seen];
    return (await Promise.all(statements.map(planOf))).join('\n');
  };
  const usesIndex = (name: string) => new RegExp(`USING (COVERING )?INDEX ${name}\\b|using ${name} on`);
  const sorts = sqlite ? /TEMP B-TREE FOR ORDER BY/ : /^\s*(->\s*)?Sort\b/m;
  try {
    const users = await planFor(() => listNonAdminUsers(logged, 1, 20));
    expect(users).toMatch(usesIndex('users_created_idx'));
    expect(users).not.toMatch(sorts);

    // The client list walks the kept newest requests (its first statement; the second reads the
    // page's clients' requests and sorts those few).
    seen.length = 0;
    await listUsersWithQueriesPage(logged, { limit: 20 });
    const clients = await planOf(seen[0]!);
    expect(clients).toMatch(usesIndex('users_last_query_idx'));
    expect(clients).not.toMatch(sorts);

    const activities = await planFor(() => listActivities(logged, { limit: 60 }));
    expect(activities).toMatch(usesIndex('activities_created_idx'));
    expect(activities).not.toMatch(sorts);

    // The queue's far page: the offset walks the index of its order; only the page's rows are then joined and sorted.
    const far = await planFor(() => listAllQueries(logged, server.deps.storage, { sort: 'createdAt', page: 500, pageSize: 20 }));
    // Keyset underneath the page number: the row before the page is found in the index alone.
    expect(far).toMatch(/USING COVERING INDEX queries_created_idx\b|Index Only Scan (Backward )?using queries_created_idx on/);
    if (sqlite) expect(far).not.toMatch(sorts);
    // A page past the middle: the walk from the oldest end is the same index, read the other way.
    const rows = Number(
      (
        await logged
          .selectFrom('queries')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(rows).toBeGreaterThanOrEqual(2);
    seen.length = 0;
    await listAllQueries(logged, server.deps.storage, { sort: 'createdAt', page: rows, pageSize: 1 });
    // Its statements: the kept count, then the walk to the row before the page.
    const walk = seen[1]!;
    expect(walk.sql).toMatch(/order by "q"."created_at" asc, "q"."id" asc/);
    expect(await planOf(walk)).toMatch(
      /USING COVERING INDEX queries_created_idx\b|Index Only Scan (Backward )?using queries_created_idx on/,
    );
    expect(await planOf(walk)).not.toMatch(sorts);
  } finally {
    sqlite?.close();
    await logged.destroy();
  }
});
