import { useInfiniteQuery } from '@tanstack/react-query';
import { api, call } from '../../lib/api.ts';

const PAGE_SIZE = 30;

/** GET /chats/users, one page at a time ('Load more'), searched on the server. */
export function useChatUsers(search: string) {
  return useInfiniteQuery({
    queryKey: ['admin', 'chat-users', search],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ page: String(pageParam), pageSize: String(PAGE_SIZE) });
      if (search) params.set('search', search);
      return call(api.chats.users.$get({ query: Object.fromEntries(params) }, { init: { signal } }));
    },
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    refetchInterval: 60_000,
  });
}
