import type { Query } from '../../../portal-api/src/modules/queries/queries.schema.ts';

// Labels and dates shared by the admin screens.

export type { Query };
export type QueryStatus = Query['status'];

// SPEC §2: 'in_progress' is shown as 'In Progress' (one label map, queries.labels.ts).
export { statusLabel } from '../../../portal-api/src/modules/queries/queries.labels.ts';
export { StatusBadge } from '../request/StatusBadge.tsx';

const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dateTime = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export const formatDate = (iso: string) => date.format(new Date(iso));
export const formatTime = (iso: string) => time.format(new Date(iso));
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** A bid due date (YYYY-MM-DD, a calendar day with no time zone) as a readable day. */
export function formatDueDate(day: string | null | undefined): string {
  if (!day) return 'No due date';
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Days from today to a due date (negative when overdue), in the browser's calendar. */
export function daysUntil(day: string): number {
  const now = new Date();
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - today) / 86_400_000);
}
