import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';

/** The blogs sub-app: paths under /api (SPEC §7). */
export function blogsRoutes(_deps: Deps) {
  return createRouter();
}
