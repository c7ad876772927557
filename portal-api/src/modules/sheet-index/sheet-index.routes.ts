import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/router.ts';
import { findQueryForUser } from '../queries/queries.repo.ts';
import { QueryIdParamsSchema } from '../queries/queries.schema.ts';
import { FileSheetIndexSchema, IndexDetailSchema, type FileSheetIndex } from './sheet-index.schema.ts';

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
      const rows = await db
        .selectFrom('query_files')
        .select(['id', 'name', 'kind', 'index_status', 'index_summary', 'index_json'])
        .where('query_id', '=', query.id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const data: FileSheetIndex[] = rows.map((r) => {
        const detail = r.index_json ? IndexDetailSchema.safeParse(JSON.parse(r.index_json)) : null;
        return {
          fileId: r.id,
          name: r.name,
          kind: r.kind,
          status: r.index_status,
          summary: r.index_summary,
          detail: detail?.success ? detail.data : null,
        };
      });
      return c.json({ data }, 200);
    },
  );
}
