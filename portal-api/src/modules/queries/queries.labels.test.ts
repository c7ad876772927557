import { describe, expect, it } from 'vitest';
import { formatBidDueDate, QUERY_STATUSES, statusKey, statusLabel } from './queries.labels.ts';

describe('statusLabel (docs/product.md §2, §4)', () => {
  it('names each status', () => {
    expect(QUERY_STATUSES.map(statusLabel)).toEqual(['Pending', 'In Progress', 'Answered', 'Closed']);
  });

  it("reads 'in progress' and 'in_progress' alike", () => {
    expect(statusLabel('in progress')).toBe('In Progress');
    expect(statusLabel('In_Progress')).toBe('In Progress');
    expect(statusKey('in progress')).toBe('in_progress');
  });

  it('shows an unknown value as sent, and nothing for none', () => {
    expect(statusLabel('on_hold')).toBe('on_hold');
    expect(statusLabel('Waiting for plans')).toBe('Waiting for plans');
    expect(statusLabel(null)).toBe('');
    expect(statusLabel('')).toBe('');
  });
});

describe('formatBidDueDate', () => {
  it('reads a calendar day as the workspace shows it, the same day in every time zone', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/Los_Angeles', 'UTC', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        expect(formatBidDueDate('2026-12-01')).toBe('Dec 1, 2026');
        expect(formatBidDueDate('2030-01-15')).toBe('Jan 15, 2030');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
