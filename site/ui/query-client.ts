import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isOffline, noteOfflineFailure } from '../lib/offline.ts';

/**
 * A screen's server-state cache. Reads keep TanStack Query's default network mode ('online'):
 * while `navigator.onLine` is false they wait, and they run when the connection returns.
 * Writes do not wait (networkMode 'always'): under the default, an action taken offline sat
 * paused with its button busy and no word, then ran when the network came back, even after
 * its dialog had been dismissed, or was lost on a reload. Now it is sent at
 * once, fails at once and goes down the screen's usual failure path; nothing is left queued
 * behind the person's back. A failure while offline is noted first (the cache's onError runs
 * before the screen's), so the error toast the screen raises says why (toast-on-demand.ts).
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: () => {
        if (isOffline()) noteOfflineFailure();
      },
    }),
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { networkMode: 'always' },
    },
  });
}
