import type { LifecycleEvent } from './lifecycle.schema.ts';

// In-app alerts: a lifecycle step made by the other side pops up on every signed-in page of the
// portal except that request's own workspace (which shows the change itself). Defined here once,
// for the server's frame and the browser's toast (site/islands/shell/use-unread-socket.ts).

export type AlertRole = 'client' | 'admin';

/** Which side is told of which step: the steps the other side takes. */
const ALERTS: Record<AlertRole, Partial<Record<LifecycleEvent, string>>> = {
  client: {
    quoteSent: 'New quote',
    quoteWithdrawn: 'Quote withdrawn',
    answered: 'Estimate delivered',
  },
  admin: {
    quoteAccepted: 'Quote accepted',
    quoteDeclined: 'Quote declined',
    addendumAdded: 'Addendum received',
    reopened: 'Revision requested',
    outcomeRecorded: 'Bid outcome recorded',
  },
};

/** The alert's action: to the request's workspace. */
export const ALERT_ACTION = 'Go to request';

/** How long an alert stays: long enough to read and act on (hover or focus holds it). */
export const ALERT_TOAST_MS = 10_000;

/**
 * The alert a step raises for someone of `role`, or null when it is not theirs to hear of.
 * 'Quote accepted: Dockside Retail'; a request without a project name is 'your request' for the
 * client and 'a request' for the firm (its message is not repeated: the lists beside show it).
 */
export function lifecycleAlert(role: AlertRole, event: LifecycleEvent, projectName: string | null): string | null {
  const head = ALERTS[role][event];
  if (!head) return null;
  const name = projectName?.trim() || (role === 'client' ? 'your request' : 'a request');
  return `${head}: ${name}`;
}

/** The workspace of a request, where an alert's action leads. */
export function workspacePath(role: AlertRole, queryId: string): string {
  return role === 'admin' ? `/admin-chat/${encodeURIComponent(queryId)}` : `/chat/${encodeURIComponent(queryId)}`;
}
