import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';

/** Admin-side query calls: the queue, status changes, deliverables, users with queries. */
export function queriesAdminRoutes(_deps: Deps) {
  return createRouter();
}
