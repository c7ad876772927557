import { createRoute, z } from '@hono/zod-openapi';
import { isMigrated, ping } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/errors.ts';
import { createRouter } from '../../http/router.ts';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') }).openapi('Health');
const ReadySchema = z.object({ status: z.literal('ready'), database: z.literal('ok'), migrations: z.literal('applied') }).openapi('Ready');
const ErrorSchema = z.object({ message: z.string() });

export function healthRoutes({ db }: Deps) {
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/health',
        tags: ['Operations'],
        summary: 'Liveness: the process answers and the database responds. Public.',
        responses: {
          200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } },
          503: { description: 'Database unreachable', content: { 'application/json': { schema: ErrorSchema } } },
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
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/ready',
        tags: ['Operations'],
        summary: 'Readiness for a load balancer: the database is reachable and every migration is applied. Public.',
        responses: {
          200: { description: 'Ready to serve', content: { 'application/json': { schema: ReadySchema } } },
          503: { description: 'Database unreachable or migrations pending', content: { 'application/json': { schema: ErrorSchema } } },
        },
      }),
      async (c) => {
        let migrated: boolean;
        try {
          await ping(db);
          migrated = await isMigrated(db);
        } catch {
          throw new HttpError(503, 'Database unreachable.');
        }
        if (!migrated) throw new HttpError(503, 'Database migrations are not applied.');
        return c.json({ status: 'ready' as const, database: 'ok' as const, migrations: 'applied' as const }, 200);
      },
    );
}
