import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';

/** The chats sub-app: paths under /api (SPEC §7). */
export function chatsRoutes(_deps: Deps) {
  return createRouter();
}
