// A clock far from UTC, for the dates that must read the same wherever the page or the server runs.

const longDay = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(at);

/**
 * The day of `at` on the UTC clock ('November 30, 2026'), a zone where `at` falls on another day
 * (12 h behind UTC in its morning, 14 h ahead in its afternoon), and the day there.
 */
export function otherDayZone(at: Date): { utcDay: string; zone: string; dayThere: string } {
  const zone = at.getUTCHours() < 12 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
  return { utcDay: longDay(at, 'UTC'), zone, dayThere: longDay(at, zone) };
}

/** Runs `fn` with this process's clock in `zone` (Node follows a change of process.env.TZ at once), then puts it back. */
export async function inZone<T>(zone: string, fn: () => Promise<T>): Promise<T> {
  const own = process.env.TZ;
  process.env.TZ = zone;
  try {
    return await fn();
  } finally {
    if (own === undefined) delete process.env.TZ;
    else process.env.TZ = own;
  }
}
