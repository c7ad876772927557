import { useInfiniteQuery } from '@tanstack/react-query';
import type { ChatRequestFilter } from '../../../portal-api/src/modules/chats/chats.schema.ts';
import { api, call } from '../../lib/api.ts';

const PAGE_SIZE = 20;

/** GET /chats/requests, one keyset page at a time ('Load more'), for one filter. */
export function useChatRequests(filter: ChatRequestFilter) {
  return useInfiniteQuery({
    queryKey: ['admin', 'chat-requests', filter],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const query: Record<string, string> = { filter, limit: String(PAGE_SIZE) };
      if (pageParam) query.cursor = pageParam;
      return call(api.chats.requests.$get({ query }, { init: { signal } }));
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: 60_000,
  });
}
