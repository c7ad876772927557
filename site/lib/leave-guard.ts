import { useEffect } from 'react';

/**
 * While `active` (files uploading, a submit on its way), leaving the page asks first: the
 * browser's own "Leave site?" dialog on reload, closing the tab, and every in-app link (the
 * portal's links are full page loads, so they pass through beforeunload too). None when idle.
 * The event must be cancelled and, for older browsers, given a truthy returnValue (MDN "beforeunload": Chrome before 119).
 */
export function useLeaveGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}
