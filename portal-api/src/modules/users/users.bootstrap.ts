import type { DB } from '../../db/database.ts';
import { deleteUserSessions, hashPassword, verifyPassword } from '../auth/auth.public.ts';
import { findUserByEmail, upsertAdminRow } from './users.repo.ts';

export { findUserByEmail, hasAdmin } from './users.repo.ts';

/**
 * Creates an approved admin, or promotes and re-keys the user with that e-mail. A new password ends
 * the account's sessions, as a reset does (an operator re-keys a compromised admin with
 * `create-admin`); the same password (ADMIN_PASSWORD at every start) keeps them. A given name
 * names the account (a new one without is 'Administrator'); none keeps an existing account's.
 */
export async function upsertAdmin(db: DB, email: string, password: string, fullName?: string): Promise<'created' | 'updated'> {
  const address = email.trim().toLowerCase();
  const existing = await findUserByEmail(db, address);
  const same = !!existing?.password_hash && (await verifyPassword(existing.password_hash, password));
  const passwordHash = same && existing ? existing.password_hash : await hashPassword(password);
  const result = await upsertAdminRow(db, { email: address, passwordHash, fullName });
  if (existing && !same) await deleteUserSessions(db, existing.id);
  return result;
}

/**
 * The name a new admin gets from its e-mail when none is given: the part before '@', its dots,
 * dashes and underscores as spaces, each word capitalised ('maria.lopez@…' → 'Maria Lopez'), so a
 * firm's estimators are told apart on the queue and in the chat rather than all 'Administrator'.
 */
export function nameFromEmail(email: string): string {
  const words = email
    .split('@')[0]!
    .replace(/\+.*$/, '')
    .split(/[._-]+/)
    .filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ') || 'Administrator';
}
