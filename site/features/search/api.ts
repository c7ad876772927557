import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, call } from '../../lib/api.ts';

// The search area's one call (docs/product.md, "Search").

export const searchKeys = { page: (q: string, page: number) => ['search', q, page] as const };

/** GET /search: one page of results; nothing is asked until there is text. */
export function useSearch(q: string, page: number, pageSize: number) {
  return useQuery({
    queryKey: searchKeys.page(q, page),
    queryFn: () => call(api.search.$get({ query: { q, page: String(page), pageSize: String(pageSize) } })),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}
