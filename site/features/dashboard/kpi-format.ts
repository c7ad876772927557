import { month } from '../../../portal-api/src/shared/en-us.ts';

// How the dashboard's monthly figures read (docs/product.md §13): a turnaround of minutes must
// not show as '0 h', and a share says how many it counts, as the win rate does ('50 % (1/2)').

/** A median turnaround in whole minutes as hours and minutes: '0 h 7 min', '26 h 5 min', '–' for none. */
export function formatTurnaround(minutes: number | null): string {
  if (minutes === null) return '–';
  const total = Math.max(0, Math.round(minutes));
  return `${Math.floor(total / 60)} h ${total % 60} min`;
}

/** A share 0…1 as a whole percentage: '33 %', '–' for none. */
export function formatPercent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)} %`;
}

/** The counts behind a share, '(1/3)', or '' when nothing was counted. */
export function shareCounts(part: number, whole: number): string {
  return whole > 0 ? `(${part}/${whole})` : '';
}

/** A week's first day (YYYY-MM-DD) as the weekly chart labels it: 'Nov 24' (en-US, as Intl writes it). */
export const weekLabel = (day: string) => `${month(Number(day.slice(5, 7)) - 1)} ${Number(day.slice(8, 10))}`;

/** A month (YYYY-MM) as the monthly table names it: 'Nov 2026'. */
export const monthLabel = (ym: string) => `${month(Number(ym.slice(5, 7)) - 1)} ${ym.slice(0, 4)}`;
