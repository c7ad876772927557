import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/router.ts';
import { findQueryForUser } from '../queries/queries.public.ts';
import { QueryIdParamsSchema } from '../queries/queries.schema.ts';
import { listSheetIndex } from './sheet-index.repo.ts';
import { FileSheetIndexSchema } from './sheet-index.schema.ts';

/** GET /queries/{id}/sheet-index: what the background reader found in each file of a request. */
export function sheetIndexRoutes({ db }: Deps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/queries/{id}/sheet-index',
      tags: ['Queries'],
      summary:
        "The sheet index of every file of a query, as {data}: per PDF page the sheet number and title, a ZIP's entries, a DWG's AutoCAD version. Owner or admin (someone else's answers 404).",
      security: [{ bearer: [] }],
      middleware: [requireAuth(db)] as const,
      request: { params: QueryIdParamsSchema },
      responses: {
        200: { description: 'The index', content: { 'application/json': { schema: z.object({ data: z.array(FileSheetIndexSchema) }) } } },
        404: { description: 'Unknown or not yours' },
      },
    }),
    async (c) => {
      const query = await findQueryForUser(db, c.req.valid('param').id, c.var.user);
      return c.json({ data: await listSheetIndex(db, query.id) }, 200);
    },
  );
}
