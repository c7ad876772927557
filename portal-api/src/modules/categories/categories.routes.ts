import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';

/** The categories sub-app: paths under /api (SPEC §7). */
export function categoriesRoutes(_deps: Deps) {
  return createRouter();
}
