import { useEffect, useState } from 'react';
import { homeFor, useAuth } from './auth-store.ts';

export type Area = 'guest' | 'client' | 'admin';

/**
 * Route guards (SPEC §2): authentication routes are guest-only (a signed-in
 * user goes to their area); the client area admits clients, the admin area
 * admins; anyone else goes to /login. Returns true once the screen may render.
 * The server still checks every call; an expired token answers 401 and
 * lib/api.ts signs the browser out.
 */
export function useGuard(area: Area): boolean {
  const token = useAuth((s) => s.token);
  const role = useAuth((s) => s.role);
  const target = redirectFor(area, token, role);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (target) window.location.replace(target);
    else setReady(true);
  }, [target]);
  return ready && !target;
}

export function redirectFor(area: Area, token: string | null, role: string | null): string | null {
  if (area === 'guest') return token && (role === 'admin' || role === 'client') ? homeFor(role) : null;
  if (!token) return '/login';
  if (area === 'admin' && role !== 'admin') return role === 'client' ? '/portal' : '/login';
  if (area === 'client' && role !== 'client') return role === 'admin' ? '/admin' : '/login';
  return null;
}
