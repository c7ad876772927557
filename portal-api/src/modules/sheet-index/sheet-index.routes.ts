import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter, jsonResponse } from '../../http/router.ts';
import { findQueryForUser } from '../queries/queries.public.ts';
import { QueryIdParamsSchema } from '../queries/queries.schema.ts';
import { listSheetIndex } from './sheet-index.repo.ts';
import { SHEET_INDEX_PAGE_BYTES, SheetIndexPageSchema, SheetIndexQuerySchema } from './sheet-index.schema.ts';

/** GET /queries/{id}/sheet-index: what the background reader found in each file of a request. */
export function sheetIndexRoutes({ db }: Deps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/queries/{id}/sheet-index',
      tags: ['Queries'],
      summary:
        "The sheet index of a query's files, as {data, page, pageSize, total}: per PDF page the sheet number and title, a ZIP's entries, a DWG's AutoCAD version. Owner or admin (someone else's answers 404).",
      description: `Paged twice: files by \`page\` and \`pageSize\`, and each file's list (sheets or entries) by \`offset\` and \`limit\`; one answer carries at most ${SHEET_INDEX_PAGE_BYTES / 1024} KB of list items, and \`listed\` says which part of each file's list it holds. Without parameters it answers the first 20 files with as much of their lists as fits.`,
      security: [{ bearer: [] }],
      middleware: [requireAuth(db)] as const,
      request: { params: QueryIdParamsSchema, query: SheetIndexQuerySchema },
      responses: {
        200: jsonResponse(SheetIndexPageSchema, 'The index'),
        400: { description: 'A paging parameter out of range' },
        404: { description: 'Unknown or not yours' },
      },
    }),
    async (c) => {
      const query = await findQueryForUser(db, c.req.valid('param').id, c.var.user);
      return c.json(await listSheetIndex(db, query.id, c.req.valid('query')), 200);
    },
  );
}
