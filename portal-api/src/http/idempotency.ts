import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import type { Context, MiddlewareHandler } from 'hono';
import type { DB } from '../db/database.ts';
import { claimKey, keepAnswer, LEASE_MS, releaseClaim, renewClaim, type KeyedCall } from '../modules/idempotency/idempotency.repo.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_TEXTS, REPLAYED_HEADER } from '../modules/idempotency/idempotency.labels.ts';
import { IdempotencyKeySchema } from '../modules/idempotency/idempotency.schema.ts';
import type { AppEnv } from './env.ts';
import { HttpError } from './errors.ts';

/**
 * Route middleware, after requireAuth: honours an optional Idempotency-Key
 * (IETF draft-ietf-httpapi-idempotency-key-header) for the signed-in user. The
 * first call with a key runs and, when it succeeds, its answer is kept; a repeat
 * with the same method, path and JSON body gets that answer again, marked
 * Idempotent-Replayed, and runs nothing; another body is refused with 422. A failed
 * call keeps nothing. docs/idempotency.md.
 */
export function idempotent(db: DB): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined) return next();
    const parsed = IdempotencyKeySchema.safeParse(header);
    if (!parsed.success) throw new HttpError(400, IDEMPOTENCY_TEXTS.invalid);
    const call: KeyedCall = {
      userId: c.var.user.id,
      key: parsed.data,
      method: c.req.method,
      path: c.req.path,
      fingerprint: await fingerprint(c),
    };

    const found = await claimKey(db, call);
    if (found.state === 'otherRequest') throw new HttpError(422, IDEMPOTENCY_TEXTS.otherRequest, { code: 'idempotency_mismatch' });
    // The draft's error scenarios: a repeat while the first call runs is a 409 Conflict.
    if (found.state === 'running') throw new HttpError(409, IDEMPOTENCY_TEXTS.running, { code: 'idempotency_in_progress' });
    if (found.state === 'done') {
      return c.body(found.body, found.status as 200, { 'content-type': 'application/json', [REPLAYED_HEADER]: 'true' });
    }

    const log = (err: unknown, what: string) => c.var.log.error({ err, key: call.key, path: call.path }, what);
    const lease = setInterval(
      () => void renewClaim(db, call, found.claim).catch((err: unknown) => log(err, 'renewing an idempotency key failed')),
      LEASE_MS / 3,
    );
    lease.unref();
    try {
      await next();
    } catch (err) {
      await releaseClaim(db, call, found.claim).catch((e: unknown) => log(e, 'releasing an idempotency key failed'));
      throw err;
    } finally {
      clearInterval(lease);
    }
    // Hono has turned a thrown error into its answer by now: only a success is kept.
    if (c.res.status >= 400) {
      await releaseClaim(db, call, found.claim).catch((err: unknown) => log(err, 'releasing an idempotency key failed'));
      return;
    }
    // The work is done either way: a failure to keep its answer is logged, and the answer still goes out.
    const body = await c.res.clone().text();
    await keepAnswer(db, call, found.claim, { status: c.res.status, body }).catch((err: unknown) =>
      log(err, 'keeping an idempotency answer failed'),
    );
  };
}

/**
 * The fingerprint of a JSON body: SHA-256 of its bytes as sent, read from a clone so the
 * route (some read c.req.raw themselves) still gets the whole body. JSON bodies are small
 * (capped by the body limit). A multipart body is streamed to disk by the route and is not
 * fingerprinted (null).
 */
async function fingerprint(c: Context<AppEnv>): Promise<string | null> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return null;
  const text = await c.req.raw.clone().text();
  return encodeBase64urlNoPadding(sha256(new TextEncoder().encode(text)));
}
