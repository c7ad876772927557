import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';

// Companies, their members, invitations and who follows which request (docs/product.md,
// "Colleagues"). Who may see a request is decided in queries/queries.access.ts, on
// queries.company_id; this file keeps the rows behind it.

type Executor = Kysely<Database> | Transaction<Database>;

/** A new company owned by `ownerId`, who becomes its only member. */
export async function createCompanyFor(db: Executor, ownerId: string, name: string): Promise<string> {
  const id = newId();
  await db.insertInto('companies').values({ id, name, owner_id: ownerId, created_at: nowIso() }).execute();
  await db.updateTable('users').set({ company_id: id }).where('id', '=', ownerId).execute();
  return id;
}

/**
 * The company `ownerId` owns takes `name`: the owner's profile names the firm, so the Team section,
 * invitation mails and the admin's Company column follow it. A member's profile names no company.
 * Found through the user's own row (both keys), so it costs the same however many companies there are.
 */
export async function renameCompanyOwnedBy(db: Executor, ownerId: string, name: string): Promise<void> {
  await db
    .updateTable('companies')
    .set({ name })
    .where('id', '=', (eb) => eb.selectFrom('users').select('company_id').where('id', '=', ownerId))
    .where('owner_id', '=', ownerId)
    .execute();
}

export function findCompany(db: Executor, id: string) {
  return db.selectFrom('companies').select(['id', 'name', 'owner_id']).where('id', '=', id).executeTakeFirst();
}

/** The members of a company, oldest first. */
export function listMembers(db: Executor, companyId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name', 'email', 'status', 'created_at'])
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * A user's company and the ids of its members (the user included; just the user without a company).
 * Read after every chat message, so written as SQL (docs/decisions/0014-hot-statements-as-sql.md).
 */
export async function colleaguesOf(db: Executor, userId: string): Promise<{ companyId: string | null; ids: string[] }> {
  const { rows } = await sql<{ id: string; company_id: string | null }>`
    select m.id, me.company_id from users me join users m on m.company_id = me.company_id where me.id = ${userId}`.execute(db);
  return rows.length ? { companyId: rows[0]!.company_id, ids: rows.map((r) => r.id) } : { companyId: null, ids: [userId] };
}

/** Open invitations of a company (not used, not expired), newest first. */
export function listOpenInvites(db: Executor, companyId: string, now = new Date()) {
  return db
    .selectFrom('company_invites')
    .select(['id', 'email', 'created_at', 'expires_at'])
    .where('company_id', '=', companyId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .orderBy('created_at', 'desc')
    .limit(100)
    .execute();
}

export async function insertInvite(
  db: Executor,
  row: { companyId: string; email: string; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('company_invites')
    .values({
      id: newId(),
      company_id: row.companyId,
      email: row.email,
      token_hash: row.tokenHash,
      invited_by: row.invitedBy,
      created_at: nowIso(),
      expires_at: nowIso(row.expiresAt),
      used_at: null,
    })
    .execute();
}

export function findInviteByHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('company_invites')
    .select(['id', 'company_id', 'email', 'invited_by', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks an invitation used; false when another sign-up used it first. */
export async function useInvite(db: Executor, id: string): Promise<boolean> {
  const res = await db
    .updateTable('company_invites')
    .set({ used_at: nowIso() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Withdraws an open invitation of this company; false when there is none. */
/** Withdraws the company's open invitations to `email`: a newer one to the same address replaces them. */
export async function deleteOpenInvitesTo(db: Executor, companyId: string, email: string): Promise<void> {
  await db
    .deleteFrom('company_invites')
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .execute();
}

export async function deleteInvite(db: Executor, companyId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('company_invites')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** A member leaves (or is removed): they stop following its requests and get a company of their own. */
export async function detachMember(db: Executor, userId: string, fromCompanyId: string, name: string): Promise<void> {
  await db
    .deleteFrom('query_followers')
    .where('user_id', '=', userId)
    .where('query_id', 'in', (eb) => eb.selectFrom('queries').select('id').where('company_id', '=', fromCompanyId))
    .execute();
  await db.updateTable('users').set({ invited_by: null, updated_at: nowIso() }).where('id', '=', userId).execute();
  await createCompanyFor(db, userId, name);
}

/** The company and the inviter of some users, for the admin's approval list. */
export async function companiesOfUsers(db: Executor, userIds: string[]) {
  if (!userIds.length)
    return new Map<string, { company: { _id: string; name: string } | null; invitedBy: { _id: string; fullName: string } | null }>();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('companies as c', 'c.id', 'u.company_id')
    .leftJoin('users as i', 'i.id', 'u.invited_by')
    .select(['u.id', 'c.id as company_id', 'c.name as company_name', 'i.id as inviter_id', 'i.full_name as inviter_name'])
    .where('u.id', 'in', userIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        company: r.company_id ? { _id: r.company_id, name: r.company_name ?? '' } : null,
        invitedBy: r.inviter_id ? { _id: r.inviter_id, fullName: r.inviter_name ?? '' } : null,
      },
    ]),
  );
}

export async function setFollowing(db: Executor, queryId: string, userId: string, follow: boolean): Promise<void> {
  if (follow)
    await db
      .insertInto('query_followers')
      .values({ query_id: queryId, user_id: userId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['query_id', 'user_id']).doNothing())
      .execute();
  else await db.deleteFrom('query_followers').where('query_id', '=', queryId).where('user_id', '=', userId).execute();
}

export async function isFollowing(db: Executor, queryId: string, userId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('query_followers')
    .select('user_id')
    .where('query_id', '=', queryId)
    .where('user_id', '=', userId)
    .executeTakeFirst());
}

/** Who gets a request's mails: its followers who are still approved members of its company. */
export function followersOf(db: Executor, queryId: string) {
  return db
    .selectFrom('query_followers as f')
    .innerJoin('queries as q', 'q.id', 'f.query_id')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['u.id', 'u.email', 'u.full_name'])
    .where('f.query_id', '=', queryId)
    .whereRef('u.company_id', '=', 'q.company_id')
    .where('u.status', '=', 'approved')
    .orderBy('f.created_at')
    .execute();
}

/** A user's name and company, to check membership and to name an inviter. */
export function findMemberRow(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'full_name', 'company_id']).where('id', '=', userId).executeTakeFirst();
}
