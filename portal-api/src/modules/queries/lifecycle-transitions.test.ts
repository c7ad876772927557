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
} from './lifecycle-transitions.ts';
import { isDueAfterBidDate } from './lifecycle.rules.ts';

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
