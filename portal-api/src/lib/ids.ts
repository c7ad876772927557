import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

const ID_BYTES = 10;
// Random bytes for 128 ids at a time: one call to the system's generator per id was 16 µs,
// a twentieth of storing a chat message (docs/performance.md, "Sixth session").
const pool = new Uint8Array(ID_BYTES * 128);
let used = pool.length;

/** Opaque random text id (ARCHITECTURE.md: ids are opaque strings, shown as `_id`). 80 bits, 16 chars. */
export function newId(): string {
  if (used === pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  const bytes = pool.subarray(used, (used += ID_BYTES));
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Times are ISO 8601 UTC strings written by the application (STYLE.md "Data"). */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}
