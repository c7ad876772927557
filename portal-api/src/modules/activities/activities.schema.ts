import { z } from 'zod';
import { CursorParam } from '../paging/paging.schema.ts';
import { ACTIVITIES_DEFAULT_LIMIT } from './activities.labels.ts';

export const ActivitySchema = z
  .object({
    _id: z.string(),
    activity: z.string(),
    createdAt: z.string(),
    status: z.string(),
    query: z
      .object({
        _id: z.string(),
        subject: z.string().nullable(),
        /** Leads the line when set (docs/product.md §11); older requests have none. */
        projectName: z.string().nullable(),
        message: z.string(),
        status: z.string(),
      })
      .nullable(),
    /** The client the activity is about ('Message sent' alone would name no one). */
    user: z.object({ _id: z.string(), fullName: z.string() }).nullable(),
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof ActivitySchema>;

export const ActivitiesQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be between 1 and 500.')
    .max(500, 'limit must be between 1 and 500.')
    .default(ACTIVITIES_DEFAULT_LIMIT),
  cursor: CursorParam,
});
