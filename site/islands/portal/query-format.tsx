import type { Query } from '../../../portal-api/src/modules/queries/queries.schema.ts';

export type { Query };

const LABELS: Record<string, string> = { pending: 'Pending', in_progress: 'In Progress', answered: 'Answered', closed: 'Closed' };

/** SPEC §4: 'in progress' and 'in_progress' both read 'In Progress'. */
export function statusLabel(status: string | null | undefined): string {
  const key = (status ?? '').replace(/\s+/g, '_').toLowerCase();
  return LABELS[key] ?? (status || 'Unknown');
}

export function StatusBadge({ status }: { status: string }) {
  const key = status.replace(/\s+/g, '_').toLowerCase();
  return <span className={`badge badge-${key}`}>{statusLabel(status)}</span>;
}

export const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
export const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
export const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const IMAGE_NAME = /\.(jpe?g|png|gif|webp|bmp)$/i;
