import type { Role } from '../../shared/roles.ts';
import type { LifecycleEvent } from './queries.rules.ts';

// In-app alerts: a lifecycle step taken by the other side pops up on every signed-in page of the
// portal except that request's own workspace (which shows the change itself). Defined here once,
// for the server's frame and the browser's toast (site/shell/use-unread-socket.ts).

/** Each step's alert, raised for the side that did not take it ('Quote accepted: Dockside Retail'). */
const ALERTS: Record<LifecycleEvent, string> = {
  quoteSent: 'New quote',
  quoteAccepted: 'Quote accepted',
  quoteDeclined: 'Quote declined',
  quoteWithdrawn: 'Quote withdrawn',
  addendumAdded: 'Addendum received',
  reopened: 'Revision requested',
  answered: 'Estimate delivered',
  outcomeRecorded: 'Bid outcome recorded',
};

/** The alert's action: to the request's workspace. */
export const ALERT_ACTION = 'Go to request';

/** How long an alert stays: long enough to read and act on (hover or focus holds it). */
export const ALERT_TOAST_MS = 10_000;

/**
 * The alert a step taken by `by` raises for someone of `role`, or null for the side that took it
 * (the screen it was taken on says so). A request without a project name is 'your request' for
 * the client and 'a request' for the firm (its message is not repeated: the lists beside show it).
 */
export function lifecycleAlert(role: Role, by: Role, event: LifecycleEvent, projectName: string | null): string | null {
  if (by === role) return null;
  const name = projectName?.trim() || (role === 'client' ? 'your request' : 'a request');
  return `${ALERTS[event]}: ${name}`;
}
