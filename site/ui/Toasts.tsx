import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { reportStalePage } from './stale-page.ts';
import { markOutletMounted } from './toast-on-demand.ts';
import { keepToastsClear } from './toast-clear.ts';
import { OUTLET_CLASS, outletOffsets } from './toast-place.ts';
import { ignoreTouchHover } from './toast-touch.ts';

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

/** docs/product.md §9: toasts close after 5 s by default. */
export const DEFAULT_TOAST_MS = 5000;
/** docs/product.md §9: 3 s on login, contact, profile and general client toasts. */
export const SHORT_TOAST_MS = 3000;

/** The one toast outlet of a screen; `duration` defaults to docs/product.md §9's 5 s. */
export function Toasts({ duration = DEFAULT_TOAST_MS }: { duration?: number }) {
  useEffect(ignoreTouchHover, []);
  const outlet = useRef<HTMLDivElement>(null);
  useEffect(() => (outlet.current ? keepToastsClear(outlet.current) : undefined), []);
  // Where toasts go: toast-place.ts.
  const { offset, mobileOffset } = outletOffsets();
  return (
    // display: contents: a wrapper without a box, for toast-place.ts and toast-touch.ts to know the toasts by.
    <div ref={outlet} className={OUTLET_CLASS} style={{ display: 'contents' }}>
      <Suspense fallback={null}>
        {/* The direction is given: without it sonner reads the page's computed style on every render,
            which forces the browser to lay out a page that is still being built. */}
        <Toaster dir="ltr" position="bottom-right" offset={offset} mobileOffset={mobileOffset} duration={duration} richColors closeButton />
        <Mounted />
      </Suspense>
    </div>
  );
}
