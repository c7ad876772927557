import { createElement } from 'react';
import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { offlineReason } from '../lib/offline.ts';
import { reportStalePage } from './stale-page.ts';
import { placeOf } from './toast-place.ts';

// Sonner is 9 KB gzipped, needed only once a screen has something to say. The screens
// import `toast` from here, never from 'sonner', so sonner loads after the screen instead
// of before it (first-load JavaScript, docs/performance.md). A toast waits for the outlet
// (Toasts.tsx) to have mounted sonner's <Toaster>, which would miss a toast raised before
// it subscribed.

type Message = Parameters<typeof sonnerToast.error>[0];
type Kind = 'error' | 'success' | 'warning' | 'info';
/**
 * `saidInPage`: the screen also shows the sentence in an alert of its own (a form's error line),
 * so the toast is not announced a second time as an alert.
 */
type Options = ExternalToast & { saidInPage?: boolean };

let outletMounted: () => void = () => undefined;
const outlet = new Promise<void>((resolve) => (outletMounted = resolve));

/** Called by Toasts.tsx once sonner's <Toaster> has mounted. */
export function markOutletMounted(): void {
  outletMounted();
}

const show =
  (kind: Kind) =>
  (message: Message, data?: Options): void => {
    const { saidInPage, ...options } = { ...data };
    // sonner's outlet is one polite live region; an error is said at once instead (WCAG 4.1.3),
    // unless the screen's own alert says it.
    const title =
      kind === 'error' && !saidInPage && typeof message === 'string' ? createElement('span', { role: 'alert' }, message) : message;
    // A call that failed because the browser is offline says why, under the screen's own text
    // (its docs/product.md §8 'Failed to …' or 'Approval failed'): it never reached the server, so there
    // is no server sentence, and the fallback alone does not tell the person what to do.
    if (kind === 'error' && options.description === undefined) options.description = offlineReason();
    // On a phone, off the control in use (toast-place.ts).
    options.position = placeOf(options.position);
    void outlet
      .then(() => import('sonner'))
      .then(({ toast }) => toast[kind](title, options))
      // sonner's chunk is gone (a page from before a redeploy): the banner speaks instead.
      .catch(reportStalePage);
  };

export const toast = { error: show('error'), success: show('success'), warning: show('warning'), info: show('info') };
