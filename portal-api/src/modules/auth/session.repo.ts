import type { DB } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';

// The sessions table (session.ts decides lifetimes; this reads and writes rows).

export async function insertSession(db: DB, row: { id: string; userId: string; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ id: row.id, user_id: row.userId, expires_at: nowIso(row.expiresAt), created_at: nowIso() })
    .execute();
}

/** A session with its user, by the hash of its token. */
export function findSessionWithUser(db: DB, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at',
      'sessions.created_at',
      'users.id',
      'users.full_name',
      'users.email',
      'users.role',
      'users.status',
      'users.company_id',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
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
