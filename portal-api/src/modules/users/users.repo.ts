import { decodeCursor, nextCursorOf } from '../../http/cursor.ts';
import type { DB } from '../../db/database.ts';
import { imageForUpdate, replacedImage } from '../../db/row-image.ts';
import type { UserRow } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { createCompanyFor, renameCompanyOwnedBy } from '../companies/companies.repo.ts';
import { insertAdmin } from './staff.repo.ts';

/** The user as the API shows it (docs/product.md §3 "User in admin list", "Profile"). */
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

/** GET /users/profile: every profile field (the OpenAPI document). */
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

/** The signed-in user as /auth answers it (docs/product.md §4 "user"). */
export function toSessionUser(u: Pick<UserRow, 'id' | 'full_name' | 'email' | 'role' | 'status'>) {
  return { _id: u.id, fullName: u.full_name, email: u.email, role: u.role, status: u.status };
}

/**
 * A sign-up: a pending client, in a company of their own, or in the company that invited them
 * (`join`). False when the e-mail already has an account (a concurrent sign-up won).
 */
export async function insertPendingClient(
  db: DB,
  input: { fullName: string; email: string; passwordHash: string; join?: { companyId: string; invitedBy: string } },
): Promise<boolean> {
  const now = nowIso();
  const id = newId();
  const inserted = await db
    .insertInto('users')
    .values({
      id,
      full_name: input.fullName,
      email: input.email,
      password_hash: input.passwordHash,
      role: 'client',
      status: 'pending',
      phone_number: null,
      company: null,
      bio: null,
      profile_image: null,
      created_at: now,
      updated_at: now,
      company_id: input.join?.companyId ?? null,
      invited_by: input.join?.invitedBy ?? null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  const isNew = Number(inserted.numInsertedOrUpdatedRows) === 1;
  if (isNew && !input.join) await createCompanyFor(db, id, input.fullName);
  return isNew;
}

export async function setPasswordHash(db: DB, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: nowIso() }).where('id', '=', id).execute();
}

/** True when this call approved the user (false when already approved, so the mail goes once). */
export async function approveUser(db: DB, id: string): Promise<boolean> {
  const res = await db
    .updateTable('users')
    .set({ status: 'approved', updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '!=', 'approved')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Who to mail about a user: name and e-mail only. */
export function findUserContact(db: DB, id: string) {
  return db.selectFrom('users').select(['email', 'full_name']).where('id', '=', id).executeTakeFirst();
}

/** Creates an approved admin, or promotes and re-keys the user with that e-mail (renamed when a name is given). */
export async function upsertAdminRow(
  db: DB,
  input: { email: string; passwordHash: string; fullName?: string },
): Promise<'created' | 'updated'> {
  const now = nowIso();
  const existing = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
  if (existing) {
    await db
      .updateTable('users')
      .set({
        role: 'admin',
        status: 'approved',
        password_hash: input.passwordHash,
        ...(input.fullName ? { full_name: input.fullName } : {}),
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute();
    return 'updated';
  }
  await insertAdmin(db, { ...input, fullName: input.fullName ?? 'Administrator' });
  return 'created';
}

/** Every admin account's e-mail address, oldest account first (the firm's mail when no address is configured). */
export async function adminEmails(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'admin')
    .where('status', '!=', 'disabled')
    .orderBy('created_at')
    .orderBy('id')
    .limit(20)
    .execute();
  return rows.map((r) => r.email);
}

export async function hasAdmin(db: DB): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst());
}

export function findUserByEmail(db: DB, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export function findUserById(db: DB, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** docs/product.md §6: the admin's user list excludes admins; newest first. A cursor starts after its row (keyset). */
export async function listNonAdminUsers(db: DB, page: number, pageSize: number, cursor?: string, withLatestStatus = false) {
  // With withLatestStatus each row carries its newest query's status, read through
  // queries_user_created_id_idx (one index probe per row of the page).
  let list = db
    .selectFrom('users')
    .selectAll()
    .select((eb) =>
      (withLatestStatus
        ? eb
            .selectFrom('queries')
            .select('queries.status')
            .whereRef('queries.user_id', '=', 'users.id')
            .orderBy('queries.created_at', 'desc')
            .orderBy('queries.id', 'desc')
            .limit(1)
        : eb.val<string | null>(null)
      ).as('latest_query_status'),
    )
    .where('role', '!=', 'admin');
  if (cursor) {
    const [at, id] = decodeCursor(cursor, 2);
    list = list.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(at!, id!)));
  }
  const [rows, count] = await Promise.all([
    list
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize + 1)
      .offset(cursor ? 0 : (page - 1) * pageSize)
      .execute(),
    // The kept counts per role (migration 20261129T0700), not a count of every user.
    db
      .selectFrom('user_role_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('n'), eb.lit(0)).as('n'))
      .where('role', '!=', 'admin')
      .executeTakeFirstOrThrow(),
  ]);
  const next = nextCursorOf(rows, pageSize, (r) => [r.created_at, r.id]);
  return { rows: next.page, total: Number(count.n), nextCursor: next.nextCursor };
}

/** Changes a profile (an owner's Company Name renames their company); answers the photo it replaced, for the caller to remove once this has committed (db/row-image.ts). */
export async function updateProfile(
  db: DB,
  id: string,
  patch: { fullName?: string; phoneNumber?: string; company?: string; bio?: string; profileImage?: string },
): Promise<{ replaced: string | null }> {
  const set: Record<string, string | null> = { updated_at: nowIso() };
  if (patch.fullName !== undefined) set.full_name = patch.fullName;
  if (patch.phoneNumber !== undefined) set.phone_number = patch.phoneNumber || null;
  if (patch.company !== undefined) set.company = patch.company || null;
  if (patch.bio !== undefined) set.bio = patch.bio || null;
  if (patch.profileImage !== undefined) set.profile_image = patch.profileImage;
  return db.transaction().execute(async (trx) => {
    const before = await imageForUpdate(trx, 'users', id);
    await trx.updateTable('users').set(set).where('id', '=', id).execute();
    // An emptied field leaves the company its name: a company always has one.
    if (patch.company) await renameCompanyOwnedBy(trx, id, patch.company);
    return { replaced: replacedImage(before, patch.profileImage) };
  });
}

/** An approved client (the admin approved it): for imports and the scale benchmark (tests/bench/growth.ts). */
export async function insertApprovedClient(
  db: DB,
  input: { fullName: string; email: string; passwordHash: string; company?: string | null },
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('users')
    .values({
      id,
      full_name: input.fullName,
      email: input.email.trim().toLowerCase(),
      password_hash: input.passwordHash,
      role: 'client',
      status: 'approved',
      phone_number: null,
      company: input.company ?? null,
      bio: null,
      profile_image: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await createCompanyFor(db, id, input.company || input.fullName);
  return id;
}
