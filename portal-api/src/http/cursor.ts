import { HttpError } from './errors.ts';

// Keyset (cursor) pages: a cursor is the sort key of the last row a page
// showed, so the next page starts right after it through the list's index,
// costing the same at row 10 and at row 10,000 (docs/performance.md). The key
// is opaque to clients: base64url of a JSON array of strings.

export const BAD_CURSOR = 'This page link is not valid. Reload the list.';

export function encodeCursor(key: string[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The key of a cursor made by encodeCursor with `arity` parts; 400 for anything else. */
export function decodeCursor(cursor: string, arity: number): string[] {
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(400, BAD_CURSOR);
  }
  if (!Array.isArray(key) || key.length !== arity || !key.every((k) => typeof k === 'string' && k.length <= 200)) {
    throw new HttpError(400, BAD_CURSOR);
  }
  return key as string[];
}

/** The cursor after a page fetched with one extra row: null when there is no next page. */
export function nextCursorOf<T>(rows: T[], limit: number, keyOf: (row: T) => string[]): { page: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { page: rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { page, nextCursor: encodeCursor(keyOf(page[page.length - 1]!)) };
}
