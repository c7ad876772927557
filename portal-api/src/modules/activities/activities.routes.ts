import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/router.ts';
import { listActivities } from './activities.repo.ts';
import { ActivitiesQuerySchema, ActivitySchema } from './activities.schema.ts';

/** The activities sub-app: paths under /api (SPEC §7 "Queries"). */
export function activitiesRoutes({ db }: Deps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/recent-activities',
      tags: ['Activities'],
      summary: 'Recent activities, newest first (a bare array). A client sees its own; an admin sees all.',
      security: [{ bearer: [] }],
      middleware: [requireAuth(db)] as const,
      request: { query: ActivitiesQuerySchema },
      responses: { 200: { description: 'Activities', content: { 'application/json': { schema: z.array(ActivitySchema) } } } },
    }),
    async (c) => {
      const user = c.var.user;
      const { limit } = c.req.valid('query');
      return c.json(await listActivities(db, { userId: user.role === 'admin' ? undefined : user.id, limit }), 200);
    },
  );
}
