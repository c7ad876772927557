import { z } from 'zod';
import { CursorParam, LimitParam, PageNumber, PageSize } from '../paging/paging.schema.ts';
import { QuerySchema } from './queries.schema.ts';

// GET /queries/me in pages: slim rows (file names and sizes, no signed links:
// GET /queries/{id} mints those when a request is opened) and a keyset cursor.

export const MyQueriesParamsSchema = z.object({
  limit: LimitParam(100).meta({
    description: 'Keyset pages: rows per page (default 20 when cursor is given). With neither limit nor cursor: full rows.',
  }),
  cursor: CursorParam,
  page: PageNumber()
    .optional()
    .meta({ description: 'Offset pages of full rows, 1-based (pageSize defaults to 20). With neither page nor pageSize: every query.' }),
  pageSize: PageSize().optional(),
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
