import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';

/** The contact sub-app: paths under /api (SPEC §7). */
export function contactRoutes(_deps: Deps) {
  return createRouter();
}
