import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '../../../portal-api/src/modules/queries/queries.workspace.schema.ts';
import { api, call } from '../../lib/api.ts';

export type { Workspace };

/** Cache key of one request's workspace; anything that changes the request invalidates ['workspace']. */
export const workspaceKey = (queryId: string) => ['workspace', queryId] as const;

/** GET /queries/{id}/workspace: the whole panel in one call (issue 12). */
export function useWorkspace(queryId: string) {
  return useQuery({
    queryKey: workspaceKey(queryId),
    queryFn: ({ signal }) => call(api.queries[':id'].workspace.$get({ param: { id: queryId } }, { init: { signal } })).then((r) => r.data),
    retry: false,
  });
}
