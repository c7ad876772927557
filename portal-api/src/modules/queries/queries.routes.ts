import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';

/** The queries sub-app: paths under /api (SPEC §7). */
export function queriesRoutes(_deps: Deps) {
  return createRouter();
}
