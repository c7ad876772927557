import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

const ID_BYTES = 10;
// Random bytes for 128 ids at a time: one call to the system's generator per id was 16 µs,
// a twentieth of storing a chat message (docs/performance.md).
const pool = new Uint8Array(ID_BYTES * 128);
let used = pool.length;

/** Opaque random text id (the OpenAPI document: ids are opaque strings, shown as `_id`). 80 bits, 16 chars. */
export function newId(): string {
  if (used === pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  const bytes = pool.subarray(used, (used += ID_BYTES));
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Times are ISO 8601 UTC strings written by the application. */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}

let lastStamp = 0;
/**
 * Now, but later than every time this gave before in this process (a millisecond on a tie).
 * Ids are random, so the order of chat messages and of a request's history rests on their
 * times: two written in the same millisecond still come back in the order they were written.
 */
export function laterIso(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return nowIso(new Date(lastStamp));
}

/**
 * A mark (read up to, mailed up to) that covers the newest stamp it was set for: now, or that
 * stamp when it is later (laterIso() can run a few milliseconds ahead of the clock in a burst).
 */
export function markCovering(newest: string | null | undefined, now: Date = new Date()): string {
  const at = nowIso(now);
  return newest && newest > at ? newest : at;
}
