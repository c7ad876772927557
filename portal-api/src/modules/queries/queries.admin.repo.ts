import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { FileKind, QueryStatus } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Storage, StoredFile } from '../../lib/storage.ts';

// Admin reads and writes on queries. The Query JSON is the shape of CONTRACTS.md
// ("Query JSON"); toAdminQuery keeps it identical to the portal's toQuery.


function baseSelect(db: DB) {
  return db
    .selectFrom('queries as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .leftJoin('services as s', 's.id', 'q.service_id')
    .leftJoin('services as ss', 'ss.id', 'q.subservice_id')
    .select([
      'q.id', 'q.subject', 'q.message', 'q.status', 'q.bid_due_date', 'q.created_at', 'q.updated_at',
      'q.service_id', 'q.subservice_id', 's.title as service_title', 'ss.title as subservice_title',
      'u.id as user_id', 'u.full_name as user_full_name', 'u.email as user_email',
    ]);
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof baseSelect>['execute']>>[number];
type FileRow = { id: string; query_id: string; kind: FileKind; name: string; storage_key: string; size: number; type: string };

function toFile(storage: Storage, f: FileRow) {
  return { _id: f.id, name: f.name, url: storage.signedUrl(f.storage_key, f.name), size: Number(f.size), type: f.type };
}

export function toAdminQuery(storage: Storage, row: JoinedRow, files: FileRow[]) {
  const mine = files.filter((f) => f.query_id === row.id);
  return {
    _id: row.id,
    subject: row.subject,
    message: row.message,
    service: row.service_id && row.service_title !== null ? { _id: row.service_id, title: row.service_title } : null,
    subservice: row.subservice_id && row.subservice_title !== null ? { _id: row.subservice_id, title: row.subservice_title } : null,
    files: mine.filter((f) => f.kind === 'attachment').map((f) => toFile(storage, f)),
    deliverables: mine.filter((f) => f.kind === 'deliverable').map((f) => toFile(storage, f)),
    status: row.status,
    bidDueDate: row.bid_due_date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    user: { _id: row.user_id, fullName: row.user_full_name, email: row.user_email },
  };
}
export type AdminQuery = ReturnType<typeof toAdminQuery>;

async function withFiles(db: DB, storage: Storage, rows: JoinedRow[]): Promise<AdminQuery[]> {
  if (!rows.length) return [];
  const files = await db
    .selectFrom('query_files')
    .select(['id', 'query_id', 'kind', 'name', 'storage_key', 'size', 'type'])
    .where('query_id', 'in', rows.map((r) => r.id))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => toAdminQuery(storage, r, files));
}

export type ListFilter = { status?: QueryStatus | 'open'; search?: string; sort: 'createdAt' | 'bidDueDate'; page: number; pageSize: number };

/** Every client's queries for the admin, filtered, sorted and paged. */
export async function listAllQueries(db: DB, storage: Storage, filter: ListFilter) {
  let query = baseSelect(db);
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
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  if (filter.sort === 'bidDueDate') {
    query = query
      .orderBy(sql`case when q.bid_due_date is null then 1 else 0 end`)
      .orderBy('q.bid_due_date', 'asc')
      .orderBy('q.created_at', 'asc');
  } else {
    query = query.orderBy('q.created_at', 'desc');
  }
  const rows = await query.orderBy('q.id').limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize).execute();
  return { data: await withFiles(db, storage, rows), page: filter.page, pageSize: filter.pageSize, total: Number(total) };
}

export async function findAdminQuery(db: DB, storage: Storage, id: string): Promise<AdminQuery | undefined> {
  const row = await baseSelect(db).where('q.id', '=', id).executeTakeFirst();
  return row ? (await withFiles(db, storage, [row]))[0] : undefined;
}

export async function listQueriesOfUser(db: DB, storage: Storage, userId: string): Promise<AdminQuery[]> {
  const rows = await baseSelect(db).where('q.user_id', '=', userId).orderBy('q.created_at', 'desc').orderBy('q.id').execute();
  return withFiles(db, storage, rows);
}

/** Sets the status only if it is still `from` (a concurrent change makes this return false). */
export async function updateQueryStatus(db: DB, id: string, from: QueryStatus, to: QueryStatus): Promise<boolean> {
  const result = await db
    .updateTable('queries')
    .set({ status: to, updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function addDeliverables(db: DB, queryId: string, uploadedBy: string, stored: StoredFile[]): Promise<void> {
  if (!stored.length) return;
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('query_files')
      .values(stored.map((f) => ({
        id: newId(), query_id: queryId, kind: 'deliverable' as const, name: f.name, storage_key: f.key,
        size: f.size, type: f.type, uploaded_by: uploadedBy, created_at: now,
      })))
      .execute();
    await trx.updateTable('queries').set({ updated_at: now }).where('id', '=', queryId).execute();
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

/**
 * Records an activity for the client's dashboard.
 * Interim: writes the activities row directly until activities.repo.ts (portal helper) exports recordActivity.
 */
export async function recordQueryActivity(db: DB, input: { userId: string; queryId: string; activity: string; status: string }) {
  await db.insertInto('activities').values({
    id: newId(), user_id: input.userId, query_id: input.queryId, activity: input.activity, status: input.status, created_at: nowIso(),
  }).execute();
}
