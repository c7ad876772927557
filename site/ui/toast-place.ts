import type { ExternalToast } from 'sonner';

// Where toasts appear: never over a screen's own buttons. Screens put
// their actions at the top (title rows, toolbars such as DRAFT / DELETE /
// UPLOAD), which is where a top-right toast sat, so toasts sit at the bottom:
// bottom right on a desktop, full width along the bottom on a phone (sonner's
// layout under 600 px). The "top right" of docs/product.md for the profile toast gives way
// to this (reported as a departure).
//
// The chat screens keep their composer (text box, attach, send) along the
// bottom: there toasts rise above it and cover only the message history.
//
// A phone's form has its button at the bottom too, under the full-width toast:
// after a refused 'Submit Request' the toast lay over it and the next tap hit
// the toast. So on a phone a toast that would cover the control
// in use (the one last pressed or focused) goes to the top, under the portal's
// bar, instead. The desktop places are unchanged.
//
// The page under a toast changes while it shows (the focus moves on, a list
// re-renders): toast-clear.ts slides the toasts clear of it as it does.

/** The class of the element Toasts.tsx wraps sonner's outlet in (sonner's own names stay in its chunk). */
export const OUTLET_CLASS = 'toast-outlet';

const COMPOSER_CLEARANCE = 104;
/** Below the portal's 60 px bar on a phone. */
const PHONE_BAR_CLEARANCE = 68;
/** How tall the band a bottom toast takes may be: a title and a line of description. */
const TOAST_BAND = 96;
/** sonner's phone layout starts below this width (its stylesheet: max-width 600px). */
const PHONE = '(max-width: 600px)';

const chatRoute = () => typeof window !== 'undefined' && /^\/(admin-)?chat(\/|$)/.test(window.location.pathname);

/** The outlet's distances from the screen's edges, on a desktop and on a phone. */
export function outletOffsets() {
  const bottom = chatRoute() ? COMPOSER_CLEARANCE : 24;
  return {
    offset: { bottom, right: 24 },
    mobileOffset: { top: PHONE_BAR_CLEARANCE, bottom: bottom - 8, left: 12, right: 12 },
  };
}

let lastUsed: Element | null = null;
if (typeof document !== 'undefined') {
  // Pressed or focused, whichever came last (a tap on iOS does not focus a button); not a toast.
  const note = (e: Event) => {
    if (e.target instanceof Element && !e.target.closest(`.${OUTLET_CLASS}`)) lastUsed = e.target;
  };
  document.addEventListener('pointerdown', note, true);
  document.addEventListener('focusin', note, true);
}

/** A toast's place: its own if it names one, else the outlet's, but the top on a phone when the bottom one would cover the control in use. */
export function placeOf(requested: ExternalToast['position']): ExternalToast['position'] {
  if (requested !== undefined || typeof window === 'undefined' || !window.matchMedia?.(PHONE).matches) return requested;
  if (!lastUsed?.isConnected) return undefined;
  const band = window.innerHeight - outletOffsets().mobileOffset.bottom;
  const { top, bottom } = lastUsed.getBoundingClientRect();
  return top < band && bottom > band - TOAST_BAND ? 'top-center' : undefined;
}
