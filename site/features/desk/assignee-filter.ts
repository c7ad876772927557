import { ASSIGNEE_FILTERS, type AssigneeFilter } from '../../../portal-api/src/modules/queries/queries.assign.labels.ts';

// The queue's Mine / Unassigned / Everyone choice (docs/product.md §25), remembered per admin in
// this browser's localStorage: a view preference, not data, so no server round trip or table.

const key = (userId: string | null) => `queueAssignee:${userId ?? 'admin'}`;

/** The admin's last choice; without one, 'mine' once the firm has more than one active admin. */
export function rememberedAssigneeFilter(userId: string | null, activeAdmins: number): AssigneeFilter {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(key(userId));
  } catch {
    // Storage refused (private mode): the default.
  }
  if (saved && (ASSIGNEE_FILTERS as readonly string[]).includes(saved)) return saved as AssigneeFilter;
  return activeAdmins > 1 ? 'mine' : 'everyone';
}

export function rememberAssigneeFilter(userId: string | null, filter: AssigneeFilter): void {
  try {
    localStorage.setItem(key(userId), filter);
  } catch {
    // Not remembered; the choice still applies on this page.
  }
}
