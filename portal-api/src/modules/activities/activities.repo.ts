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
