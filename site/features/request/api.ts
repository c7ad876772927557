import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateQuerySchema, MyQuery } from '../../../portal-api/src/modules/queries/queries.schema.ts';
import type { Workspace } from '../../../portal-api/src/modules/workspace/workspace.schema.ts';
import { api, call, jsonBody, serverMessage } from '../../lib/api.ts';
import { REQUEST_VIEWS } from '../../lib/cache-keys.ts';
import { withIdempotencyKey } from '../../lib/idempotency-key.ts';
import { PRODUCT_TEXTS } from '../../lib/product-texts.ts';
import { toast } from '../../ui/toast-on-demand.ts';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';

// A request and its workspace: one hook per read, one function per call a step sends through
// useRequestStep, keyed by requestKeys.

export type { Workspace };

/** Every cache key of the area. */
export const requestKeys = {
  /** Every request's workspace: anything that changes a request refreshes them all. */
  workspaces: REQUEST_VIEWS.workspace,
  /** One request's workspace. */
  workspace: (queryId: string) => [...REQUEST_VIEWS.workspace, queryId] as const,
  mine: [...REQUEST_VIEWS.mine, 'me'] as const,
  limits: ['query-limits'] as const,
  reused: (queryId: string | null) => ['reuse', queryId] as const,
  sheetIndex: (queryId: string) => ['sheet-index', queryId] as const,
};

/**
 * GET /queries/me, shared by /my-queries and /chat (one cache entry): every own request with
 * its chat's last message and unread count. Without limit or cursor the server answers the
 * full rows ({data: MyQuery[]}); the slim keyset page is the other member of the route's union.
 */
export function useMyQueries() {
  return useQuery({
    queryKey: requestKeys.mine,
    queryFn: () => call(api.queries.me.$get({ query: {} })).then((r) => r.data as MyQuery[]),
  });
}

/** While the background reader has a file of the request in hand, the panel asks again this often. */
export const INDEX_POLL_MS = 3000;

/** GET /queries/{id}/workspace: the whole panel in one call. */
export function useWorkspace(queryId: string) {
  return useQuery({
    queryKey: requestKeys.workspace(queryId),
    queryFn: ({ signal }) => call(api.queries[':id'].workspace.$get({ param: { id: queryId } }, { init: { signal } })).then((r) => r.data),
    retry: false,
    // Back to a tab left open: fresh status, and file links signed again before they expire (SignedLink.tsx).
    refetchOnWindowFocus: true,
    // A sheet index still 'Reading…' turns into its summary without a reload.
    refetchInterval: (query) => (query.state.data?.query.files.some((f) => f.index?.status === 'pending') ? INDEX_POLL_MS : false),
  });
}

/** GET /queries/limits: how many files and how large, for the request and addendum forms' checks. */
export function useQueryLimits(enabled = true) {
  return useQuery({ queryKey: requestKeys.limits, queryFn: () => call(api.queries.limits.$get()), enabled });
}

/** GET /queries/{id} of the earlier request named by ?reuse= ('Reuse these plans'). */
export function useReusedRequest(queryId: string | null) {
  return useQuery({
    queryKey: requestKeys.reused(queryId),
    enabled: Boolean(queryId),
    queryFn: () => call(api.queries[':id'].$get({ param: { id: queryId! } })).then((r) => r.data),
    retry: false,
  });
}

/** GET /queries/{id}/sheet-index: a page of files, or (fileId and offset) the next sheets of one file. */
export const getSheetIndex = (queryId: string, query: Record<string, string>, signal?: AbortSignal) =>
  call(api.queries[':id']['sheet-index'].$get({ param: { id: queryId }, query }, { init: { signal } }));

/** The sheet list, fetched only when asked for (`refetch`), a page of files at a time. */
export function useSheetIndexPages(queryId: string) {
  return useInfiniteQuery({
    queryKey: requestKeys.sheetIndex(queryId),
    queryFn: ({ pageParam, signal }) => getSheetIndex(queryId, { page: String(pageParam) }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: false,
  });
}

/** POST /queries as JSON: the form's fields (CreateQuerySchema's) and the finished uploads. */
type NewRequest = z.input<typeof CreateQuerySchema> & { uploadIds: string[] };

/** POST /queries with the uploads already made; `key` makes a retry after a lost answer safe. */
export const createRequest = (json: NewRequest, key: string) => call(api.queries.$post({ json }, withIdempotencyKey(key)));

/** POST /queries/{id}/addenda: the next Addendum N from finished uploads. */
export const addAddendum = (queryId: string, body: { uploadIds: string[]; note?: string }, key: string) =>
  call(api.queries[':id'].addenda.$post({ param: { id: queryId } }, withIdempotencyKey(key, jsonBody(body))));

// The workflow's moves, each sent through useRequestStep (below).

type QuoteBody = Parameters<(typeof api.queries)[':id']['quotes']['$post']>[0]['json'];
type DeclineBody = Parameters<(typeof api.quotes)[':quoteId']['decline']['$post']>[0]['json'];
type ReopenBody = Parameters<(typeof api.queries)[':id']['reopen']['$post']>[0]['json'];
type OutcomeBody = Parameters<(typeof api.queries)[':id']['outcome']['$post']>[0]['json'];
type AcceptBody = Parameters<(typeof api.quotes)[':quoteId']['accept']['$post']>[0]['json'];

export const requestMoves = {
  /** POST /queries/{id}/quotes (the estimator); `key` makes a retry after a lost answer safe. */
  quote: (queryId: string, json: QuoteBody, key: string) =>
    call(api.queries[':id'].quotes.$post({ param: { id: queryId }, json }, withIdempotencyKey(key))),
  /** POST /quotes/{quoteId}/accept (the client), with or without rush. */
  accept: (quoteId: string, json: AcceptBody) => call(api.quotes[':quoteId'].accept.$post({ param: { quoteId }, json })),
  /** POST /quotes/{quoteId}/decline (the client), with the reason. */
  decline: (quoteId: string, json: DeclineBody) => call(api.quotes[':quoteId'].decline.$post({ param: { quoteId }, json })),
  /** POST /quotes/{quoteId}/withdraw (the estimator). */
  withdraw: (quoteId: string) => call(api.quotes[':quoteId'].withdraw.$post({ param: { quoteId } })),
  /** POST /queries/{id}/reopen: a revision of an answered request. */
  reopen: (queryId: string, json: ReopenBody) => call(api.queries[':id'].reopen.$post({ param: { id: queryId }, json })),
  /** POST /queries/{id}/outcome: how the bid went. */
  outcome: (queryId: string, json: OutcomeBody) => call(api.queries[':id'].outcome.$post({ param: { id: queryId }, json })),
};

type StepAnswer = { message: string; warning?: string };

/**
 * One lifecycle move of a request (quote, accept, decline, reopen, outcome): sends it (a
 * requestMoves call), shows the server's sentence (a refused move's 409 too) and reloads the
 * workspaces and the admin's lists that show the request.
 */
export function useRequestStep() {
  const client = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (send: () => Promise<StepAnswer>) => send(),
    onSuccess: (answer) => {
      toast.success(answer.message);
      if (answer.warning) toast.warning(answer.warning, { duration: 8000 });
    },
    onError: (err) => toast.error(serverMessage(err) || PRODUCT_TEXTS.somethingWrong),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: requestKeys.workspaces });
      void client.invalidateQueries({ queryKey: REQUEST_VIEWS.admin });
    },
  });
}
