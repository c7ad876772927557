// Where session-dependent links go (docs/product.md §2 "Call-to-action buttons route by
// stored session"). Pure functions: the static HTML carries the signed-out
// target and site-chrome.ts rewrites the links from localStorage.

export type CtaKind = 'portal' | 'sample' | 'request';
export type StoredSession = { token: string | null; role: string | null };

/** The /request URL with its service and sub-service preselected (seeded titles). */
export function requestPath(service: string, subService?: string): string {
  const params = new URLSearchParams({ service });
  if (subService) params.set('subService', subService);
  return `/request?${params}`;
}

/** The sign-in page, returning to `next` afterwards. */
export function loginPath(next?: string): string {
  return next ? `/login?${new URLSearchParams({ next })}` : '/login';
}

/**
 * A completed sign-in (password and code) stores a token and a role. Sign-up
 * stores its token too (docs/product.md §4) but no role: that browser is still a guest, so
 * the public chrome must not offer Logout or route it into the portal.
 */
export function hasSession(session: StoredSession): boolean {
  return Boolean(session.token) && (session.role === 'admin' || session.role === 'client');
}

/**
 * portal: no token → /login; admin → /admin; anyone else → /portal.
 * sample (Request Sample Estimate): token → /contactus; none → /login.
 * request: token → the request form itself; none → /login?next=<request form>.
 */
export function ctaTarget(kind: CtaKind, session: StoredSession, next?: string): string {
  const signedIn = hasSession(session);
  switch (kind) {
    case 'portal':
      if (!signedIn) return '/login';
      return session.role === 'admin' ? '/admin' : '/portal';
    case 'sample':
      return signedIn ? '/contactus' : '/login';
    case 'request':
      if (!next) return signedIn ? '/request' : loginPath('/request');
      return signedIn ? next : loginPath(next);
  }
}

export const WELCOME_KEY = 'welcomeModal';

/**
 * The welcome modal shows unless the visitor dismissed it: "Go to Client
 * Portal" hides it for good, "Remind Me Later" (or closing it) until `until`.
 */
export type WelcomeState = { dismissed: true } | { until: number } | null;

export function parseWelcomeState(raw: string | null): WelcomeState {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as unknown;
    if (value && typeof value === 'object') {
      if ((value as { dismissed?: unknown }).dismissed === true) return { dismissed: true };
      const until = (value as { until?: unknown }).until;
      if (typeof until === 'number' && Number.isFinite(until)) return { until };
    }
  } catch {
    // A hand-edited or foreign value: treat as never dismissed.
  }
  return null;
}

export function shouldShowWelcome(state: WelcomeState, now: number): boolean {
  if (!state) return true;
  if ('dismissed' in state) return false;
  return now >= state.until;
}
