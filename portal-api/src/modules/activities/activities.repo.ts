import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { decodeCursor, nextCursorOf } from '../../http/cursor.ts';
import { laterIso, newId, nowIso } from '../../lib/ids.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** `by`: who acted, when it is not the usual one for the line (a client's quote acceptance, an admin's revision request). */
/** `actorId`: the user who acted, named in the request's history. */
export type NewActivity = {
  userId: string;
  queryId: string | null;
  activity: string;
  status: string;
  by?: ActivityActor;
  actorId?: string;
};
export type ActivityActor = 'client' | 'firm';

/**
 * Records what happened to a client's query (docs/architecture.md §1): called in the
 * same transaction as the change it describes, so an activity never outlives a rollback.
 */
export async function recordActivity(db: Executor, input: NewActivity): Promise<void> {
  await db
    .insertInto('activities')
    .values({
      id: newId(),
      user_id: input.userId,
      query_id: input.queryId,
      activity: input.activity,
      status: input.status,
      created_at: laterIso(),
      by_role: input.by ?? null,
      actor_id: input.actorId ?? null,
    })
    .execute();
}

/** Back-to-back chat messages of one query within this window make one activity row. */
export const MESSAGE_ACTIVITY_WINDOW_MS = 10 * 60_000;

/**
 * Records a chat message as an activity, unless the client's latest activity is
 * the same line for the same query within MESSAGE_ACTIVITY_WINDOW_MS: a
 * conversation then stays one row on the dashboards (6 rows, docs/product.md §9) instead of
 * pushing status changes out of sight, and a burst of messages writes one row.
 */
export async function recordMessageActivity(db: Executor, input: NewActivity & { queryId: string }): Promise<void> {
  // One statement, since it runs for every chat message before the broadcast:
  // insert unless the client's latest activity, read through activities_user_created_id_idx,
  // is this line for this query and newer than the window (ISO times compare as text).
  // Written as SQL: Kysely's builder took 31 µs to compile this nested statement, the
  // template 5 µs, against 10 µs for the read and the insert it replaces.
  const now = new Date();
  const cutoff = nowIso(new Date(now.getTime() - MESSAGE_ACTIVITY_WINDOW_MS));
  await sql`insert into activities (id, user_id, query_id, activity, status, created_at, actor_id)
    select ${newId()}, ${input.userId}, ${input.queryId}, ${input.activity}, ${input.status}, ${laterIso()}, ${input.actorId ?? null}
    where not exists (
      select 1 from (
        select query_id, activity, created_at from activities where user_id = ${input.userId} order by created_at desc limit 1
      ) as latest
      where latest.query_id = ${input.queryId} and latest.activity = ${input.activity} and latest.created_at > ${cutoff}
    )`.execute(db);
}

export type Activity = {
  _id: string;
  activity: string;
  createdAt: string;
  status: string;
  query: { _id: string; subject: string | null; projectName: string | null; message: string; status: string } | null;
  user: { _id: string; fullName: string } | null;
};

/** Newest first; one company's requests' when companyId is given (queries.access.ts companyScope), everyone's otherwise. */
export async function listActivities(
  db: Executor,
  opts: { companyId?: string; limit: number; cursor?: string },
): Promise<{ data: Activity[]; nextCursor: string | null }> {
  let qb = db
    .selectFrom('activities as a')
    .leftJoin('queries as q', 'q.id', 'a.query_id')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.activity',
      'a.created_at',
      'a.status',
      'q.id as query_id',
      'q.subject as query_subject',
      'q.project_name as query_project_name',
      'q.message as query_message',
      'q.status as query_status',
      'u.id as user_id',
      'u.full_name as user_full_name',
    ]);
  if (opts.companyId !== undefined) qb = qb.where('q.company_id', '=', opts.companyId);
  if (opts.cursor) {
    const [at, id] = decodeCursor(opts.cursor, 2);
    qb = qb.where((eb) => eb(eb.refTuple('a.created_at', 'a.id'), '<', eb.tuple(at!, id!)));
  }
  const rows = await qb
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const { page, nextCursor } = nextCursorOf(rows, opts.limit, (r) => [r.created_at, r.id]);
  const data = page.map((r) => ({
    _id: r.id,
    activity: r.activity,
    createdAt: r.created_at,
    status: r.status,
    query: r.query_id
      ? {
          _id: r.query_id,
          subject: r.query_subject ?? null,
          projectName: r.query_project_name ?? null,
          message: r.query_message ?? '',
          status: r.query_status ?? '',
        }
      : null,
    user: r.user_id ? { _id: r.user_id, fullName: r.user_full_name ?? '' } : null,
  }));
  return { data, nextCursor };
}

export type HistoryEntry = {
  _id: string;
  activity: string;
  status: string;
  createdAt: string;
  by: ActivityActor | null;
  /** Who wrote the line; null on lines written before authors were kept. */
  author: { _id: string; fullName: string } | null;
};

/** One query's activities, oldest first: the history section of the request workspace. */
export async function listQueryHistory(db: Executor, queryId: string, limit = 200): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('activities as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.id', 'a.activity', 'a.status', 'a.created_at', 'a.by_role', 'u.id as author_id', 'u.full_name as author_name'])
    .where('a.query_id', '=', queryId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({
    _id: r.id,
    activity: r.activity,
    status: r.status,
    createdAt: r.created_at,
    by: r.by_role as ActivityActor | null,
    author: r.author_id ? { _id: r.author_id, fullName: r.author_name ?? '' } : null,
  }));
}
