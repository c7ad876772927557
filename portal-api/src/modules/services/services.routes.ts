import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { createRouter } from '../../http/router.ts';
import { listServiceTree } from './services.repo.ts';
import { ServiceSchema } from './services.schema.ts';

/** The services sub-app (SPEC §7 "Services"). */
export function servicesRoutes({ db }: Deps) {
  return createRouter().openapi(
    createRoute({
      method: 'get', path: '/services', tags: ['Services'],
      summary: 'The service catalogue: top-level services with their sub-services. Public.',
      responses: { 200: { description: 'Services', content: { 'application/json': { schema: z.array(ServiceSchema) } } } },
    }),
    async (c) => {
      // SPEC §7: fetched with "no cache"; a short revalidation keeps edits visible at once.
      c.header('cache-control', 'no-cache');
      return c.json(await listServiceTree(db), 200);
    },
  );
}
