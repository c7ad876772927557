import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChatRequestFilter } from '../../../portal-api/src/modules/chats/chats.schema.ts';
import { uploadRuleOf } from '../../../portal-api/src/shared/file-kinds.ts';
import { api, call, jsonBody } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { REQUEST_VIEWS } from '../../lib/cache-keys.ts';
import { describeProgress, useResumableUploads } from '../../lib/resumable-uploads.ts';
import { toast } from '../../ui/toast-on-demand.ts';
import { useSingleFlightMutation } from '../../ui/use-single-flight-mutation.ts';

// The chat's calls over HTTP (the room itself lives on the tab's socket, useChatRoom.ts), one hook
// per call, keyed by chatKeys.

/** Every cache key of the area: the admin's chat lists sit under ['admin'] with the other admin lists. */
export const chatKeys = {
  users: (search: string) => [...REQUEST_VIEWS.admin, 'chat-users', search] as const,
  allUsers: [...REQUEST_VIEWS.admin, 'chat-users'] as const,
  requests: (filter: ChatRequestFilter) => [...REQUEST_VIEWS.admin, 'chat-requests', filter] as const,
  allRequests: [...REQUEST_VIEWS.admin, 'chat-requests'] as const,
};

const USERS_PAGE_SIZE = 30;
const REQUESTS_PAGE_SIZE = 20;

/** GET /chats/users, one page at a time ('Load more'), searched on the server. */
export function useChatUsers(search: string) {
  return useInfiniteQuery({
    queryKey: chatKeys.users(search),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ page: String(pageParam), pageSize: String(USERS_PAGE_SIZE) });
      if (search) params.set('search', search);
      return call(api.chats.users.$get({ query: Object.fromEntries(params) }, { init: { signal } }));
    },
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    refetchInterval: 60_000,
  });
}

/** GET /chats/requests, one keyset page at a time ('Load more'), for one filter. */
export function useChatRequests(filter: ChatRequestFilter) {
  return useInfiniteQuery({
    queryKey: chatKeys.requests(filter),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const query: Record<string, string> = { filter, limit: String(REQUESTS_PAGE_SIZE) };
      if (pageParam) query.cursor = pageParam;
      return call(api.chats.requests.$get({ query }, { init: { signal } }));
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 60_000,
  });
}

/** GET /chats/query/{id}/message: the room's history, read on every join (useChatRoom.ts). */
export const getChatHistory = (queryId: string, signal: AbortSignal) =>
  call(api.chats.query[':id'].message.$get({ param: { id: queryId }, query: {} }, { init: { signal } }));

/**
 * The chat's paperclip (docs/product.md §16): the file goes up through the same resumable upload as
 * the request form's, then POST /chats/query/{id}/files makes it a message of the room. The message
 * itself arrives over /ws like any other, so the list needs nothing from the answer.
 */
export function useChatFile(queryId: string | undefined) {
  const token = useAuth((s) => s.token);
  // The rule the server checks this sender's file against (chats.routes.ts, tus-server.ts).
  const rule = uploadRuleOf(useAuth((s) => s.role) ?? 'client');
  const uploads = useResumableUploads(token);
  const send = useSingleFlightMutation({
    mutationFn: async (file: File) => {
      if (!queryId) return null;
      const [uploadId] = await uploads.uploadAll([{ id: 'chat-file', file }]);
      return call(api.chats.query[':id'].files.$post({ param: { id: queryId } }, jsonBody({ uploadIds: [uploadId] })));
    },
    onError: (err) => toast.error(uploads.failureOf(err, 'Failed to send the file')),
  });
  const progress = uploads.progress['chat-file'];
  const status = send.isPending && progress ? `Sending ${send.variables?.name ?? 'the file'}: ${describeProgress(progress)}` : null;
  return { send: (file: File) => send.mutate(file), status, rule };
}
