import type { Query } from '../../../portal-api/src/modules/queries/queries.schema.ts';

// Labels and dates shared by the admin screens.

export type { Query };
export type QueryStatus = Query['status'];

// docs/product.md §2: 'in_progress' is shown as 'In Progress' (one label map, queries.labels.ts).
export { statusLabel } from '../../../portal-api/src/modules/queries/queries.labels.ts';
export { StatusBadge } from './components/StatusBadge.tsx';

// Dates and times: site/lib/date-format.ts (en-US); a bid due date: formatBidDueDate (queries.labels.ts).
export { formatDate, formatDateTime, formatTime } from '../../lib/date-format.ts';
