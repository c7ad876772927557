import { firmDayEnd } from '../../shared/firm-time.ts';
import type { Role } from '../../shared/roles.ts';
import { STATUS_LABELS, type QueryStatus } from './queries.labels.ts';

// The bid workflow's one table: the states a request, a quote and a bid outcome can be in, the
// moves between them, who may take each move and from which request status, and the sentence a
// refused move answers with (409). The step runner (queries.step.ts) checks it before any write;
// the workspace sends what it allows (allowedMoves) so the browser restates no rule. No imports
// but the firm's clock and the status labels: the browser reads it too.

export const QUOTE_STATES = ['sent', 'accepted', 'declined', 'withdrawn'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];
export const QUOTE_OPTIONS = ['standard', 'rush'] as const;
export type QuoteOption = (typeof QUOTE_OPTIONS)[number];
export const BID_OUTCOMES = ['won', 'lost', 'did_not_bid'] as const;
export type BidOutcome = (typeof BID_OUTCOMES)[number];

export const QUOTE_STATE_LABELS: Record<QuoteState, string> = {
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};
export const BID_OUTCOME_LABELS: Record<BidOutcome, string> = { won: 'Won', lost: 'Lost', did_not_bid: 'Did not bid' };

/** The /ws event each step publishes (its frame makes both sides reload the request). */
export const LIFECYCLE_EVENTS = [
  'quoteSent',
  'quoteAccepted',
  'quoteDeclined',
  'quoteWithdrawn',
  'addendumAdded',
  'reopened',
  'answered',
  'outcomeRecorded',
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

const OPEN: readonly QueryStatus[] = ['pending', 'in_progress', 'answered'];
const ANY: readonly QueryStatus[] = ['pending', 'in_progress', 'answered', 'closed'];
/** What may be quoted: a quote is sent or accepted only while the request is still being estimated. */
export const QUOTABLE_STATUSES: readonly QueryStatus[] = ['pending', 'in_progress'];

type MoveRule = {
  /** Who may take the move (the owning client or any admin; the runner checks ownership). */
  by: readonly Role[];
  /** The request statuses the move starts from. */
  from: readonly QueryStatus[];
  /** The status it ends in, if it changes the status. */
  to?: QueryStatus;
  /** Its /ws event, if it has one beside the status frame. */
  event?: LifecycleEvent;
  /** A quote move acts on one sent quote. */
  onQuote?: boolean;
};

/** Every move of a request after submission. */
export const MOVES = {
  start: { by: ['admin'], from: ['pending'], to: 'in_progress' },
  answer: { by: ['admin'], from: ['in_progress'], to: 'answered', event: 'answered' },
  close: { by: ['admin'], from: OPEN, to: 'closed' },
  reopen: { by: ['client', 'admin'], from: ['answered'], to: 'in_progress', event: 'reopened' },
  quote: { by: ['admin'], from: QUOTABLE_STATUSES, event: 'quoteSent' },
  accept: { by: ['client'], from: QUOTABLE_STATUSES, event: 'quoteAccepted', onQuote: true },
  // A sent quote is withdrawn when its request is answered or closed, so these need no status rule.
  decline: { by: ['client'], from: ANY, event: 'quoteDeclined', onQuote: true },
  withdraw: { by: ['admin'], from: ANY, event: 'quoteWithdrawn', onQuote: true },
  addendum: { by: ['client'], from: OPEN, event: 'addendumAdded' },
  outcome: { by: ['client'], from: ['answered', 'closed'], event: 'outcomeRecorded' },
} as const satisfies Record<string, MoveRule>;
export type Move = keyof typeof MOVES;
export const MOVE_NAMES = Object.keys(MOVES) as Move[];

/** The moves PATCH /queries/{id}/status takes, in the order their targets are listed. */
const STATUS_MOVES = ['start', 'answer', 'close'] as const satisfies readonly Move[];
export type StatusMove = (typeof STATUS_MOVES)[number];

export function isStatusMove(move: Move): move is StatusMove {
  return (STATUS_MOVES as readonly Move[]).includes(move);
}

/** The statuses PATCH /queries/{id}/status may move a request to from `from`. */
export function allowedNext(from: QueryStatus): QueryStatus[] {
  return STATUS_MOVES.filter((m) => (MOVES[m].from as readonly QueryStatus[]).includes(from)).map((m) => MOVES[m].to);
}

/** The status move that takes a request from `from` to `to`, if there is one. */
export function statusMove(from: QueryStatus, to: QueryStatus): StatusMove | null {
  return STATUS_MOVES.find((m) => MOVES[m].to === to && (MOVES[m].from as readonly QueryStatus[]).includes(from)) ?? null;
}

export function canTransition(from: QueryStatus, to: QueryStatus): boolean {
  return statusMove(from, to) !== null;
}

/** The sentence a refused status change answers with (409). */
export function transitionError(from: QueryStatus, to: QueryStatus): string {
  if (from === 'closed') return 'This query is closed. A closed query cannot change status.';
  if (from === to) return `This query is already ${STATUS_LABELS[to]}.`;
  const next = allowedNext(from)
    .map((s) => STATUS_LABELS[s])
    .join(' or ');
  return `A query that is ${STATUS_LABELS[from]} can only become ${next}.`;
}

/** Human description of the status rules, used in the OpenAPI description. */
export const TRANSITIONS_DOC =
  'Allowed transitions: pending → in_progress → answered; pending, in_progress or answered → closed. ' +
  'closed is final. No step goes back or is skipped (pending → answered is refused). ' +
  'A refused transition answers 409 with a sentence; an unknown status answers 400.';

export const QUOTE_ON_DONE_QUERY = 'This request is already answered or closed. A quote can no longer be sent or accepted.';
/** One acceptance per request: once a quote is accepted, no other is sent or accepted. */
export const QUOTE_ALREADY_ACCEPTED = 'A quote for this request has already been accepted.';
export const ADDENDUM_CLOSED = 'This query is closed. A closed query takes no addenda.';
export const OUTCOME_RECORDED = 'The bid outcome is already recorded.';
export const OUTCOME_NEVER_ANSWERED = 'This request was closed without an estimate, so there is no bid outcome to record.';

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

/** Why a quote in state `from` cannot be accepted, declined or withdrawn (409). */
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

/** Reopening (a revision): only an answered request, back to in_progress. Closed stays final. */
export function reopenError(status: QueryStatus): string | null {
  if (status === 'answered') return null;
  if (status === 'closed') return 'This query is closed. A closed query cannot be reopened.';
  return 'Only an answered query can be reopened for a revision.';
}

/** Addenda: any request that is not closed. On an answered request the addendum also reopens it. */
export function addendumError(status: QueryStatus): string | null {
  return status === 'closed' ? ADDENDUM_CLOSED : null;
}

/** What the outcome rule reads of a request. */
export type OutcomeFacts = { status: QueryStatus; firstAnsweredAt: string | null; bidDueDate: string | null; outcome: BidOutcome | null };

/**
 * The bid outcome can be given once the bid due date has passed (the day after it, in Miami)
 * on an answered request, or on a closed one that was answered before it was closed (its first
 * answer is stamped): one closed without an estimate was never bid with our numbers. Only once.
 * The client is asked for it by mail on this rule (outcomes.repo.ts). An answered request needs
 * no stamp: those answered before the stamp existed have none.
 */
export function outcomeError(q: OutcomeFacts, now: Date): string | null {
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

/** What a request is, for the move rules: its status, its outcome facts and its quotes' states. */
export type MoveFacts = OutcomeFacts & { quotes: ReadonlyArray<{ _id: string; state: QuoteState }> };

/**
 * Why `move` is refused on this request now, or null. The request-level rule of each move; a quote
 * move's own quote is checked by quoteMoveError.
 */
export function moveRefusal(move: Move, q: MoveFacts, now = new Date()): string | null {
  switch (move) {
    case 'start':
    case 'answer':
    case 'close':
      return canTransition(q.status, MOVES[move].to) ? null : transitionError(q.status, MOVES[move].to);
    case 'reopen':
      return reopenError(q.status);
    case 'addendum':
      return addendumError(q.status);
    case 'outcome':
      return outcomeError(q, now);
    case 'quote':
    case 'accept':
      if (!QUOTABLE_STATUSES.includes(q.status)) return QUOTE_ON_DONE_QUERY;
      return q.quotes.some((quote) => quote.state === 'accepted') ? QUOTE_ALREADY_ACCEPTED : null;
    case 'decline':
    case 'withdraw':
      return null;
  }
}

/** One move the viewer may take now; a quote move names its quote. */
export type AllowedMove = { move: Move; quoteId?: string };

/**
 * Every move `role` may take on this request now: what the workspace shows as buttons. A quote
 * move is listed once per sent quote.
 */
export function allowedMoves(q: MoveFacts, role: Role, now = new Date()): AllowedMove[] {
  const out: AllowedMove[] = [];
  for (const move of MOVE_NAMES) {
    const rule: MoveRule = MOVES[move];
    if (!rule.by.includes(role) || !rule.from.includes(q.status) || moveRefusal(move, q, now)) continue;
    if (!rule.onQuote) out.push({ move });
    else for (const quote of q.quotes) if (quote.state === 'sent') out.push({ move, quoteId: quote._id });
  }
  return out;
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

/** The set of files sent in the chat, listed after the plans (docs/product.md §10, §16). */
export const CHAT_FILE_SET = -1;
export const CHAT_FILE_SET_LABEL = 'From chat';

/** Label of an attachment set: 0 is the original submission. */
export function fileSetLabel(number: number): string {
  if (number === CHAT_FILE_SET) return CHAT_FILE_SET_LABEL;
  return number === 0 ? 'Original' : `Addendum ${number}`;
}

/** The delivery due time of an accepted option: acceptance plus its turnaround. */
export function deliveryDueAt(acceptedAt: Date, hours: number): string {
  return new Date(acceptedAt.getTime() + hours * 3600_000).toISOString();
}
