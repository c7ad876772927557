import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { ChatUser } from './types.ts';

const PAGE_SIZE = 30;

/** GET /chats/users, one page at a time ('Load more'), searched on the server. */
export function useChatUsers(search: string) {
  return useInfiniteQuery({
    queryKey: ['admin', 'chat-users', search],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ page: String(pageParam), pageSize: String(PAGE_SIZE) });
      if (search) params.set('search', search);
      return api<{ users: ChatUser[]; page: number; hasMore: boolean }>(`/chats/users?${params}`, { signal });
    },
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    refetchInterval: 60_000,
  });
}
