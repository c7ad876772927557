import { describe, expect, it } from 'vitest';
import {
  addendumError,
  canMoveQuote,
  deliveryDueAt,
  fileSetLabel,
  isBidDatePast,
  outcomeError,
  quoteMoveError,
  reopenError,
  revisionLetter,
  allowedNext,
  allowedMoves,
  canTransition,
  transitionError,
} from './queries.rules.ts';
import { QUERY_STATUSES } from './queries.labels.ts';
import { isDueAfterBidDate } from '../quotes/quotes.rules.ts';

describe('quote moves', () => {
  it('lets only a sent quote be accepted, declined or withdrawn', () => {
    expect(canMoveQuote('sent', 'accepted')).toBe(true);
    expect(canMoveQuote('sent', 'declined')).toBe(true);
    expect(canMoveQuote('sent', 'withdrawn')).toBe(true);
    for (const from of ['accepted', 'declined', 'withdrawn'] as const) {
      for (const to of ['sent', 'accepted', 'declined', 'withdrawn'] as const) expect(canMoveQuote(from, to)).toBe(false);
    }
    expect(quoteMoveError('withdrawn')).toMatch(/withdrawn/);
    expect(quoteMoveError('accepted')).toMatch(/already been accepted/);
  });
});

describe('reopen and addenda', () => {
  it('reopens only an answered query; closed stays final', () => {
    expect(reopenError('answered')).toBeNull();
    expect(reopenError('closed')).toMatch(/closed/);
    expect(reopenError('pending')).toMatch(/Only an answered/);
    expect(reopenError('in_progress')).toMatch(/Only an answered/);
  });
  it('takes addenda on every status but closed', () => {
    expect(addendumError('pending')).toBeNull();
    expect(addendumError('answered')).toBeNull();
    expect(addendumError('closed')).toMatch(/closed/);
  });
});

describe('bid outcome', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  it('waits until the bid due day is over', () => {
    expect(isBidDatePast('2026-11-22', now)).toBe(true);
    expect(isBidDatePast('2026-11-23', now)).toBe(false);
    // The day ends at Miami midnight: 7 PM there on the bid day (00:00 UTC) is still the bid day.
    expect(isBidDatePast('2026-11-23', new Date('2026-11-24T00:30:00Z'))).toBe(false);
    expect(isBidDatePast('2026-11-23', new Date('2026-11-24T05:00:00Z'))).toBe(true);
    const answered = '2026-10-30T15:00:00.000Z';
    expect(outcomeError({ status: 'answered', firstAnsweredAt: answered, bidDueDate: '2026-11-23', outcome: null }, now)).toMatch(
      /after the bid due date/,
    );
    expect(outcomeError({ status: 'closed', firstAnsweredAt: answered, bidDueDate: '2026-11-01', outcome: null }, now)).toBeNull();
    expect(outcomeError({ status: 'in_progress', firstAnsweredAt: null, bidDueDate: '2026-11-01', outcome: null }, now)).toMatch(
      /answered/,
    );
    expect(outcomeError({ status: 'answered', firstAnsweredAt: answered, bidDueDate: null, outcome: null }, now)).toMatch(
      /no bid due date/,
    );
    expect(outcomeError({ status: 'answered', firstAnsweredAt: answered, bidDueDate: '2026-11-01', outcome: 'won' }, now)).toMatch(
      /already/,
    );
  });

  it('asks nothing of a request closed without an estimate; an answer from before the stamp existed counts', () => {
    expect(outcomeError({ status: 'closed', firstAnsweredAt: null, bidDueDate: '2026-11-01', outcome: null }, now)).toBe(
      'This request was closed without an estimate, so there is no bid outcome to record.',
    );
    expect(outcomeError({ status: 'answered', firstAnsweredAt: null, bidDueDate: '2026-11-01', outcome: null }, now)).toBeNull();
  });
});

describe('labels and times', () => {
  it('names revisions and file sets', () => {
    expect([0, 1, 2, 25, 26, 27].map(revisionLetter)).toEqual(['A', 'B', 'C', 'Z', 'AA', 'AB']);
    expect(fileSetLabel(0)).toBe('Original');
    expect(fileSetLabel(2)).toBe('Addendum 2');
  });
  it('computes the delivery due time and warns when it falls on or after the bid date', () => {
    const due = deliveryDueAt(new Date('2026-11-23T10:00:00Z'), 48);
    expect(due).toBe('2026-11-25T10:00:00.000Z');
    expect(isDueAfterBidDate(due, '2026-11-25')).toBe(true);
    expect(isDueAfterBidDate(due, '2026-11-26')).toBe(false);
    expect(isDueAfterBidDate(due, null)).toBe(false);
    // Delivered at 9 PM in Miami the evening before the bid day (02:00 UTC on it): before the bid day.
    expect(isDueAfterBidDate('2026-12-03T02:00:00.000Z', '2026-12-03')).toBe(false);
    expect(isDueAfterBidDate('2026-12-03T05:00:01.000Z', '2026-12-03')).toBe(true);
  });
});

describe('query status transitions', () => {
  it('moves forward one step at a time: pending → in_progress → answered', () => {
    expect(canTransition('pending', 'in_progress')).toBe(true);
    expect(canTransition('in_progress', 'answered')).toBe(true);
  });

  it('lets every status except closed become closed', () => {
    for (const from of ['pending', 'in_progress', 'answered'] as const) expect(canTransition(from, 'closed')).toBe(true);
  });

  it('keeps closed final', () => {
    expect(allowedNext('closed')).toEqual([]);
    for (const to of QUERY_STATUSES) expect(canTransition('closed', to)).toBe(false);
    expect(transitionError('closed', 'pending')).toMatch(/closed/);
  });

  it('never goes back, skips a step or repeats the current status', () => {
    expect(canTransition('in_progress', 'pending')).toBe(false);
    expect(canTransition('answered', 'in_progress')).toBe(false);
    expect(canTransition('answered', 'pending')).toBe(false);
    expect(canTransition('pending', 'answered')).toBe(false);
    for (const s of QUERY_STATUSES) expect(canTransition(s, s)).toBe(false);
    expect(transitionError('pending', 'answered')).toBe('A query that is Pending can only become In Progress or Closed.');
    expect(transitionError('answered', 'answered')).toBe('This query is already Answered.');
  });
});

describe('allowed moves', () => {
  const facts = (
    status: (typeof QUERY_STATUSES)[number],
    quotes: { _id: string; state: 'sent' | 'accepted' | 'declined' | 'withdrawn' }[] = [],
  ) => ({
    status,
    firstAnsweredAt: null,
    bidDueDate: null,
    outcome: null,
    quotes,
  });
  const names = (moves: { move: string; quoteId?: string }[]) => moves.map((m) => (m.quoteId ? `${m.move}:${m.quoteId}` : m.move));

  it('lists the status moves the admin may take, in the order of allowedNext', () => {
    expect(names(allowedMoves(facts('pending'), 'admin'))).toEqual(['start', 'close', 'quote']);
    expect(names(allowedMoves(facts('answered'), 'admin'))).toEqual(['close', 'reopen']);
    expect(names(allowedMoves(facts('closed'), 'admin'))).toEqual([]);
  });

  it('names each sent quote the client may accept or decline, and offers no new quote once one is accepted', () => {
    const quotes = [
      { _id: 'q2', state: 'sent' as const },
      { _id: 'q1', state: 'withdrawn' as const },
    ];
    expect(names(allowedMoves(facts('pending', quotes), 'client'))).toEqual(['accept:q2', 'decline:q2', 'addendum']);
    expect(names(allowedMoves(facts('pending', quotes), 'admin'))).toEqual(['start', 'close', 'quote', 'withdraw:q2']);
    expect(names(allowedMoves(facts('in_progress', [{ _id: 'q1', state: 'accepted' }]), 'admin'))).toEqual(['answer', 'close']);
  });

  it('lets the client reopen an answered request, and record an outcome only once the bid date is past', () => {
    const answered = { ...facts('answered'), bidDueDate: '2026-01-10', firstAnsweredAt: '2026-01-05T00:00:00.000Z' };
    expect(names(allowedMoves(answered, 'client', new Date('2026-01-10T12:00:00Z')))).toEqual(['reopen', 'addendum']);
    expect(names(allowedMoves(answered, 'client', new Date('2026-01-12T12:00:00Z')))).toEqual(['reopen', 'addendum', 'outcome']);
  });
});
