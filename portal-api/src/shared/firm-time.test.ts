import { describe, expect, it } from 'vitest';
import { firmDay, firmDayEnd, firmDayStart, formatFirmTime } from './firm-time.ts';

describe("the firm's clock (America/New_York)", () => {
  it('starts a day at Miami midnight, in winter and in summer', () => {
    expect(new Date(firmDayStart('2026-12-03')).toISOString()).toBe('2026-12-03T05:00:00.000Z');
    expect(new Date(firmDayStart('2026-07-04')).toISOString()).toBe('2026-07-04T04:00:00.000Z');
  });

  it('gives the days the clocks change 25 and 23 hours', () => {
    expect(new Date(firmDayStart('2026-11-01')).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect((firmDayEnd('2026-11-01') - firmDayStart('2026-11-01')) / 3_600_000).toBe(25);
    expect(new Date(firmDayStart('2026-03-08')).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect((firmDayEnd('2026-03-08') - firmDayStart('2026-03-08')) / 3_600_000).toBe(23);
    expect(firmDayEnd('2026-12-31')).toBe(firmDayStart('2027-01-01'));
  });

  it('names the Miami day an instant falls on', () => {
    expect(firmDay('2026-12-01T04:59:59Z')).toBe('2026-11-30');
    expect(firmDay('2026-12-01T05:00:00Z')).toBe('2026-12-01');
    expect(firmDay('2026-07-05T03:30:00Z')).toBe('2026-07-04');
    expect(firmDay(firmDayStart('2026-11-01'))).toBe('2026-11-01');
  });

  it("writes an instant as Miami's wall clock with the zone named", () => {
    expect(formatFirmTime('2026-11-26T06:23:00Z')).toBe('Nov 26, 2026, 1:23 AM EST');
    expect(formatFirmTime('2026-07-04T16:05:00Z')).toBe('Jul 4, 2026, 12:05 PM EDT');
  });
});
