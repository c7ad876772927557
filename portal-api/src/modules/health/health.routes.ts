import { createRoute, z } from '@hono/zod-openapi';
import { ping } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') }).openapi('Health');

export function healthRoutes({ db }: Deps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags: ['Operations'],
      summary: 'Liveness: the process answers and the database responds. Public.',
      responses: {
        200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } },
        503: { description: 'Database unreachable' },
      },
    }),
    async (c) => {
      try {
        await ping(db);
      } catch {
        throw new HttpError(503, 'Database unreachable.');
      }
      return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
    },
  );
}
