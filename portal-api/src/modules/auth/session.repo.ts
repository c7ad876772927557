import { sql, type Selectable } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

// The sessions table (session.ts decides lifetimes; this reads and writes rows).

export async function insertSession(db: DB, row: { id: string; userId: string; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ id: row.id, user_id: row.userId, expires_at: nowIso(row.expiresAt), created_at: nowIso() })
    .execute();
}

/** What the session check reads: the session's times and its user. */
type SessionWithUser = Pick<Selectable<Database['users']>, 'id' | 'full_name' | 'email' | 'role' | 'status' | 'company_id'> & {
  sessionId: string;
  expires_at: string;
  created_at: string;
};

/**
 * A session with its user, by the hash of its token. Every signed-in call and chat frame starts
 * here, so it is written as SQL: Kysely's builder built and compiled it in 75–82 µs of CPU a call,
 * the template in 18–20 µs (docs/decisions/0014-hot-statements-as-sql.md).
 */
export async function findSessionWithUser(db: DB, sessionId: string): Promise<SessionWithUser | undefined> {
  const { rows } = await sql<SessionWithUser>`
    select s.id as "sessionId", s.expires_at, s.created_at, u.id, u.full_name, u.email, u.role, u.status, u.company_id
    from sessions s join users u on u.id = s.user_id
    where s.id = ${sessionId}`.execute(db);
  return rows[0];
}

export async function setSessionExpiry(db: DB, sessionId: string, expiresAt: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: nowIso(expiresAt) })
    .where('id', '=', sessionId)
    .execute();
}

export async function deleteSession(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Deletes the sessions past their expiry (through sessions_expires_idx); how many. */
export async function deleteExpiredSessions(db: DB, now: Date): Promise<number> {
  const res = await db.deleteFrom('sessions').where('expires_at', '<', nowIso(now)).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function deleteUserSessions(db: DB, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Of these sessions, the ids whose rows are there and not past `expiresAfter` nor created before `createdAfter`. */
export async function findLiveSessionIds(db: DB, ids: string[], bounds: { expiresAfter: Date; createdAfter: Date }): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', ids)
    .where('expires_at', '>', nowIso(bounds.expiresAfter))
    .where('created_at', '>', nowIso(bounds.createdAfter))
    .execute();
  return rows.map((r) => r.id);
}
