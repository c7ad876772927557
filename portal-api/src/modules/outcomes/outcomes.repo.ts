import type { Kysely, Transaction } from 'kysely';
import type { BidOutcome, Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';
import { firmDay, firmDayStart } from '../../shared/firm-time.ts';
import { isDueAfterBidDate } from '../quotes/quotes.rules.ts';

// The bid outcome: the client says Won / Lost / Did not bid once the bid date has passed, and the
// admin dashboard counts it per month.

type Executor = Kysely<Database> | Transaction<Database>;

/** Records the outcome only if none is recorded yet; false when one already was. */
export async function writeOutcome(trx: Executor, queryId: string, input: { outcome: BidOutcome; marginPct?: number }): Promise<boolean> {
  const written = await trx
    .updateTable('queries')
    .set({ outcome: input.outcome, outcome_margin_pct: input.marginPct ?? null, outcome_at: nowIso() })
    .where('id', '=', queryId)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(written.numUpdatedRows) === 1;
}

/**
 * The requests whose client may be asked for the outcome now: answered, or closed after an answer,
 * with the bid date past and nobody asked yet (outcomeError decides on each; this narrows the
 * rows so that skipped ones cannot fill the batch).
 */
export function outcomeQuestionCandidates(db: Executor, now: Date) {
  return db
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
}

/** Marks the request's client as asked, with a conditional UPDATE: of two instances sweeping together, one wins. */
export async function claimOutcomeQuestion(trx: Executor, queryId: string, now: Date): Promise<boolean> {
  const res = await trx
    .updateTable('queries')
    .set({ outcome_asked_at: nowIso(now) })
    .where('id', '=', queryId)
    .where('outcome_asked_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
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
export async function monthlyStats(db: Executor, months: number, now = new Date()) {
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
    const turnaround = answered.map((r) => (Date.parse(r.first_answered_at!) - Date.parse(r.created_at)) / 60_000);
    const withBid = answered.filter((r) => r.bid_due_date);
    const beforeBid = withBid.filter((r) => !isDueAfterBidDate(r.first_answered_at!, r.bid_due_date));
    const count = (o: BidOutcome) => inMonth.filter((r) => r.outcome === o).length;
    const [won, lost, didNotBid] = [count('won'), count('lost'), count('did_not_bid')];
    const med = median(turnaround);
    return {
      month,
      received: inMonth.length,
      medianTurnaroundHours: med === null ? null : Math.round((med / 60) * 10) / 10,
      medianTurnaroundMinutes: med === null ? null : Math.round(med),
      deliveredBeforeBidShare: withBid.length ? beforeBid.length / withBid.length : null,
      deliveredBeforeBid: beforeBid.length,
      answeredWithBidDate: withBid.length,
      won,
      lost,
      didNotBid,
      winRate: won + lost ? won / (won + lost) : null,
    };
  });
}
