import type { Transaction } from 'kysely';
import type { BidOutcome, Database } from '../../db/schema.ts';
import type { DB } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { firmDay, firmDayStart } from '../../shared/firm-time.ts';
import { recordActivity } from '../activities/activities.repo.ts';
import { OUTCOME_RECORDED, outcomeError } from './lifecycle-transitions.ts';
import { isDueAfterBidDate } from './lifecycle.rules.ts';
import { clientTarget, companyTarget, lifecycleMails, queueMail } from './lifecycle.mail.ts';
import { BID_OUTCOME_LABELS } from './lifecycle.schema.ts';
import { QUERY_NOT_FOUND } from './queries.repo.ts';

// The bid outcome (issue 13): the client says Won / Lost / Did not bid once the
// bid date has passed, and the admin dashboard counts it per month.

type Trx = Transaction<Database>;

/** Client (own request only): records the outcome once; the write is conditional on none recorded yet. */
export async function recordOutcome(
  deps: Deps,
  trx: Trx,
  queryId: string,
  client: AuthUser,
  input: { outcome: BidOutcome; marginPct?: number },
) {
  const q = await trx
    .selectFrom('queries')
    .select(['id', 'user_id', 'status', 'first_answered_at', 'bid_due_date', 'outcome', 'message', 'project_name'])
    .where('id', '=', queryId)
    .executeTakeFirst();
  if (!q || q.user_id !== client.id) throw new HttpError(404, QUERY_NOT_FOUND);
  const error = outcomeError(
    { status: q.status, firstAnsweredAt: q.first_answered_at, bidDueDate: q.bid_due_date, outcome: q.outcome },
    new Date(),
  );
  if (error) throw new HttpError(409, error);
  const written = await trx
    .updateTable('queries')
    .set({ outcome: input.outcome, outcome_margin_pct: input.marginPct ?? null, outcome_at: nowIso() })
    .where('id', '=', queryId)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) !== 1) throw new HttpError(409, OUTCOME_RECORDED);
  const label = BID_OUTCOME_LABELS[input.outcome];
  await recordActivity(trx, { userId: q.user_id, queryId, activity: `Bid outcome: ${label}`, status: q.status, by: 'client' });
  await queueMail(
    trx,
    lifecycleMails.outcomeRecorded(
      companyTarget(deps, { ...q, email: client.email }),
      input.outcome,
      input.marginPct ?? null,
      client.fullName,
    ),
  );
}

/**
 * Asks each client once, by mail, for the outcome of the requests on which they could
 * record one now (outcomeError: answered, or closed after an answer, with the bid date
 * past). The query narrows to them (so skipped rows cannot fill the batch); outcomeError
 * decides. outcome_asked_at is set with a conditional UPDATE, so two instances sweeping
 * together mail once.
 */
export async function askForOutcomes(deps: Deps, now = new Date()): Promise<number> {
  const rows = await deps.db
    .selectFrom('queries as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select(['q.id', 'q.status', 'q.first_answered_at', 'q.bid_due_date', 'q.outcome', 'q.message', 'q.project_name', 'u.email'])
    .where((eb) =>
      eb.or([eb('q.status', '=', 'answered'), eb.and([eb('q.status', '=', 'closed'), eb('q.first_answered_at', 'is not', null)])]),
    )
    .where('q.outcome', 'is', null)
    .where('q.outcome_asked_at', 'is', null)
    .where('q.bid_due_date', 'is not', null)
    .where('q.bid_due_date', '<', now.toISOString().slice(0, 10))
    .limit(200)
    .execute();
  let asked = 0;
  for (const row of rows) {
    const answerable = { status: row.status, firstAnsweredAt: row.first_answered_at, bidDueDate: row.bid_due_date, outcome: row.outcome };
    if (outcomeError(answerable, now)) continue;
    const claimed = await deps.db.transaction().execute(async (trx) => {
      const res = await trx
        .updateTable('queries')
        .set({ outcome_asked_at: nowIso(now) })
        .where('id', '=', row.id)
        .where('outcome_asked_at', 'is', null)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await queueMail(trx, lifecycleMails.outcomeAsk(clientTarget(deps, row)));
      return true;
    });
    if (claimed) asked += 1;
  }
  return asked;
}

const median = (values: number[]): number | null => {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** YYYY-MM of the last `months` months of the firm's (Miami) calendar, oldest first. */
export function lastMonths(months: number, now: Date): string[] {
  const [year, month] = firmDay(now).split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = months - 1; i >= 0; i--) out.push(new Date(Date.UTC(year, month - 1 - i, 1)).toISOString().slice(0, 7));
  return out;
}

/** Per month of receipt: requests, median turnaround, share delivered before the bid date, win rate. */
export async function monthlyStats(db: DB, months: number, now = new Date()) {
  const keys = lastMonths(months, now);
  const rows = await db
    .selectFrom('queries')
    .select(['created_at', 'first_answered_at', 'bid_due_date', 'outcome'])
    .where('created_at', '>=', new Date(firmDayStart(`${keys[0]}-01`)).toISOString())
    .execute();
  const received = rows.map((r) => ({ ...r, month: firmDay(r.created_at).slice(0, 7) }));
  return keys.map((month) => {
    const inMonth = received.filter((r) => r.month === month);
    const answered = inMonth.filter((r) => r.first_answered_at);
    const turnaround = answered.map((r) => (Date.parse(r.first_answered_at!) - Date.parse(r.created_at)) / 3600_000);
    const withBid = answered.filter((r) => r.bid_due_date);
    const beforeBid = withBid.filter((r) => !isDueAfterBidDate(r.first_answered_at!, r.bid_due_date));
    const count = (o: BidOutcome) => inMonth.filter((r) => r.outcome === o).length;
    const [won, lost, didNotBid] = [count('won'), count('lost'), count('did_not_bid')];
    const med = median(turnaround);
    return {
      month,
      received: inMonth.length,
      medianTurnaroundHours: med === null ? null : Math.round(med * 10) / 10,
      deliveredBeforeBidShare: withBid.length ? beforeBid.length / withBid.length : null,
      won,
      lost,
      didNotBid,
      winRate: won + lost ? won / (won + lost) : null,
    };
  });
}
