import { z } from 'zod';
import { CursorParam, LimitParam } from '../paging/paging.schema.ts';
import { QuerySchema } from './queries.schema.ts';

// GET /queries/me in pages: slim rows (file names and sizes, no signed links:
// GET /queries/{id} mints those when a request is opened) and a keyset cursor.

export const MyQueriesParamsSchema = z.object({
  limit: LimitParam(100).meta({
    description: 'Rows per page (default 20 when cursor is given). With neither limit nor cursor: every query, full.',
  }),
  cursor: CursorParam,
});

export const QueryFileSummarySchema = z
  .object({ _id: z.string(), name: z.string(), size: z.number(), type: z.string() })
  .meta({ id: 'QueryFileSummary' });

export const QuerySummarySchema = QuerySchema.extend({
  files: z.array(QueryFileSummarySchema),
  deliverables: z.array(QueryFileSummarySchema),
}).meta({ id: 'QuerySummary' });
export type QuerySummary = z.infer<typeof QuerySummarySchema>;

export const MyQueriesPageSchema = z.object({
  data: z.array(QuerySummarySchema),
  nextCursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last page.' }),
});
