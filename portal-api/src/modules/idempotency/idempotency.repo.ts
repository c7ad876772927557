import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { IDEMPOTENCY_KEEP_MS } from './idempotency.labels.ts';

// The rows of http/idempotency.ts. The primary key (user_id, key) decides
// between two first calls with one key on both engines: one insert wins, the
// other finds the row running. A running call renews its lease; a call whose
// process died stops renewing, and once the lease lapses a retry takes the key
// over (docs/idempotency.md says what that window allows).

/** How long a running call holds its key without renewing; it renews every third of this. */
export const LEASE_MS = 2 * 60_000;

/** A keyed call: who, which key, where, and the fingerprint of its body (null when not compared). */
export type KeyedCall = { userId: string; key: string; method: string; path: string; fingerprint: string | null };
export type Claim =
  { state: 'claimed'; claim: string } | { state: 'running' } | { state: 'done'; status: number; body: string } | { state: 'otherRequest' };

const at = (ms: number) => nowIso(new Date(ms));

/**
 * Takes the key for this call, or says why not: another call with it is running, it
 * holds a kept answer, or it was used for another method, path or JSON body. An expired row, or
 * a running one of the same call whose lease lapsed, is taken over in the same statement.
 */
export async function claimKey(db: Kysely<Database>, call: KeyedCall, now = Date.now()): Promise<Claim> {
  // The row may go between the insert and the read (its first call failed): try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claim = newId();
    const taken = await db
      .insertInto('idempotency_keys')
      .values({
        user_id: call.userId,
        key: call.key,
        method: call.method,
        path: call.path,
        fingerprint: call.fingerprint,
        state: 'running',
        claim,
        locked_until: at(now + LEASE_MS),
        status: null,
        body: null,
        created_at: at(now),
        expires_at: at(now + IDEMPOTENCY_KEEP_MS),
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'key'])
          .doUpdateSet((eb) => ({
            method: eb.ref('excluded.method'),
            path: eb.ref('excluded.path'),
            fingerprint: eb.ref('excluded.fingerprint'),
            state: eb.ref('excluded.state'),
            claim: eb.ref('excluded.claim'),
            locked_until: eb.ref('excluded.locked_until'),
            status: null,
            body: null,
            created_at: eb.ref('excluded.created_at'),
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.expires_at', '<', at(now)),
              eb.and([
                eb('idempotency_keys.state', '=', 'running'),
                eb('idempotency_keys.locked_until', '<', at(now)),
                eb('idempotency_keys.method', '=', eb.ref('excluded.method')),
                eb('idempotency_keys.path', '=', eb.ref('excluded.path')),
              ]),
            ]),
          ),
      )
      .returning('claim')
      .executeTakeFirst();
    if (taken?.claim === claim) return { state: 'claimed', claim };

    const row = await db
      .selectFrom('idempotency_keys')
      .select(['method', 'path', 'fingerprint', 'state', 'status', 'body'])
      .where('user_id', '=', call.userId)
      .where('key', '=', call.key)
      .executeTakeFirst();
    if (!row) continue;
    if (row.method !== call.method || row.path !== call.path) return { state: 'otherRequest' };
    // Both bodies fingerprinted and different: the same key for another submission.
    if (row.fingerprint !== null && call.fingerprint !== null && row.fingerprint !== call.fingerprint) return { state: 'otherRequest' };
    if (row.state === 'done' && row.status !== null && row.body !== null) return { state: 'done', status: row.status, body: row.body };
    return { state: 'running' };
  }
  return { state: 'running' };
}

const held = (db: Kysely<Database>, call: KeyedCall, claim: string) =>
  db
    .updateTable('idempotency_keys')
    .where('user_id', '=', call.userId)
    .where('key', '=', call.key)
    .where('claim', '=', claim)
    .where('state', '=', 'running');

/** The running call is alive: its lease starts again (and a call running for a day is not swept). */
export async function renewClaim(db: Kysely<Database>, call: KeyedCall, claim: string, now = Date.now()): Promise<void> {
  await held(db, call, claim)
    .set({ locked_until: at(now + LEASE_MS), expires_at: at(now + IDEMPOTENCY_KEEP_MS) })
    .execute();
}

/** The call succeeded: its answer is kept for IDEMPOTENCY_KEEP_MS from now. */
export async function keepAnswer(
  db: Kysely<Database>,
  call: KeyedCall,
  claim: string,
  answer: { status: number; body: string },
  now = Date.now(),
): Promise<void> {
  await held(db, call, claim)
    .set({ state: 'done', locked_until: null, status: answer.status, body: answer.body, expires_at: at(now + IDEMPOTENCY_KEEP_MS) })
    .execute();
}

/** The call failed: the key is free again, so a retry runs. */
export async function releaseClaim(db: Kysely<Database>, call: KeyedCall, claim: string): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', call.userId)
    .where('key', '=', call.key)
    .where('claim', '=', claim)
    .where('state', '=', 'running')
    .execute();
}

/** Deletes the keys past their time (the periodic sweep of modules/uploads/upload-expiry.ts). */
export async function pruneIdempotencyKeys(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const res = await db.deleteFrom('idempotency_keys').where('expires_at', '<', at(now)).executeTakeFirst();
  return Number(res.numDeletedRows);
}
