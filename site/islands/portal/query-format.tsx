import type { Query } from '../../../portal-api/src/modules/queries/queries.schema.ts';

export type { Query };

// SPEC §4: 'in progress' and 'in_progress' both read 'In Progress' (one label map, queries.labels.ts).
export { statusLabel } from '../../../portal-api/src/modules/queries/queries.labels.ts';
export { StatusBadge } from '../request/StatusBadge.tsx';

export const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
export const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
export const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const IMAGE_NAME = /\.(jpe?g|png|gif|webp|bmp)$/i;
