import { statusKey, statusLabel } from '../../../../portal-api/src/modules/queries/queries.labels.ts';

/** A request's status as a coloured badge (global.css .badge-{status}), named as docs/product.md §2/§4 name it; used by admin and portal. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${statusKey(status)}`}>{statusLabel(status)}</span>;
}
