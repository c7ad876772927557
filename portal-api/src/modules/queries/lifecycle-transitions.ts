import type { BidOutcome, QueryStatus, QuoteState } from '../../db/schema.ts';
import { firmDayEnd } from '../../shared/firm-time.ts';

// Issue 13: the moves of a request's life after submission, checked on the
// server before any write (STYLE.md §4 "Add a workflow step"). The four query
// statuses of SPEC §4 stay the statuses; these rules sit beside
// status-transitions.ts and add only reopening (answered → in_progress).

/** Quote states and the moves out of each. Sending a new quote withdraws a sent one. */
const QUOTE_NEXT: Record<QuoteState, readonly QuoteState[]> = {
  sent: ['accepted', 'declined', 'withdrawn'],
  accepted: [],
  declined: [],
  withdrawn: [],
};

export function canMoveQuote(from: QuoteState, to: QuoteState): boolean {
  return QUOTE_NEXT[from].includes(to);
}

/** Why a quote in state `from` cannot be accepted or declined (409). */
export function quoteMoveError(from: QuoteState): string {
  switch (from) {
    case 'accepted':
      return 'This quote has already been accepted.';
    case 'declined':
      return 'This quote has already been declined.';
    case 'withdrawn':
      return 'This quote was withdrawn. Please look at the newest quote.';
    default:
      return 'This quote can no longer change.';
  }
}

/** A quote can be sent, accepted or declined only while the request is still being estimated. */
export const QUOTABLE_STATUSES: readonly QueryStatus[] = ['pending', 'in_progress'];
export const QUOTE_ON_DONE_QUERY = 'This request is already answered or closed. A quote can no longer be sent or accepted.';
/** One acceptance per request (issue 13): once a quote is accepted, no other is sent or accepted. */
export const QUOTE_ALREADY_ACCEPTED = 'A quote for this request has already been accepted.';

/** Reopening (a revision): only an answered request, back to in_progress. Closed stays final. */
export function reopenError(status: QueryStatus): string | null {
  if (status === 'answered') return null;
  if (status === 'closed') return 'This query is closed. A closed query cannot be reopened.';
  return 'Only an answered query can be reopened for a revision.';
}

/** Addenda: any request that is not closed. On an answered request the addendum also reopens it. */
export const ADDENDUM_CLOSED = 'This query is closed. A closed query takes no addenda.';
export const OUTCOME_RECORDED = 'The bid outcome is already recorded.';
export const OUTCOME_NEVER_ANSWERED = 'This request was closed without an estimate, so there is no bid outcome to record.';

export function addendumError(status: QueryStatus): string | null {
  return status === 'closed' ? ADDENDUM_CLOSED : null;
}

export const BID_OUTCOMES = ['won', 'lost', 'did_not_bid'] as const satisfies readonly BidOutcome[];

/**
 * The bid outcome can be given once the bid due date has passed (the day after it,
 * in Miami) on an answered request, or on a closed one that was answered before it was
 * closed (its first answer is stamped): one closed without an estimate was never bid
 * with our numbers. Only once. The client is asked for it by mail on this rule
 * (outcome.repo.ts askForOutcomes). An answered request needs no stamp: those answered
 * before the stamp existed have none.
 */
export function outcomeError(
  q: { status: QueryStatus; firstAnsweredAt: string | null; bidDueDate: string | null; outcome: BidOutcome | null },
  now: Date,
): string | null {
  if (q.outcome) return OUTCOME_RECORDED;
  if (q.status === 'closed' && q.firstAnsweredAt === null) return OUTCOME_NEVER_ANSWERED;
  if (q.status !== 'answered' && q.status !== 'closed') return 'The bid outcome can be given once the estimate is answered.';
  if (!q.bidDueDate) return 'This request has no bid due date, so there is no bid outcome to record.';
  if (!isBidDatePast(q.bidDueDate, now)) return 'The bid outcome can be given after the bid due date.';
  return null;
}

/** A bid due on YYYY-MM-DD has passed once that whole day is over in Miami (the firm's clock). */
export function isBidDatePast(bidDueDate: string, now: Date): boolean {
  return now.getTime() >= firmDayEnd(bidDueDate);
}

/** Revision letters: A for the first answer, then B, C, … Z, AA, AB, … */
export function revisionLetter(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

/** Label of an attachment set: 0 is the original submission. */
export function fileSetLabel(number: number): string {
  return number === 0 ? 'Original' : `Addendum ${number}`;
}

/** The delivery due time of an accepted option: acceptance plus its turnaround. */
export function deliveryDueAt(acceptedAt: Date, hours: number): string {
  return new Date(acceptedAt.getTime() + hours * 3600_000).toISOString();
}
