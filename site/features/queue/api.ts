import { keepPreviousData, useQuery, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api, ApiError, call, jsonBody } from '../../lib/api.ts';
import { REQUEST_VIEWS } from '../../lib/cache-keys.ts';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';
import { requestKeys, type QueryStatus } from '../request/index.ts';
import { QUEUE_PAGE_SIZE, queueParams, queuePlace, rememberQueuePlace, type QueuePlace } from './queue-place.ts';

// The admin's request queue, one hook per call, keyed by queueKeys.

/**
 * Every cache key of the area. They sit under ['admin'] (REQUEST_VIEWS.admin) with the dashboard's
 * and the chat's lists, so a change to a request refreshes every admin list at once.
 */
export const queueKeys = {
  all: REQUEST_VIEWS.admin,
  queue: (status: string, search: string, page: number, assignee = 'everyone') =>
    [...queueKeys.all, 'queue', status, search, page, assignee] as const,
  clients: (page: number) => [...queueKeys.all, 'clients', page] as const,
  userQueries: (userId: string | undefined) => [...queueKeys.all, 'user-queries', userId] as const,
};

/** GET /queries: one page of the queue, soonest due first, the page shown kept while the next loads. */
export function useQueue(place: Pick<QueuePlace, 'status' | 'view' | 'search' | 'assignee'>, page: number, pageSize: number) {
  // The earlier of the delivery due time and the bid due date comes first (docs/product.md, queue).
  return useQuery({
    queryKey: queueKeys.queue(`${place.status}|${place.view}`, place.search, page, place.assignee ?? ''),
    queryFn: () => call(api.queries.$get({ query: queueParams(place, page, pageSize) })),
    placeholderData: keepPreviousData,
    // Mine / Unassigned / Everyone (docs/product.md §25); null: not known yet.
    enabled: place.assignee !== null,
  });
}

/** GET /users with each client's latest query status. */
export function useClients(page: number, pageSize: number) {
  return useQuery({
    queryKey: queueKeys.clients(page),
    queryFn: () => call(api.users.$get({ query: { page: String(page), pageSize: String(pageSize), include: 'latestQueryStatus' } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /users/{id}/queries, once a client is chosen. */
export function useUserQueries(userId: string | undefined) {
  return useQuery({
    queryKey: queueKeys.userQueries(userId),
    queryFn: () => call(api.users[':id'].queries.$get({ param: { id: userId! } })).then((r) => r.data),
    enabled: !!userId,
  });
}

/** Refreshes every admin list and the request's workspace (it shows the status too). */
function useRefresh() {
  const client = useQueryClient();
  return (queryId: string) => {
    void client.invalidateQueries({ queryKey: queueKeys.all });
    void client.invalidateQueries({ queryKey: requestKeys.workspace(queryId) });
  };
}

/** What a status change sends; `note` says what this revision changed, when answering. */
export type StatusChange = { id: string; status: QueryStatus; note?: string };
type ChangeOptions = Omit<UseMutationOptions<{ message: string }, Error, StatusChange>, 'mutationFn'>;

/**
 * PATCH /queries/{id}/status. The lists are refreshed after a change, and after a refusal the
 * server answered (409: a client accepted a quote, another admin acted), so they show what the
 * request is now instead of offering the same button again.
 */
export function useChangeStatus(options: ChangeOptions) {
  const refresh = useRefresh();
  return useSingleFlightMutation({
    ...options,
    mutationFn: ({ id, status, note }: StatusChange) => call(api.queries[':id'].status.$patch({ param: { id }, json: { status, note } })),
    onSuccess: (...args) => {
      refresh(args[1].id);
      return options.onSuccess?.(...args);
    },
    onError: (...args) => {
      const [err, { id }] = args;
      if (err instanceof ApiError && err.status) refresh(id);
      return options.onError?.(...args);
    },
  });
}

/** POST /queries/{id}/deliverables: attaches finished uploads, then refreshes the admin lists. */
export function useAttachDeliverables() {
  const client = useQueryClient();
  return async (queryId: string, uploadIds: string[]) => {
    const res = await call(api.queries[':id'].deliverables.$post({ param: { id: queryId } }, jsonBody({ uploadIds })));
    void client.invalidateQueries({ queryKey: queueKeys.all });
    return res;
  };
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
