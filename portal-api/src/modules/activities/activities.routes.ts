import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';

/** The activities sub-app: paths under /api (SPEC §7). */
export function activitiesRoutes(_deps: Deps) {
  return createRouter();
}
