import { useEffect, useState } from 'react';
import { followStoredSession, homeFor, useAuth } from './auth-store.ts';
import { safeNext } from './routes.ts';

export type Area = 'guest' | 'client' | 'admin';

/**
 * Route guards (SPEC §2): authentication routes are guest-only (a signed-in
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
  // second navigation that aborted the first (issue 17).
  const [arrival] = useState(() => ({ token, role }));
  const session = area === 'guest' ? arrival : { token, role };
  const next = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('next');
  const target = redirectFor(area, session.token, session.role, next);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (target) window.location.replace(target);
    else setReady(true);
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
