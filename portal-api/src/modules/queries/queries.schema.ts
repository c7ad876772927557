import { z } from 'zod';
import { RevisionSchema } from '../deliverables/deliverables.schema.ts';
import { FileSetSchema } from '../files/files.schema.ts';
import { OutcomeStateSchema } from '../outcomes/outcomes.schema.ts';
import { QuoteSchema } from '../quotes/quotes.schema.ts';
import { LastMessageSchema } from '../chats/chats.schema.ts';
import { FileIndexBriefSchema } from '../sheet-index/sheet-index.schema.ts';

// docs/product.md §5 "Submit request": one sentence for every missing field, as the product shows it.
import { QUERY_STATUSES, REQUIRED_FIELDS } from './queries.labels.ts';
import { MAX_MESSAGE_LENGTH, MAX_QUERY_FILES, PROJECT_NAME_MAX } from './queries.limits.ts';

export const TOO_MANY_REUSED = 'Too many files to reuse.';

export { REQUIRED_FIELDS };
export { QUERY_CREATED } from './queries.labels.ts';
export { MAX_MESSAGE_LENGTH, MAX_QUERY_FILES };

export const QueryStatusSchema = z.enum(QUERY_STATUSES);

/** docs/product.md §5: a field the request needs; a missing one, whichever it is, is REQUIRED_FIELDS. */
const requiredText = () => z.string({ error: REQUIRED_FIELDS }).trim().min(1, REQUIRED_FIELDS);

export { PROJECT_NAME_MAX };
export const PROJECT_NAME_TOO_LONG = `The project name can be at most ${PROJECT_NAME_MAX} characters.`;
export const PROJECT_NAME_CONTROL = 'The project name cannot contain control characters.';

/**
 * A request's project name (docs/product.md §11): it leads every list, so it is 1 to 120
 * characters of printable text once trimmed (a tab, a line break or an escape sequence inside
 * would break the rows and mail subjects it heads). A missing one is the form's one sentence.
 */
export const ProjectNameSchema = requiredText()
  .max(PROJECT_NAME_MAX, PROJECT_NAME_TOO_LONG)
  .refine((v) => !/\p{Cc}/u.test(v), PROJECT_NAME_CONTROL);

/** The multipart text fields of POST /queries (files go through lib/storage.ts). */
export const CreateQuerySchema = z.object({
  message: requiredText().max(MAX_MESSAGE_LENGTH, 'Your description can be at most 10,000 characters.'),
  service: requiredText().max(64, 'Unknown service.'),
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
  // Required by the request form; a call that sends it, even empty, is held to its rules. A call
  // that leaves the field out entirely is the original multipart call of docs/product.md §7,
  // which knows no project name, and still works: that request reads by its message.
  projectName: ProjectNameSchema.optional(),
  location: z
    .string()
    .trim()
    .max(200, 'The location can be at most 200 characters.')
    .optional()
    .transform((v) => v || undefined),
  // "Reuse these plans": ids of files of the client's own earlier requests, comma-separated.
  reuseFiles: z
    .string()
    .trim()
    .max(2000, TOO_MANY_REUSED)
    .optional()
    .transform((v) =>
      v
        ? [
            ...new Set(
              v
                .split(',')
                .map((id) => id.trim())
                .filter(Boolean),
            ),
          ]
        : [],
    ),
});
export type CreateQuery = z.infer<typeof CreateQuerySchema>;

/**
 * The /request form (docs/product.md §5 "Submit request"), checked before any file is uploaded:
 * project name (ProjectNameSchema, the server's own rule), description, service, a sub-service
 * when the service has some, and a file picked or reused. The location stays optional. Any gap
 * is REQUIRED_FIELDS, the same rule as CreateQuerySchema's. The other lengths, the date and the
 * ids stay CreateQuerySchema's on the server, whose sentence the form then shows, as before.
 * `F` is the browser's picked file.
 */
export function requestFormSchema<F>(facts: { hasSubServices: (serviceId: string) => boolean; reusedFiles: number }) {
  return z
    .object({
      projectName: ProjectNameSchema,
      message: requiredText(),
      location: z.string(),
      service: requiredText(),
      subService: z.string(),
      bidDueDate: z.string(),
      files: z.array(z.custom<F>()).min(facts.reusedFiles > 0 ? 0 : 1, REQUIRED_FIELDS),
    })
    .superRefine(({ service, subService }, ctx) => {
      if (facts.hasSubServices(service) && !requiredText().safeParse(subService).success)
        ctx.addIssue({ code: 'custom', message: REQUIRED_FIELDS, path: ['subService'] });
    });
}

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export const QueryIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' } }),
});

/** What the bid workflow adds to every Query JSON: its project, quotes, file sets, revisions and outcome. */
export const QueryLifecycleSchema = z.object({
  projectName: z.string().nullable(),
  location: z.string().nullable(),
  deliveryDueAt: z.string().nullable(),
  quotes: z.array(QuoteSchema),
  fileSets: z.array(FileSetSchema),
  revisions: z.array(RevisionSchema),
  outcome: OutcomeStateSchema,
});
export type QueryLifecycle = z.infer<typeof QueryLifecycleSchema>;

export type { LifecycleFrame } from '../chats/chats.frames.schema.ts';

const RefSchema = z.object({ _id: z.string(), title: z.string() });
export const QueryFileSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    url: z.string(),
    size: z.number(),
    type: z.string(),
    /** The sheet index (docs/product.md §14): full detail at GET /queries/{id}/sheet-index. */
    index: FileIndexBriefSchema.optional(),
  })
  .meta({ id: 'QueryFile' });

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
    assignee: z
      .object({ _id: z.string(), fullName: z.string() })
      .nullable()
      .meta({ description: "The admin the request is assigned to (the client's 'Your estimator'); null: the whole team." }),
    ...QueryLifecycleSchema.shape,
  })
  .meta({ id: 'Query' });
export type Query = z.infer<typeof QuerySchema>;

/** A row of GET /queries/me: the Query plus its chat preview and the viewer's unread count. */
export const MyQuerySchema = QuerySchema.extend({
  lastMessage: LastMessageSchema.nullable(),
  unread: z.number(),
}).meta({ id: 'MyQuery' });
export type MyQuery = z.infer<typeof MyQuerySchema>;

/** A count of requests: all of them, and those created this and last calendar month (UTC). */
const CountSchema = z.object({ total: z.number().int(), thisMonth: z.number().int(), lastMonth: z.number().int() });
/** GET /queries/me/counts: the dashboard's numbers without downloading the lists. */
export const QueryCountsSchema = z
  .object({ all: CountSchema, pending: CountSchema, in_progress: CountSchema, answered: CountSchema, closed: CountSchema })
  .meta({ id: 'QueryCounts' });
export type QueryCounts = z.infer<typeof QueryCountsSchema>;

export const QueryCreatedSchema = z.object({ message: z.string(), data: QuerySchema });
/** The answer of a workflow move: what happened, the request after it, and a warning when one applies. */
export const QueryStepSchema = z.object({ message: z.string(), data: QuerySchema, warning: z.string().optional() });

export const UploadLimitsSchema = z
  .object({ maxFiles: z.number(), maxFileBytes: z.number(), types: z.array(z.string()) })
  .meta({ id: 'UploadLimits' });
export type UploadLimits = z.infer<typeof UploadLimitsSchema>;
