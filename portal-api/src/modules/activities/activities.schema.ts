import { z } from '@hono/zod-openapi';

export const ActivitySchema = z
  .object({
    _id: z.string(),
    activity: z.string(),
    createdAt: z.string(),
    status: z.string(),
    query: z.object({ _id: z.string(), message: z.string(), status: z.string() }).nullable(),
  })
  .openapi('Activity');

export const ActivitiesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 500.').max(500, 'limit must be between 1 and 500.').default(100),
});
