import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '../../../portal-api/src/modules/workspace/workspace.schema.ts';
import { api, call } from '../../lib/api.ts';

export type { Workspace };

/** Cache key of one request's workspace; anything that changes the request invalidates ['workspace']. */
export const workspaceKey = (queryId: string) => ['workspace', queryId] as const;

/** While the background reader has a file of the request in hand, the panel asks again this often. */
export const INDEX_POLL_MS = 3000;

/** GET /queries/{id}/workspace: the whole panel in one call. */
export function useWorkspace(queryId: string) {
  return useQuery({
    queryKey: workspaceKey(queryId),
    queryFn: ({ signal }) => call(api.queries[':id'].workspace.$get({ param: { id: queryId } }, { init: { signal } })).then((r) => r.data),
    retry: false,
    // Back to a tab left open: fresh status, and file links signed again before they expire (SignedLink.tsx).
    refetchOnWindowFocus: true,
    // A sheet index still 'Reading…' turns into its summary without a reload.
    refetchInterval: (query) => (query.state.data?.query.files.some((f) => f.index?.status === 'pending') ? INDEX_POLL_MS : false),
  });
}
