// The calendar arithmetic of the dashboard counts (queries.counts.repo.ts counts them).

/** The first instant of this calendar month and of the previous one, in UTC, as stored ISO text. */
export function monthStarts(now: Date): { thisMonth: string; lastMonth: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return { thisMonth: new Date(Date.UTC(y, m, 1)).toISOString(), lastMonth: new Date(Date.UTC(y, m - 1, 1)).toISOString() };
}
