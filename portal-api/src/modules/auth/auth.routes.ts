import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';

/** The auth sub-app: paths under /api (SPEC §7). */
export function authRoutes(_deps: Deps) {
  return createRouter();
}
