import type { ExternalToast, toast as sonnerToast } from 'sonner';
import { isOffline, OFFLINE_TEXT } from '../../lib/offline.ts';
import { reportStalePage } from './stale-page.ts';
import { placeOf } from './toast-place.ts';

// Sonner is 9 KB gzipped, needed only once a screen has something to say. In the
// browser build every `import { toast } from 'sonner'` is pointed here
// (astro.config.mjs, plugin "toast-on-demand"), so sonner loads after the screen
// instead of before it (issue 15: portal first-load JavaScript). A toast waits for
// the outlet (Toasts.tsx) to have mounted sonner's <Toaster>, which would miss a
// toast raised before it subscribed.

type Message = Parameters<typeof sonnerToast.error>[0];
type Kind = 'error' | 'success' | 'warning';

let outletMounted: () => void = () => undefined;
const outlet = new Promise<void>((resolve) => (outletMounted = resolve));

/** Called by Toasts.tsx once sonner's <Toaster> has mounted. */
export function markOutletMounted(): void {
  outletMounted();
}

const show =
  (kind: Kind) =>
  (message: Message, data?: ExternalToast): void => {
    const options = { ...data };
    // A failure while the browser is offline says why, under the screen's own text (its SPEC §8
    // 'Failed to …' or 'Approval failed'): a call that could not leave the browser has no
    // server sentence, and the screen's fallback alone does not tell the person what to do.
    if (kind === 'error' && options.description === undefined && isOffline()) options.description = OFFLINE_TEXT;
    // On a phone, off the control in use (toast-place.ts).
    options.position = placeOf(options.position);
    void outlet
      .then(() => import('sonner'))
      .then(({ toast }) => toast[kind](message, options))
      // sonner's chunk is gone (a page from before a redeploy): the banner speaks instead.
      .catch(reportStalePage);
  };

export const toast = { error: show('error'), success: show('success'), warning: show('warning') };
