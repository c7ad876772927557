import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';

/** The services sub-app: paths under /api (SPEC §7). */
export function servicesRoutes(_deps: Deps) {
  return createRouter();
}
