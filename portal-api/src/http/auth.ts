import type { MiddlewareHandler } from 'hono';
import type { DB } from '../db/database.ts';
import type { Role } from '../db/schema.ts';
import { validateSessionToken } from '../modules/auth/session.ts';
import { linkViewer } from '../lib/link-viewer.ts';
import type { AppEnv, AuthUser } from './env.ts';
import { HttpError } from './errors.ts';
import { AUTH_REQUIRED, AUTH_TEXTS, NOT_ALLOWED, SESSION_EXPIRED } from '../modules/auth/auth.labels.ts';

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * Resolves a session token to a user allowed to see data: an approved client
 * or an admin. Login challenge tokens and registration tokens are not sessions,
 * so they fail here (docs/product.md §18).
 */
export async function authenticate(db: DB, token: string | null): Promise<AuthUser> {
  if (!token) throw new HttpError(401, AUTH_REQUIRED);
  const user = await validateSessionToken(db, token);
  if (!user) throw new HttpError(401, SESSION_EXPIRED, { code: 'session_expired' });
  if (user.role === 'client' && user.status !== 'approved') throw new HttpError(403, AUTH_TEXTS.notApproved, { code: 'not_approved' });
  if (user.role !== 'client' && user.role !== 'admin') throw new HttpError(403, AUTH_TEXTS.unknownRole);
  // Disabling an admin deletes their sessions; this holds even for one created in the same instant.
  if (user.status === 'disabled') throw new HttpError(401, SESSION_EXPIRED, { code: 'session_expired' });
  return user;
}

/** Middleware: a signed-in user with one of `roles` (any role when empty). */
export function requireAuth(db: DB, ...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await authenticate(db, bearerToken(c.req.header('authorization')));
    if (roles.length && !roles.includes(user.role)) throw new HttpError(403, NOT_ALLOWED);
    c.set('user', user);
    // Links signed while answering are bound to this user (lib/link-viewer.ts).
    await linkViewer.run(user.id, next);
  };
}

/** Sets c.var.user when a valid token is present; anonymous otherwise. */
export function optionalAuth(db: DB): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (token) {
      try {
        c.set('user', await authenticate(db, token));
      } catch {
        // A stale token on a public read is treated as anonymous.
      }
    }
    const user = c.get('user') as AuthUser | undefined;
    await (user ? linkViewer.run(user.id, next) : next());
  };
}
