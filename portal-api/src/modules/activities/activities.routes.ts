import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/router.ts';
import { companyScope } from '../queries/queries.public.ts';
import { listActivities } from './activities.repo.ts';
import { NEXT_CURSOR_HEADER } from '../paging/paging.schema.ts';
import { ActivitiesQuerySchema, ActivitySchema } from './activities.schema.ts';

/** The activities sub-app: paths under /api (docs/product.md §7 "Queries"). */
export function activitiesRoutes({ db }: Deps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/recent-activities',
      tags: ['Activities'],
      summary: 'Recent activities, newest first (a bare array). A client sees its own; an admin sees all.',
      description: `Keyset pages: when more rows follow, the ${NEXT_CURSOR_HEADER} header carries the cursor for the next call.`,
      security: [{ bearer: [] }],
      middleware: [requireAuth(db)] as const,
      request: { query: ActivitiesQuerySchema },
      responses: {
        400: { description: 'Bad cursor or limit' },
        200: {
          description: 'Activities',
          headers: { [NEXT_CURSOR_HEADER]: { schema: { type: 'string' }, description: 'Cursor of the next page, when there is one' } },
          content: { 'application/json': { schema: z.array(ActivitySchema) } },
        },
      },
    }),
    async (c) => {
      const user = c.var.user;
      const { limit, cursor } = c.req.valid('query');
      const { data, nextCursor } = await listActivities(db, { companyId: companyScope(user) ?? undefined, limit, cursor });
      if (nextCursor) c.header(NEXT_CURSOR_HEADER, nextCursor);
      return c.json(data, 200);
    },
  );
}
