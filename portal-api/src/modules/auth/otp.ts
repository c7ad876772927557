import { randomInt, timingSafeEqual } from 'node:crypto';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import type { DB } from '../../db/database.ts';
import type { CodePurpose } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { OTP_PURPOSES } from './auth.schema.ts';
import { consumeCodesOf, findNewestUnusedCode, findVerifiedResetCode, insertCode, setCodeAttempts, setCodeVerified } from './otp.repo.ts';
import { generateToken } from './session.ts';

export { consumeCode } from './otp.repo.ts';

// One-time codes (docs/product.md §18): 6 digits from a CSPRNG,
// stored hashed, valid 10 minutes, burnt after 5 wrong tries, replaced by a newer code.
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
/** A verified reset code must be used within 10 minutes. */
export const RESET_WINDOW_MS = 10 * 60 * 1000;

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

function hashCode(id: string, code: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`${id}:${code}`)));
}

export function hashChallenge(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`challenge:${token}`)));
}

/**
 * Issues a code, burning every earlier unused code of the same e-mail and purpose: a reset asked
 * for while a sign-in waits at its code step leaves that sign-in's code alone (otherwise
 * anyone who knew the e-mail could cancel it). `mail`
 * writes the mail that carries it in the same transaction (the outbox).
 */
export async function issueCode(
  db: DB,
  input: { email: string; userId: string; purpose: CodePurpose; challengeHash?: string | null },
  mail?: (trx: DB, code: string) => Promise<unknown>,
): Promise<string> {
  const code = generateCode();
  const id = newId();
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await consumeCodesOf(trx, input.email, input.purpose, now);
    await insertCode(trx, {
      id,
      email: input.email,
      userId: input.userId,
      purpose: input.purpose,
      codeHash: hashCode(id, code),
      challengeHash: input.challengeHash ?? null,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      now,
    });
    await mail?.(trx, code);
  });
  return code;
}

/** The newest live code of an e-mail for `purpose` (not consumed, not expired), if any. */
export async function liveCode(db: DB, email: string, purpose: CodePurpose) {
  const row = await findNewestUnusedCode(db, email, purpose);
  if (!row || Date.parse(row.expires_at) <= Date.now()) return null;
  return row;
}

export type CheckResult =
  { ok: true; id: string; userId: string; purpose: CodePurpose } | { ok: false; reason: 'missing' | 'wrong' | 'burnt' };

type LiveCode = NonNullable<Awaited<ReturnType<typeof liveCode>>>;

/**
 * What a code try is checked against, and the key its wrong tries are throttled under.
 * With the challenge token of a live sign-in (only whoever passed that password step has
 * it), that sign-in's code alone, throttled per account apart from tries without it: wrong
 * codes sent by someone who only knows the e-mail cannot lock its owner out of the code
 * step, and a try with the token never wears down a reset code. Without
 * the token (a client built to docs/product.md §7 alone sends {email, otp}), or with a token of no live sign-in,
 * every live code of the e-mail, throttled per e-mail.
 */
export async function codeAttempt(db: DB, email: string, challenge?: string): Promise<{ key: string; live: LiveCode[] }> {
  const live: LiveCode[] = [];
  for (const purpose of OTP_PURPOSES) {
    const row = await liveCode(db, email, purpose);
    if (row && !row.verified_at) live.push(row);
  }
  const challenged = challenge ? live.find((row) => row.challenge_hash === hashChallenge(challenge)) : undefined;
  return challenged ? { key: `with-challenge:${email}`, live: [challenged] } : { key: email, live };
}

/**
 * Checks a code against the live codes of codeAttempt (a sign-in's and a reset's may both be
 * waiting); a wrong try counts against each, the fifth burns it.
 */
export async function checkCode(db: DB, live: LiveCode[], code: string, challenge?: string): Promise<CheckResult> {
  if (!live.length) return { ok: false, reason: 'missing' };
  for (const row of live) {
    const challengeOk = !challenge || !row.challenge_hash || row.challenge_hash === hashChallenge(challenge);
    if (challengeOk && row.code_hash === hashCode(row.id, code)) {
      return { ok: true, id: row.id, userId: row.user_id, purpose: row.purpose };
    }
  }
  let burnt = false;
  for (const row of live) {
    const attempts = row.attempts + 1;
    await setCodeAttempts(db, row.id, attempts, attempts >= MAX_ATTEMPTS);
    burnt ||= attempts >= MAX_ATTEMPTS;
  }
  return { ok: false, reason: burnt ? 'burnt' : 'wrong' };
}

export function hashResetToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(`reset:${token}`)));
}

/**
 * Marks a reset code verified and binds it to a new one-time reset token
 * (returned once, only its hash stored): the reset that follows must carry it.
 */
export async function markVerified(db: DB, id: string): Promise<string> {
  const token = generateToken();
  await setCodeVerified(db, id, hashResetToken(token));
  return token;
}

/** The reset code of `email` that `token` was handed out for, verified within the last 10 minutes and not yet used. */
export async function verifiedResetCode(db: DB, email: string, token: string | null) {
  if (!token) return null;
  const row = await findVerifiedResetCode(db, email);
  if (!row?.verified_at || !row.reset_token_hash || Date.now() - Date.parse(row.verified_at) > RESET_WINDOW_MS) return null;
  const given = Buffer.from(hashResetToken(token));
  const stored = Buffer.from(row.reset_token_hash);
  return given.length === stored.length && timingSafeEqual(given, stored) ? row : null;
}
