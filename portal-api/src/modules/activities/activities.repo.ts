import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type NewActivity = { userId: string; queryId: string | null; activity: string; status: string };

/**
 * Records what happened to a client's query (CONTRACTS.md "Activities"): called in the
 * same transaction as the change it describes, so an activity never outlives a rollback.
 */
export async function recordActivity(db: Executor, input: NewActivity): Promise<void> {
  await db
    .insertInto('activities')
    .values({ id: newId(), user_id: input.userId, query_id: input.queryId, activity: input.activity, status: input.status, created_at: nowIso() })
    .execute();
}

/** Back-to-back chat messages of one query within this window make one activity row. */
export const MESSAGE_ACTIVITY_WINDOW_MS = 10 * 60_000;

/**
 * Records a chat message as an activity, unless the client's latest activity is
 * the same line for the same query within MESSAGE_ACTIVITY_WINDOW_MS: a
 * conversation then stays one row on the dashboards (6 rows, SPEC §9) instead of
 * pushing status changes out of sight, and a burst of messages writes one row.
 */
export async function recordMessageActivity(db: Executor, input: NewActivity): Promise<void> {
  const latest = await db
    .selectFrom('activities')
    .select(['query_id', 'activity', 'created_at'])
    .where('user_id', '=', input.userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const isSameRun =
    latest?.query_id === input.queryId &&
    latest.activity === input.activity &&
    Date.now() - Date.parse(latest.created_at) < MESSAGE_ACTIVITY_WINDOW_MS;
  if (!isSameRun) await recordActivity(db, input);
}

export type Activity = {
  _id: string;
  activity: string;
  createdAt: string;
  status: string;
  query: { _id: string; message: string; status: string } | null;
};

/** Newest first; one client's when userId is given, everyone's otherwise. */
export async function listActivities(db: Executor, opts: { userId?: string; limit: number }): Promise<Activity[]> {
  let qb = db
    .selectFrom('activities as a')
    .leftJoin('queries as q', 'q.id', 'a.query_id')
    .select(['a.id', 'a.activity', 'a.created_at', 'a.status', 'q.id as query_id', 'q.message as query_message', 'q.status as query_status']);
  if (opts.userId) qb = qb.where('a.user_id', '=', opts.userId);
  const rows = await qb.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(opts.limit).execute();
  return rows.map((r) => ({
    _id: r.id,
    activity: r.activity,
    createdAt: r.created_at,
    status: r.status,
    query: r.query_id ? { _id: r.query_id, message: r.query_message ?? '', status: r.query_status ?? '' } : null,
  }));
}
