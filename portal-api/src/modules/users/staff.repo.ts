import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { forUpdate } from '../../db/row-lock.ts';
import { newId, nowIso } from '../../lib/ids.ts';

// The firm's admins (docs/product.md §25): who they are, their invitations, and turning one off.

type Executor = Kysely<Database> | Transaction<Database>;

export type StaffMember = { _id: string; fullName: string; email: string; status: 'active' | 'disabled'; createdAt: string };

/** Every admin, active first, then by name. */
export async function listStaff(db: Executor): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'status', 'created_at'])
    .where('role', '=', 'admin')
    .orderBy('full_name')
    .orderBy('id')
    .execute();
  const staff = rows.map((r) => ({
    _id: r.id,
    fullName: r.full_name,
    email: r.email,
    status: r.status === 'disabled' ? ('disabled' as const) : ('active' as const),
    createdAt: r.created_at,
  }));
  return [...staff.filter((s) => s.status === 'active'), ...staff.filter((s) => s.status === 'disabled')];
}

/** An active admin by id, or undefined (a client, a disabled admin, an unknown id). */
export function findActiveAdmin(db: Executor, id: string) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email'])
    .where('id', '=', id)
    .where('role', '=', 'admin')
    .where('status', '!=', 'disabled')
    .executeTakeFirst();
}

/** Every active admin (mentions are matched against their names). */
export function listActiveAdmins(db: Executor) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email'])
    .where('role', '=', 'admin')
    .where('status', '!=', 'disabled')
    .orderBy('full_name')
    .execute();
}

export async function countActiveAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role', '=', 'admin')
    .where('status', '!=', 'disabled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Turns an admin off, unless they are the last active one. The active admins' rows are locked
 * first (PostgreSQL), so two admins disabling each other at once cannot leave the firm with none.
 */
export async function disableAdmin(trx: Transaction<Database>, id: string): Promise<'disabled' | 'last' | 'missing' | 'already'> {
  const active = await forUpdate(
    trx,
    trx.selectFrom('users').select(['id', 'status']).where('role', '=', 'admin').where('status', '!=', 'disabled').orderBy('id'),
    'users',
  ).execute();
  if (!active.some((r) => r.id === id)) {
    const target = await trx.selectFrom('users').select('status').where('id', '=', id).where('role', '=', 'admin').executeTakeFirst();
    return target ? 'already' : 'missing';
  }
  if (active.length <= 1) return 'last';
  await trx.updateTable('users').set({ status: 'disabled', updated_at: nowIso() }).where('id', '=', id).execute();
  return 'disabled';
}

/** Turns a disabled admin back on; false when there is no such disabled admin. */
export async function enableAdmin(db: Executor, id: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ status: 'approved', updated_at: nowIso() })
    .where('id', '=', id)
    .where('role', '=', 'admin')
    .where('status', '=', 'disabled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertInvitation(
  db: Executor,
  input: { email: string; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<void> {
  // A new invitation replaces the open ones for that address: only the newest link works.
  await db.deleteFrom('staff_invitations').where('email', '=', input.email).where('used_at', 'is', null).execute();
  await db
    .insertInto('staff_invitations')
    .values({
      id: newId(),
      email: input.email,
      token_hash: input.tokenHash,
      invited_by: input.invitedBy,
      expires_at: nowIso(input.expiresAt),
      used_at: null,
      created_at: nowIso(),
    })
    .execute();
}

/** The invitations not used yet and not expired, newest first. */
export async function listOpenInvitations(db: Executor, now = new Date()) {
  const rows = await db
    .selectFrom('staff_invitations as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(['i.id', 'i.email', 'i.expires_at', 'i.created_at', 'u.full_name as invited_by_name'])
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', nowIso(now))
    .orderBy('i.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    email: r.email,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
    invitedBy: r.invited_by_name ?? null,
  }));
}

/**
 * Uses an invitation once: marks it used when its token hash and e-mail match, it is unused and
 * not expired. Answers its id, or undefined (wrong token, another e-mail, used, expired).
 */
export async function consumeInvitation(
  trx: Executor,
  input: { tokenHash: string; email: string },
  now = new Date(),
): Promise<string | undefined> {
  const row = await trx
    .updateTable('staff_invitations')
    .set({ used_at: nowIso(now) })
    .where('token_hash', '=', input.tokenHash)
    .where('email', '=', input.email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function insertAdmin(trx: Executor, input: { email: string; fullName: string; passwordHash: string }): Promise<string> {
  const id = newId();
  const now = nowIso();
  await trx
    .insertInto('users')
    .values({
      id,
      full_name: input.fullName,
      email: input.email,
      password_hash: input.passwordHash,
      role: 'admin',
      status: 'approved',
      phone_number: null,
      company: null,
      bio: null,
      profile_image: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** The open invitation of this token and e-mail, if there is one (read only; consumeInvitation uses it). */
export function findOpenInvitation(db: Executor, input: { tokenHash: string; email: string }, now = new Date()) {
  return db
    .selectFrom('staff_invitations')
    .select('id')
    .where('token_hash', '=', input.tokenHash)
    .where('email', '=', input.email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .executeTakeFirst();
}
