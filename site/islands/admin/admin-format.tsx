import type { Query } from '../../../portal-api/src/modules/queries/queries.schema.ts';

// Labels and dates shared by the admin screens.

export type { Query };
export type QueryStatus = Query['status'];

// SPEC §2: 'in_progress' is shown as 'In Progress' (one label map, queries.labels.ts).
export { statusLabel } from '../../../portal-api/src/modules/queries/queries.labels.ts';
export { StatusBadge } from '../request/StatusBadge.tsx';

// Dates and times: site/lib/date-format.ts (en-US); a bid due date: formatBidDueDate (queries.labels.ts).
export { formatDate, formatDateTime, formatTime } from '../../lib/date-format.ts';

/** Days from today to a due date (negative when overdue), in the browser's calendar. */
export function daysUntil(day: string): number {
  const now = new Date();
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - today) / 86_400_000);
}
