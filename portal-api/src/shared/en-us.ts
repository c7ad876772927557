// Dates and numbers as en-US writes them, built from a Date's own fields: the words every
// screen and mail show ('Nov 24, 2026', '7:19 PM', 'November 24, 2026', '1,250'). Written out
// rather than through Intl because a page that paints a date through Intl first loads the
// locale's data: about 25 ms for the first formatter on a desktop and four times that on the
// phone Lighthouse emulates, in the middle of the portal's first render
// (docs/decisions/0007-react-not-preact.md). en-us.test.ts holds every function to Intl's
// own output. Shared by the server and the browser; imports nothing.

const MONTHS = 'January February March April May June July August September October November December'.split(' ');

/** [year, month (0–11), day, hours, minutes], in the browser's time zone or in UTC. */
function parts(at: Date, utc: boolean): [number, number, number, number, number] {
  return utc
    ? [at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes()]
    : [at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()];
}

/** A month (0–11) by name: 'November', or 'Nov' when short. */
export const month = (index: number, long = false) => (long ? MONTHS[index]! : MONTHS[index]!.slice(0, 3));

/** 'Nov 24, 2026' (Intl's dateStyle 'medium'). */
export function mediumDate(at: Date, utc = false): string {
  const [y, m, d] = parts(at, utc);
  return `${month(m)} ${d}, ${y}`;
}

/** 'November 24, 2026' (dateStyle 'long'). */
export function longDate(at: Date, utc = false): string {
  const [y, m, d] = parts(at, utc);
  return `${month(m, true)} ${d}, ${y}`;
}

/** '7:19 PM' (timeStyle 'short'). */
export function shortTime(at: Date, utc = false): string {
  const [, , , h, min] = parts(at, utc);
  return `${h % 12 || 12}:${String(min).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** An integer (counts, lengths, limits: never a fraction) with thousands separators: 12345 → '12,345'. */
export function groupDigits(n: number): string {
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
