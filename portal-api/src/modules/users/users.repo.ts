import type { DB } from '../../db/database.ts';
import type { UserRow } from '../../db/schema.ts';

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

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: DB, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
