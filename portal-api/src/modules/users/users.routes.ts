import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';

/** The users sub-app: paths under /api (SPEC §7). */
export function usersRoutes(_deps: Deps) {
  return createRouter();
}
