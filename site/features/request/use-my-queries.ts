import { useQuery } from '@tanstack/react-query';
import type { MyQuery } from '../../../portal-api/src/modules/queries/queries.schema.ts';
import { api, call } from '../../lib/api.ts';

/**
 * GET /queries/me, shared by /my-queries and /chat (one cache entry): every own request with
 * its chat's last message and unread count. Without limit or cursor the server answers the
 * full rows ({data: MyQuery[]}); the slim keyset page is the other member of the route's union.
 */
export function useMyQueries() {
  return useQuery({
    queryKey: ['queries', 'me'],
    queryFn: () => call(api.queries.me.$get({ query: {} })).then((r) => r.data as MyQuery[]),
  });
}
