import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import type { DB } from '../../db/database.ts';
import type { AuthUser } from '../../http/env.ts';
import {
  deleteSession,
  deleteUserSessions,
  findLiveSessionIds,
  findSessionWithUser,
  insertSession,
  setSessionExpiry,
} from './session.repo.ts';

// Sessions after lucia-auth.com "Basic session API": a random token handed out
// once, only its SHA-256 stored, 30-day expiry that slides when half is used.
const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY;
/**
 * Absolute lifetime (ASVS 3.3.2): however often it is used, a
 * session ends 90 days after sign-in, and sliding never extends it past that.
 */
export const SESSION_MAX_AGE_MS = 90 * DAY;

export function generateToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export async function createSession(db: DB, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(db, { id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The user a live session belongs to: what a request knows of its caller (http/env.ts). */
export type SessionUser = AuthUser;

export async function validateSessionToken(db: DB, token: string): Promise<SessionUser | null> {
  const sessionId = hashToken(token);
  const row = await findSessionWithUser(db, sessionId);
  if (!row) return null;
  const expires = Date.parse(row.expires_at);
  const deadline = Date.parse(row.created_at) + SESSION_MAX_AGE_MS;
  // An unreadable created_at counts as too old: the cap must not fail open.
  if (Date.now() >= expires || !(Date.now() < deadline)) {
    await deleteSession(db, sessionId);
    return null;
  }
  if (Date.now() >= expires - SESSION_TTL_MS / 2) {
    const extended = Math.min(Date.now() + SESSION_TTL_MS, deadline);
    if (extended > expires) await setSessionExpiry(db, sessionId, new Date(extended));
  }
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    role: row.role,
    status: row.status,
    sessionId,
    companyId: row.company_id,
  };
}

export async function invalidateSession(db: DB, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

export async function invalidateUserSessions(db: DB, userId: string): Promise<void> {
  await deleteUserSessions(db, userId);
}

/** Of these session ids, those that are still live (not expired, within the absolute lifetime). */
export function liveSessionIds(db: DB, ids: string[], now = Date.now()): Promise<string[]> {
  return findLiveSessionIds(db, ids, { expiresAfter: new Date(now), createdAfter: new Date(now - SESSION_MAX_AGE_MS) });
}
