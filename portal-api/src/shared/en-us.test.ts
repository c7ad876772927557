import { afterAll, describe, expect, it } from 'vitest';
import { formatCents } from '../modules/quotes/quotes.rules.ts';
import { groupDigits, longDate, mediumDate, shortTime } from './en-us.ts';

// Every function against Intl's own en-US output, over instants spread across years, both
// daylight-saving changes and every hour, read in Miami's zone (set here, so the local
// cases cross its clock changes) and in UTC. The zone is put back afterwards: the worker runs
// other files after this one (vitest.config.ts, isolate: false).
const zone = process.env.TZ;
process.env.TZ = 'America/New_York';
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const instants: Date[] = [];
for (let i = 0; i < 3000; i++) instants.push(new Date(Date.UTC(1999, 0, 1) + i * 11_111_111 * 1000 + (i % 60) * 60_000));
instants.push(new Date('2026-03-08T06:59:00Z'), new Date('2026-03-08T07:00:00Z'), new Date('2026-11-01T05:30:00Z'));
instants.push(new Date('2026-11-24T00:00:00Z'), new Date('2026-11-24T12:00:00Z'), new Date('2026-05-01T23:59:00Z'));

const intl = (options: Intl.DateTimeFormatOptions, utc: boolean) =>
  new Intl.DateTimeFormat('en-US', utc ? { ...options, timeZone: 'UTC' } : options);

describe('en-US words without Intl', () => {
  for (const utc of [false, true]) {
    it(`writes dates and times as Intl does (${utc ? 'UTC' : 'America/New_York'})`, () => {
      const medium = intl({ dateStyle: 'medium' }, utc);
      const long = intl({ dateStyle: 'long' }, utc);
      const time = intl({ timeStyle: 'short' }, utc);
      for (const at of instants) {
        expect(mediumDate(at, utc)).toBe(medium.format(at));
        expect(longDate(at, utc)).toBe(long.format(at));
        expect(shortTime(at, utc)).toBe(time.format(at));
      }
    });
  }

  it('groups digits and writes dollars as Intl does', () => {
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const values = [0, 1, -1, 5, 99, 100, 999, 1000, -1000, 12_345, 999_999, 1_000_000, 123_456_789, -987_654_321, Number.MAX_SAFE_INTEGER];
    for (let n = 0; n < 500; n++) values.push(Math.floor((n * 7_919) ** 1.7) * (n % 3 === 0 ? -1 : 1) || 0);
    for (const n of values) {
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
      // Past 2^53 / 100 the division Intl needs loses the last cent; formatCents() keeps it.
      if (Math.abs(n) < 2 ** 53 / 100) expect(formatCents(n)).toBe(dollars.format(n / 100));
    }
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
    expect(formatCents(125_050)).toBe('$1,250.50');
  });
});
