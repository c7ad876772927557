import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { reportStalePage } from './stale-page.ts';
import { markOutletMounted } from './toast-on-demand.ts';

// Sonner's outlet loads on demand, after the screen (toast-on-demand.ts says why). If its
// chunk cannot be had (a page from before a redeploy), the screen goes on without toasts and
// the stale-page banner says so, instead of the failed import taking the island down.
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  import('sonner').then(
    (m) => ({ default: m.Toaster }),
    () => {
      reportStalePage();
      return { default: () => null };
    },
  ),
);

/** Mounted right after <Toaster> (effects run in order), so queued toasts find it subscribed. */
function Mounted() {
  useEffect(markOutletMounted, []);
  return null;
}

// Where toasts appear (issue 17): never over a screen's own buttons. Screens put
// their actions at the top (title rows, toolbars such as DRAFT / DELETE /
// UPLOAD), which is where a top-right toast sat, so toasts sit at the bottom:
// bottom right on a desktop, full width along the bottom on a phone (sonner's
// layout under 600 px). The spec's "top right" for the profile toast gives way
// to this (reported as a departure).

// The chat screens keep their composer (text box, attach, send) along the
// bottom: there toasts rise above it and cover only the message history.
const COMPOSER_CLEARANCE = 104;
const chatRoute = () => typeof window !== 'undefined' && /^\/(admin-)?chat(\/|$)/.test(window.location.pathname);

/** SPEC §9: toasts close after 5 s by default. */
export const DEFAULT_TOAST_MS = 5000;
/** SPEC §9: 3 s on login, contact, profile and general client toasts. */
export const SHORT_TOAST_MS = 3000;

/** The one toast outlet of a screen; `duration` defaults to SPEC §9's 5 s. */
export function Toasts({ duration = DEFAULT_TOAST_MS }: { duration?: number }) {
  const bottom = chatRoute() ? COMPOSER_CLEARANCE : 24;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="bottom-right"
        offset={{ bottom, right: 24 }}
        mobileOffset={{ bottom: bottom - 8, left: 12, right: 12 }}
        duration={duration}
        richColors
        closeButton
      />
      <Mounted />
    </Suspense>
  );
}
