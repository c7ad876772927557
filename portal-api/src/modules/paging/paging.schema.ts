import { z } from 'zod';

// Query parameters of keyset pages (http/cursor.ts encodes and decodes the cursor): shared, so the site may import them.

export const CursorParam = z
  .string()
  .max(512)
  .optional()
  .meta({ description: 'Opaque: the nextCursor of the previous page. Omit it for the first page.' });

export const LimitParam = (max: number) =>
  z.coerce
    .number({ error: 'limit must be a number.' })
    .int()
    .min(1, `limit must be between 1 and ${max}.`)
    .max(max, `limit must be between 1 and ${max}.`)
    .optional();

/** Lists answered as a bare array (ARCHITECTURE.md "Shapes") carry the next page's cursor in this header. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
