import { z } from 'zod';
import { groupDigits } from '../../shared/en-us.ts';

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

/** A list's free-text filter: trimmed, at most 200 characters. */
export const SearchParam = (description: string) =>
  z.string().trim().max(200, { error: 'Search text can be at most 200 characters.' }).optional().meta({ description });

/** The 1-based page number of an offset-paged list, when one was asked for (PageParam defaults it to 1). */
export const PageNumber = (max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: 'The page must be a whole number.' })
    .int('The page must be a whole number.')
    .min(1, 'Pages start at 1.')
    .max(max, `The page can be at most ${groupDigits(max)}.`);

/** The page size of an offset-paged list, when one was asked for (PageSizeParam gives a default). */
export const PageSize = (max = 100) =>
  z.coerce
    .number({ error: 'The page size must be a whole number.' })
    .int('The page size must be a whole number.')
    .min(1, `The page size must be between 1 and ${max}.`)
    .max(max, `The page size must be between 1 and ${max}.`);

/** The 1-based page number of an offset-paged list. */
export const PageParam = (max = Number.MAX_SAFE_INTEGER) => PageNumber(max).default(1);

/** The page size of an offset-paged list. */
export const PageSizeParam = (fallback: number, max = 100) => PageSize(max).default(fallback);

/** An offset-paged list's answer (docs/product.md §7): its rows with page, pageSize and total beside them. */
export const PagedList = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), page: z.number(), pageSize: z.number(), total: z.number() });

/** The nextCursor field of a paged answer. */
export const NextCursorField = () =>
  z.string().nullable().meta({ description: 'Pass as cursor for the page after this one; null on the last page.' });

/** Lists answered as a bare array (the OpenAPI document) carry the next page's cursor in this header. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
