// The firm's clock (Miami): a bid due date is a calendar day there, and times the
// firm and its clients read in mails and warnings are its wall-clock times, with
// the zone named (EST or EDT). Shared by the server and the browser; no imports.

export const FIRM_TIME_ZONE = 'America/New_York';

// Each formatter is made on its first use: a browser pays for a time zone's data only on a
// screen that shows the firm's clock, not on every page that imports a rule from here.
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const offsetFormat = once(() => new Intl.DateTimeFormat('en-US', { timeZone: FIRM_TIME_ZONE, timeZoneName: 'longOffset' }));

/** The firm's offset from UTC at an instant, in ms ('GMT-04:00' → -4 h). */
function offsetAt(instant: number): number {
  const name =
    offsetFormat()
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
}

/**
 * The instant a day (YYYY-MM-DD) begins in Miami. Clocks there change at 2 AM, never
 * at midnight, so the offset in force an offset's width before UTC midnight is the one
 * at local midnight.
 */
export function firmDayStart(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  return utcMidnight - offsetAt(utcMidnight - offsetAt(utcMidnight));
}

const dayFormat = once(
  () => new Intl.DateTimeFormat('en-CA', { timeZone: FIRM_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/** The Miami calendar day (YYYY-MM-DD) an instant falls on. */
export function firmDay(at: string | number | Date): string {
  return dayFormat().format(new Date(at));
}

/** The instant the day after `day` begins in Miami: the end of `day` (23 or 25 hours on the days clocks change). */
export function firmDayEnd(day: string): number {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return firmDayStart(next);
}

const wallClock = once(() => new Intl.DateTimeFormat('en-US', { timeZone: FIRM_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }));
const zoneName = once(() => new Intl.DateTimeFormat('en-US', { timeZone: FIRM_TIME_ZONE, timeZoneName: 'short' }));

/** An instant as the firm's wall clock with its zone: 'Nov 26, 2026, 1:23 AM EST'. */
export function formatFirmTime(at: string | number | Date): string {
  const instant = new Date(at);
  const zone =
    zoneName()
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'ET';
  return `${wallClock().format(instant)} ${zone}`;
}
