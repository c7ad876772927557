import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** Opaque random text id (ARCHITECTURE.md: ids are opaque strings, shown as `_id`). 80 bits, 16 chars. */
export function newId(): string {
  const bytes = new Uint8Array(10);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Times are ISO 8601 UTC strings written by the application (STYLE.md "Data"). */
export function nowIso(date: Date = new Date()): string {
  return date.toISOString();
}
