// What the browser knows about its own connection. `navigator.onLine` false is reliable (no
// network at all); true only means a network is there, not that the server answers (MDN:
// Navigator.onLine), so a failure while "online" keeps the screen's own docs/product.md §8 text.

/** The reason said with a failure while the browser is offline, so the person knows the fault is on their side. */
export const OFFLINE_TEXT = 'You are offline. Check your connection and try again.';

export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A form's own failure text (said in the form, not in a toast) for a call that got no answer:
 * while the browser is offline, the reason follows it, as the toasts give it (toast-on-demand.ts).
 */
export function withOfflineReason(text: string): string {
  return isOffline() ? `${text} ${OFFLINE_TEXT}` : text;
}

/** A screen shows a failure within moments of the call failing. */
const REASON_WINDOW_MS = 2000;
let failedOfflineAt = -Infinity;

/** Notes that a call has just failed while offline (ui/query-client.ts does it for every action). */
export function noteOfflineFailure(): void {
  failedOfflineAt = Date.now();
}

/**
 * OFFLINE_TEXT for the error a screen is about to show when a call has just failed offline,
 * once; else undefined, so that a check of the form's own ('Please fill in all required
 * fields.') is not blamed on the connection.
 */
export function offlineReason(): string | undefined {
  if (!isOffline() || Date.now() - failedOfflineAt > REASON_WINDOW_MS) return undefined;
  failedOfflineAt = -Infinity;
  return OFFLINE_TEXT;
}
