import type { DB } from '../../db/database.ts';
import { hashPassword } from '../auth/auth.public.ts';
import { upsertAdminRow } from './users.repo.ts';

export { hasAdmin } from './users.repo.ts';

/** Creates an approved admin, or promotes and re-keys the user with that e-mail. */
export async function upsertAdmin(db: DB, email: string, password: string, fullName = 'Administrator'): Promise<'created' | 'updated'> {
  return upsertAdminRow(db, { email: email.trim().toLowerCase(), passwordHash: await hashPassword(password), fullName });
}
