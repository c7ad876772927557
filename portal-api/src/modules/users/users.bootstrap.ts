import type { DB } from '../../db/database.ts';
import { deleteUserSessions, hashPassword, verifyPassword } from '../auth/auth.public.ts';
import { findUserByEmail, upsertAdminRow } from './users.repo.ts';

export { findUserByEmail, hasAdmin } from './users.repo.ts';

/**
 * Creates an approved admin, or promotes and re-keys the user with that e-mail. A new password ends
 * the account's sessions, as a reset does (an operator re-keys a compromised admin with
 * `create-admin`); the same password (ADMIN_PASSWORD at every start) keeps them.
 */
export async function upsertAdmin(db: DB, email: string, password: string, fullName = 'Administrator'): Promise<'created' | 'updated'> {
  const address = email.trim().toLowerCase();
  const existing = await findUserByEmail(db, address);
  const same = !!existing?.password_hash && (await verifyPassword(existing.password_hash, password));
  const passwordHash = same && existing ? existing.password_hash : await hashPassword(password);
  const result = await upsertAdminRow(db, { email: address, passwordHash, fullName });
  if (existing && !same) await deleteUserSessions(db, existing.id);
  return result;
}
