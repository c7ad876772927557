import { z } from '@hono/zod-openapi';

// SPEC §5 "Submit request": one sentence for every missing field, as the product shows it.
export const REQUIRED_FIELDS = 'Please fill in all required fields.';
export const QUERY_CREATED = 'Query submitted successfully!';
export const MAX_QUERY_FILES = 20;
export const MAX_MESSAGE_LENGTH = 10_000;

export const QueryStatusSchema = z.enum(['pending', 'in_progress', 'answered', 'closed']);

/** The multipart text fields of POST /queries (files go through lib/storage.ts). */
export const CreateQuerySchema = z.object({
  message: z
    .string({ error: REQUIRED_FIELDS })
    .trim()
    .min(1, REQUIRED_FIELDS)
    .max(MAX_MESSAGE_LENGTH, 'Your description can be at most 10,000 characters.'),
  service: z.string({ error: REQUIRED_FIELDS }).trim().min(1, REQUIRED_FIELDS).max(64, 'Unknown service.'),
  subService: z
    .string()
    .trim()
    .max(64, 'Unknown sub-service.')
    .optional()
    .transform((v) => v || undefined),
  bidDueDate: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isCalendarDate(v), 'Please enter the bid due date as YYYY-MM-DD.'),
  subject: z
    .string()
    .trim()
    .max(200, 'The subject can be at most 200 characters.')
    .optional()
    .transform((v) => v || undefined),
});
export type CreateQuery = z.infer<typeof CreateQuerySchema>;

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const QueryIdParamsSchema = z.object({
  id: z.string().min(1).max(64).openapi({ param: { name: 'id', in: 'path' } }),
});

const RefSchema = z.object({ _id: z.string(), title: z.string() });
export const QueryFileSchema = z
  .object({ _id: z.string(), name: z.string(), url: z.string(), size: z.number(), type: z.string() })
  .openapi('QueryFile');

export const QuerySchema = z
  .object({
    _id: z.string(),
    subject: z.string().nullable(),
    message: z.string(),
    service: RefSchema.nullable(),
    subservice: RefSchema.nullable(),
    files: z.array(QueryFileSchema),
    deliverables: z.array(QueryFileSchema),
    status: QueryStatusSchema,
    bidDueDate: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    user: z.object({ _id: z.string(), fullName: z.string(), email: z.string() }),
  })
  .openapi('Query');
export type Query = z.infer<typeof QuerySchema>;

export const QueryCreatedSchema = z.object({ message: z.string(), data: QuerySchema });

export const UploadLimitsSchema = z
  .object({ maxFiles: z.number(), maxFileBytes: z.number(), types: z.array(z.string()) })
  .openapi('UploadLimits');
