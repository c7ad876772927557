import type { DB } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

/** The user as the API shows it (SPEC §3 "User in admin list", "Profile"). */
export function toUser(row: UserRow) {
  return {
    _id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    status: row.status,
    phoneNumber: row.phone_number ?? '',
    company: row.company ?? '',
    bio: row.bio ?? '',
    profileImage: row.profile_image,
    createdAt: row.created_at,
  };
}

/** GET /users/profile: every profile field (ARCHITECTURE.md "API contract"). */
export function toProfile(row: UserRow) {
  return {
    fullName: row.full_name,
    email: row.email,
    phoneNumber: row.phone_number ?? '',
    company: row.company ?? '',
    bio: row.bio ?? '',
    profileImage: row.profile_image,
    role: row.role,
  };
}

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: DB, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** SPEC §6: the admin's user list excludes admins; newest first. */
export async function listNonAdminUsers(db: DB, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    db.selectFrom('users').selectAll().where('role', '!=', 'admin')
      .orderBy('created_at', 'desc').orderBy('id', 'desc')
      .limit(pageSize).offset((page - 1) * pageSize).execute(),
    db.selectFrom('users').select((eb) => eb.fn.countAll<string | number>().as('n')).where('role', '!=', 'admin').executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function updateProfile(
  db: DB,
  id: string,
  patch: { fullName?: string; phoneNumber?: string; company?: string; bio?: string; profileImage?: string },
): Promise<void> {
  const set: Record<string, string | null> = { updated_at: nowIso() };
  if (patch.fullName !== undefined) set.full_name = patch.fullName;
  if (patch.phoneNumber !== undefined) set.phone_number = patch.phoneNumber || null;
  if (patch.company !== undefined) set.company = patch.company || null;
  if (patch.bio !== undefined) set.bio = patch.bio || null;
  if (patch.profileImage !== undefined) set.profile_image = patch.profileImage;
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}
