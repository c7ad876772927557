import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { QueryStatus } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';
import type { Storage, StoredFile } from '../../lib/storage.ts';
import { recordActivity } from '../activities/activities.repo.ts';
import { insertQueryFiles, loadQueries, loadQueriesByIds, touchQuery } from './queries.repo.ts';
import type { Query } from './queries.schema.ts';

// Admin reads and writes on queries. The Query JSON is built only by the
// portal's toQuery (queries.repo.ts); this file picks which queries and changes them.

export type ListFilter = { status?: QueryStatus | 'open'; search?: string; sort: 'createdAt' | 'bidDueDate'; page: number; pageSize: number };

/** Every client's queries for the admin, filtered, sorted and paged. */
export async function listAllQueries(db: DB, storage: Storage, filter: ListFilter) {
  let query = db
    .selectFrom('queries as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .leftJoin('services as s', 's.id', 'q.service_id')
    .leftJoin('services as ss', 'ss.id', 'q.subservice_id');
  if (filter.status === 'open') query = query.where('q.status', '!=', 'closed');
  else if (filter.status) query = query.where('q.status', '=', filter.status);
  if (filter.search) {
    // lower() LIKE lower() behaves the same on SQLite and PostgreSQL.
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    const like = (col: string) => sql<boolean>`lower(coalesce(${sql.ref(col)}, '')) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([like('q.message'), like('q.subject'), like('u.full_name'), like('u.email'), like('s.title'), like('ss.title')]),
    );
  }
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let ids = query.select('q.id');
  ids = filter.sort === 'bidDueDate'
    ? ids.orderBy(sql`case when q.bid_due_date is null then 1 else 0 end`).orderBy('q.bid_due_date', 'asc').orderBy('q.created_at', 'asc')
    : ids.orderBy('q.created_at', 'desc');
  const page = await ids.orderBy('q.id').limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize).execute();
  return { data: await loadQueriesByIds(db, storage, page.map((r) => r.id)), page: filter.page, pageSize: filter.pageSize, total: Number(total) };
}

export async function findAdminQuery(db: DB, storage: Storage, id: string): Promise<Query | undefined> {
  return (await loadQueriesByIds(db, storage, [id]))[0];
}

export function listQueriesOfUser(db: DB, storage: Storage, userId: string): Promise<Query[]> {
  return loadQueries(db, storage, { userId });
}

/**
 * Sets the status only if it is still `from` (a concurrent change makes this
 * return false) and records the activity in the same transaction.
 */
export async function changeQueryStatus(db: DB, q: { id: string; userId: string }, from: QueryStatus, to: QueryStatus, activity: string) {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('queries')
      .set({ status: to, updated_at: nowIso() })
      .where('id', '=', q.id)
      .where('status', '=', from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await recordActivity(trx, { userId: q.userId, queryId: q.id, activity, status: to });
    return true;
  });
}

export async function addDeliverables(db: DB, q: { id: string; userId: string; status: QueryStatus }, uploadedBy: string, stored: StoredFile[]) {
  await db.transaction().execute(async (trx) => {
    await insertQueryFiles(trx, q.id, 'deliverable', stored, uploadedBy);
    await touchQuery(trx, q.id);
    const names = stored.map((f) => f.name).join(', ');
    await recordActivity(trx, { userId: q.userId, queryId: q.id, activity: `Deliverables added: ${names}`.slice(0, 300), status: q.status });
  });
}

/** Clients who have at least one query, most recently active first, each with their queries newest first. */
export async function listUsersWithQueries(db: DB) {
  const rows = await db
    .selectFrom('queries as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select(['u.id as user_id', 'u.full_name', 'u.email', 'u.profile_image', 'q.id', 'q.subject', 'q.message', 'q.status', 'q.created_at'])
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id')
    .execute();
  const users = new Map<string, { _id: string; fullName: string; email: string; profileImage: string | null; queries: { _id: string; subject: string | null; message: string; status: QueryStatus; createdAt: string }[] }>();
  for (const r of rows) {
    let user = users.get(r.user_id);
    if (!user) users.set(r.user_id, (user = { _id: r.user_id, fullName: r.full_name, email: r.email, profileImage: r.profile_image, queries: [] }));
    user.queries.push({ _id: r.id, subject: r.subject, message: r.message, status: r.status, createdAt: r.created_at });
  }
  return [...users.values()];
}

export function findClient(db: DB, id: string) {
  return db.selectFrom('users').select(['id', 'full_name', 'email', 'role']).where('id', '=', id).where('role', '=', 'client').executeTakeFirst();
}

/** Monday (UTC) of the week a time falls in, as YYYY-MM-DD. */
export function weekStartOf(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** Requests created per week over the last `weeks` weeks, counted by their current status. */
export async function weeklyStats(db: DB, weeks: number, now = new Date()) {
  const starts: string[] = [];
  const first = new Date(`${weekStartOf(now)}T00:00:00Z`);
  first.setUTCDate(first.getUTCDate() - 7 * (weeks - 1));
  for (let i = 0; i < weeks; i++) {
    const d = new Date(first);
    d.setUTCDate(first.getUTCDate() + 7 * i);
    starts.push(d.toISOString().slice(0, 10));
  }
  const rows = await db.selectFrom('queries').select(['status', 'created_at']).where('created_at', '>=', first.toISOString()).execute();
  const buckets = new Map(starts.map((s) => [s, { weekStart: s, pending: 0, in_progress: 0, answered: 0, closed: 0, total: 0 }]));
  for (const r of rows) {
    const bucket = buckets.get(weekStartOf(new Date(r.created_at)));
    if (!bucket) continue;
    bucket[r.status] += 1;
    bucket.total += 1;
  }
  return starts.map((s) => buckets.get(s)!);
}

