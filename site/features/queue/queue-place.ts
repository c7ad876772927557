import type { QueueView } from '../../../portal-api/src/modules/queries/queries.admin.schema.ts';
import { api, call } from '../../lib/api.ts';

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

/**
 * The request after `currentId` in the remembered view: the next row of its page, else the first of
 * the page after; when the current one has left the view (started, answered), the first row of its
 * page that is not it. Null at the end of the view.
 */
export async function nextInQueue(currentId: string): Promise<string | null> {
  const place = queuePlace();
  const load = (page: number) => call(api.queries.$get({ query: queueParams(place, page) }));
  const here = await load(place.page);
  const ids = here.data.map((q) => q._id);
  const at = ids.indexOf(currentId);
  if (at >= 0 && at + 1 < ids.length) return ids[at + 1]!;
  if (at < 0) {
    const other = ids.find((id) => id !== currentId);
    if (other) return other;
  }
  if (place.page * QUEUE_PAGE_SIZE >= here.total) return null;
  const after = await load(place.page + 1);
  const next = after.data.find((q) => q._id !== currentId)?._id ?? null;
  if (next) rememberQueuePlace({ ...place, page: place.page + 1 });
  return next;
}
