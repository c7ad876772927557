import { startTransition, useEffect, useState } from 'react';
import { followStoredSession, homeFor, useAuth } from './auth-store.ts';
import { safeNext } from './routes.ts';

export type Area = 'guest' | 'client' | 'admin';

/**
 * Route guards (docs/product.md §2): authentication routes are guest-only (a signed-in
 * user goes to their area); the client area admits clients, the admin area
 * admins; anyone else goes to /login. Returns true once the screen may render.
 * The server still checks every call; an expired token answers 401 and
 * lib/api.ts signs the browser out. A sign-out in another tab reaches the
 * store (auth-store.ts), so its client and admin screens go to /login at once.
 */
export function useGuard(area: Area): boolean {
  const token = useAuth((s) => s.token);
  const role = useAuth((s) => s.role);
  // Guest screens decide once, on arrival. The code step signs in on the screen
  // itself and navigates on its own; reacting to that sign-in here started a
  // second navigation that aborted the first.
  const [arrival] = useState(() => ({ token, role }));
  const session = area === 'guest' ? arrival : { token, role };
  const next = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('next');
  const target = redirectFor(area, session.token, session.role, next);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (target === '/login') rememberWayBack();
    if (target) window.location.replace(target);
    // As a transition: React renders the screen in slices that leave the main thread free
    // between them, where a plain update rendered it in one long task (docs/performance.md).
    else startTransition(() => setReady(true));
  }, [target]);
  // A guest screen does follow a sign-in of another tab (its storage event; auth-store.ts keeps
  // the store in line): the browser is signed in now, so it goes on as on arrival.
  useEffect(() => {
    if (area !== 'guest') return;
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== 'token') return;
      followStoredSession();
      const { token: now, role: nowRole } = useAuth.getState();
      const to = redirectFor('guest', now, nowRole, next);
      if (to) window.location.replace(to);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [area, next]);
  return ready && !target;
}

export function redirectFor(area: Area, token: string | null, role: string | null, next?: string | null): string | null {
  if (area === 'guest') {
    if (!token || (role !== 'admin' && role !== 'client')) return null;
    // A signed-in visitor sent to /login?next=… goes straight on (same-site paths only).
    return safeNext(next) ?? homeFor(role);
  }
  if (!token) return '/login';
  if (area === 'admin' && role !== 'admin') return role === 'client' ? '/portal' : '/login';
  if (area === 'client' && role !== 'client') return role === 'admin' ? '/admin' : '/login';
  return null;
}

// The way back after sign-in from a request's page opened signed out (the link of a mail,
// an expired session): kept in this tab's sessionStorage, not in the URL, so /login and the
// code step keep the addresses of docs/product.md §2, and the sign-in that follows within 15 minutes
// comes back to the request instead of the home page. Only a request's own page: a guard
// met on any other page leads home after sign-in, as the spec says.
const WAY_BACK_KEY = 'wayBack';
const WAY_BACK_MS = 15 * 60_000;
const REQUEST_PAGE = /^\/(?:chat|admin-chat)\/[A-Za-z0-9_-]{1,64}$/;

/** Remembers the page this tab is on, when it is a request's page, for takeWayBack(). */
export function rememberWayBack(): void {
  const here = safeNext(`${window.location.pathname}${window.location.search}`);
  if (!here || !REQUEST_PAGE.test(window.location.pathname)) return;
  try {
    sessionStorage.setItem(WAY_BACK_KEY, JSON.stringify({ path: here, at: Date.now() }));
  } catch {
    // Storage refused (private mode, full): the sign-in leads home.
  }
}

/** The remembered page, once, if it is fresh; the sign-in's own `next` comes first. */
export function takeWayBack(): string | null {
  try {
    const raw = sessionStorage.getItem(WAY_BACK_KEY);
    sessionStorage.removeItem(WAY_BACK_KEY);
    const saved = raw ? (JSON.parse(raw) as { path?: unknown; at?: unknown }) : null;
    if (!saved || typeof saved.path !== 'string' || typeof saved.at !== 'number' || Date.now() - saved.at > WAY_BACK_MS) return null;
    return safeNext(saved.path);
  } catch {
    return null;
  }
}

// A session ended elsewhere (logout or a password reset in another place, or its expiry) sends the
// tab to /login (api.ts, sessionRefused), which then says so once. Kept beside the way back, and
// for the same reason: the address of /login stays the spec's.
const SESSION_ENDED_KEY = 'sessionEnded';

/** Marks that this tab's session was ended by the server, for the /login screen to say. */
export function markSessionEnded(): void {
  try {
    sessionStorage.setItem(SESSION_ENDED_KEY, String(Date.now()));
  } catch {
    // Storage refused: /login opens without the sentence.
  }
}

/** Whether the session was ended by the server in the last 15 minutes; answers once. */
export function takeSessionEnded(): boolean {
  try {
    const at = Number(sessionStorage.getItem(SESSION_ENDED_KEY));
    sessionStorage.removeItem(SESSION_ENDED_KEY);
    return at > 0 && Date.now() - at <= WAY_BACK_MS;
  } catch {
    return false;
  }
}
