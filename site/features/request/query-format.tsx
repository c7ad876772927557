import type { Query } from '../../../portal-api/src/modules/queries/queries.schema.ts';

export type { Query };

// docs/product.md §4: 'in progress' and 'in_progress' both read 'In Progress' (one label map, queries.labels.ts).
export { statusLabel } from '../../../portal-api/src/modules/queries/queries.labels.ts';
export { StatusBadge } from './components/StatusBadge.tsx';

// Dates and times in en-US, as the admin screens and the workspace show them (site/lib/date-format.ts).
export { formatDate, formatDateTime, formatTime } from '../../lib/date-format.ts';

export const IMAGE_NAME = /\.(jpe?g|png|gif|webp|bmp)$/i;
