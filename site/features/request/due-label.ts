import type { QueryStatus } from '../../../portal-api/src/modules/queries/queries.labels.ts';

/** Whole days from `today` to a bid due date (YYYY-MM-DD, a calendar day); negative when past. */
export function daysUntilDue(day: string, today: Date = new Date()): number {
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - start) / 86_400_000);
}

export type DueLabel = { text: string; tone: 'over' | 'soon' | 'later' };

/**
 * The bid date's label: 'in 2 d', 'due today', 'overdue 1 d'. Within 3 days reads as soon. Only while the
 * firm still owes the estimate: once the request is answered (delivered) or closed, its bid date
 * is past business and gets no label, in the workspace as in the admin queue. A request delivered
 * once and reopened for a revision (`delivered`) is no longer overdue for a bid date that has passed:
 * the bid is over, and the revision's own delivery due time is what the firm owes.
 */
export function dueLabel(day: string, status: QueryStatus, today: Date = new Date(), delivered = false): DueLabel | null {
  if (status === 'answered' || status === 'closed') return null;
  const days = daysUntilDue(day, today);
  if (days < 0) return delivered ? null : { text: `overdue ${-days} d`, tone: 'over' };
  if (days === 0) return { text: 'due today', tone: 'soon' };
  return { text: `in ${days} d`, tone: days <= 3 ? 'soon' : 'later' };
}
