import type { DB } from '../../db/database.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { hashPassword } from '../auth/auth.public.ts';

/** Creates an approved admin, or promotes and re-keys the user with that e-mail. */
export async function upsertAdmin(db: DB, email: string, password: string, fullName = 'Administrator'): Promise<'created' | 'updated'> {
  const normalized = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  const now = nowIso();
  const existing = await db.selectFrom('users').select('id').where('email', '=', normalized).executeTakeFirst();
  if (existing) {
    await db.updateTable('users')
      .set({ role: 'admin', status: 'approved', password_hash: passwordHash, updated_at: now })
      .where('id', '=', existing.id).execute();
    return 'updated';
  }
  await db.insertInto('users').values({
    id: newId(), full_name: fullName, email: normalized, password_hash: passwordHash, role: 'admin', status: 'approved',
    phone_number: null, company: null, bio: null, profile_image: null, created_at: now, updated_at: now,
  }).execute();
  return 'created';
}

export async function hasAdmin(db: DB): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst());
}
