import type { DB } from '../../db/database.ts';
import type { CodePurpose } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';

// The one_time_codes table (otp.ts makes, hashes and checks codes; this reads and writes rows).

/** Burns every unused code of an e-mail for one purpose (a newer one replaces them). */
export async function consumeCodesOf(db: DB, email: string, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({ consumed_at: nowIso(now) })
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

/** Deletes the codes that expired before `before` (through codes_expires_idx); how many. */
export async function deleteCodesExpiredBefore(db: DB, before: Date): Promise<number> {
  const res = await db.deleteFrom('one_time_codes').where('expires_at', '<', nowIso(before)).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function insertCode(
  db: DB,
  row: {
    id: string;
    email: string;
    userId: string;
    purpose: CodePurpose;
    codeHash: string;
    challengeHash: string | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('one_time_codes')
    .values({
      id: row.id,
      email: row.email,
      user_id: row.userId,
      purpose: row.purpose,
      code_hash: row.codeHash,
      challenge_hash: row.challengeHash,
      attempts: 0,
      expires_at: nowIso(row.expiresAt),
      created_at: nowIso(row.now),
      verified_at: null,
      consumed_at: null,
      reset_token_hash: null,
    })
    .execute();
}

/** The newest unused code of an e-mail for `purpose`, expired or not. */
export function findNewestUnusedCode(db: DB, email: string, purpose: CodePurpose) {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts a wrong try; `burn` uses the code up. */
export async function setCodeAttempts(db: DB, id: string, attempts: number, burn: boolean): Promise<void> {
  await db
    .updateTable('one_time_codes')
    .set({ attempts, ...(burn ? { consumed_at: nowIso() } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Uses a code up; false when it was already used (a concurrent call won). */
export async function consumeCode(db: DB, id: string): Promise<boolean> {
  const res = await db
    .updateTable('one_time_codes')
    .set({ consumed_at: nowIso() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setCodeVerified(db: DB, id: string, resetTokenHash: string): Promise<void> {
  await db.updateTable('one_time_codes').set({ verified_at: nowIso(), reset_token_hash: resetTokenHash }).where('id', '=', id).execute();
}

/** The newest verified, unused reset code of an e-mail. */
export function findVerifiedResetCode(db: DB, email: string) {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('email', '=', email)
    .where('purpose', '=', 'reset')
    .where('consumed_at', 'is', null)
    .where('verified_at', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}
