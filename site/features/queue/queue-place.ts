import type { QueueView } from '../../../portal-api/src/modules/queries/queries.admin.schema.ts';

// Where the admin is in the queue (filter, view, search, page), kept for the tab's session, so the
// workspace's 'Next request' opens the next row of the list the admin came from (docs/product.md §15).

export type QueuePlace = {
  status: string;
  view: QueueView | '';
  search: string;
  page: number;
  /** Mine / Unassigned / Everyone (docs/product.md §25); null while not known yet. */
  assignee?: string | null;
};

const KEY = 'queue-place';
export const QUEUE_PAGE_SIZE = 10;
const DEFAULT_PLACE: QueuePlace = { status: 'open', view: '', search: '', page: 1 };

export function rememberQueuePlace(place: QueuePlace): void {
  sessionStorage.setItem(KEY, JSON.stringify(place));
}

export function queuePlace(): QueuePlace {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<QueuePlace> | null;
    return { ...DEFAULT_PLACE, ...(kept ?? {}) };
  } catch {
    return DEFAULT_PLACE;
  }
}

/** GET /queries's parameters for a place of the queue (the due order, as the queue shows it). */
export function queueParams(place: Pick<QueuePlace, 'status' | 'view' | 'search' | 'assignee'>, page: number, pageSize = QUEUE_PAGE_SIZE) {
  const params: Record<string, string> = { sort: 'due', page: String(page), pageSize: String(pageSize) };
  if (place.status) params.status = place.status;
  if (place.view) params.view = place.view;
  if (place.search) params.search = place.search;
  if (place.assignee && place.assignee !== 'everyone') params.assignee = place.assignee;
  return params;
}
