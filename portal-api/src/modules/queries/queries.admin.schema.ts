import { z } from 'zod';
import { CursorParam, LimitParam, NextCursorField, PageParam, PageSizeParam, SearchParam } from '../paging/paging.schema.ts';
import { ASSIGNEE_FILTERS } from './queries.assign.labels.ts';
import { CHANGE_NOTE_MAX, QUERY_STATUSES } from './queries.labels.ts';
import { QUOTE_STATES } from './queries.rules.ts';
import { QueryIdParamsSchema, QuerySchema, QueryStatusSchema } from './queries.schema.ts';
import { groupDigits } from '../../shared/en-us.ts';

// Zod shapes of the admin query calls (docs/architecture.md §1); the Query itself is the portal's QuerySchema.

export { QueryIdParamsSchema };
export const UserIdParamsSchema = QueryIdParamsSchema;

/** The queue's saved views (docs/product.md §15). */
export const QUEUE_VIEWS = ['due24h', 'waiting', 'unread'] as const;
export type QueueView = (typeof QUEUE_VIEWS)[number];

export const ListQueriesSchema = z.object({
  view: z.enum(QUEUE_VIEWS, { error: 'View must be due24h, waiting or unread.' }).optional().meta({
    description:
      "A saved view, combined with the other filters. due24h: the firm still owes the estimate (pending or in progress) and its delivery is due, or its bid date falls, within 24 h or has passed. waiting: a quote is sent and the client has not accepted or declined it. unread: the client's messages the firm has not read.",
  }),
  status: z
    .enum([...QUERY_STATUSES, 'open'], { error: 'Status must be pending, in_progress, answered, closed or open.' })
    .optional()
    .meta({ description: "One status, or 'open' for every status but closed." }),
  assignee: z.enum(ASSIGNEE_FILTERS, { error: 'Assignee must be mine, unassigned or everyone.' }).optional().meta({
    description:
      "mine: assigned to the caller; unassigned: to nobody; everyone (the default): any. Combines with every other filter. The screen remembers the admin's last choice.",
  }),
  search: SearchParam(
    "Every word (split at spaces; up to 8) must match, each in any of: the message or subject (as a word prefix), the client's name or e-mail, the project name or location, the service or sub-service (inside the text). Case-insensitive.",
  ),
  sort: z
    .enum(['createdAt', 'bidDueDate', 'due'], { error: 'Sort must be createdAt, bidDueDate or due.' })
    .default('createdAt')
    .meta({
      description:
        'createdAt: newest first. bidDueDate: soonest due first, undated last. due: the earlier of the delivery due time and the bid due date first, undated last; ' +
        'due pages by `page` only (its order moves as quotes are accepted, so a cursor would drift): its `nextCursor` is always null, and `total` tells how many pages there are.',
    }),
  page: PageParam(),
  pageSize: PageSizeParam(20),
  cursor: CursorParam,
  include: z.enum(['lifecycle'], { error: 'Include must be lifecycle.' }).optional().meta({
    description:
      "lifecycle: a page's rows carry their quotes, file sets and revisions whole, as GET /queries/{id} does. Without it they carry only `lifecycle`, a summary of them. The unpaged list carries them whole.",
  }),
});

/** What a queue row says of its bid workflow, so that a page need not carry the workflow whole. */
export const LifecycleSummarySchema = z
  .object({
    quotes: z.number().int().meta({ description: 'Quotes sent, in any state.' }),
    quoteState: z.enum(QUOTE_STATES).nullable().meta({ description: "The newest quote's state; null when none was sent." }),
    addenda: z.number().int().meta({ description: 'Addenda added to the plans.' }),
    delivered: z.boolean().meta({ description: 'The firm has delivered: a deliverable is attached or a revision is answered.' }),
  })
  .meta({ id: 'LifecycleSummary' });
export type LifecycleSummary = z.infer<typeof LifecycleSummarySchema>;

/**
 * A queue row: the Query, with the firm's unread count of its chat and a summary of its bid
 * workflow. In a page its quotes, file sets and revisions come only with include=lifecycle.
 */
export const QueueQuerySchema = QuerySchema.partial({ quotes: true, fileSets: true, revisions: true }).extend({
  unread: z.number().meta({ description: "The client's chat messages the firm has not read." }),
  lifecycle: LifecycleSummarySchema,
});

export const QueryPageSchema = z.object({
  data: z.array(QueueQuerySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  nextCursor: NextCursorField().meta({
    description: 'Pass as cursor for the page after this one; null on the last page, and always null with sort=due (use `page`).',
  }),
});

export const ChangeStatusSchema = z.object({
  status: z.enum(QUERY_STATUSES, {
    error: 'Status must be one of pending, in_progress, answered or closed.',
  }),
  // When answering, what this revision changed (shown with Rev B, Rev C, …).
  note: z
    .string()
    .trim()
    .max(CHANGE_NOTE_MAX, `The change note can be at most ${groupDigits(CHANGE_NOTE_MAX)} characters.`)
    .optional()
    .transform((v) => v || undefined),
});

export const QueryAnswerSchema = z.object({ message: z.string(), data: QuerySchema });

export const WeeklyStatsQuerySchema = z.object({
  weeks: z.coerce.number({ error: 'Weeks must be a number.' }).int().min(1).max(52).default(8),
});

export const WeeklyStatsSchema = z.object({
  weeks: z.array(
    z.object({
      weekStart: z.string().meta({ description: 'Monday of the week (UTC), YYYY-MM-DD.' }),
      pending: z.number(),
      in_progress: z.number(),
      answered: z.number(),
      closed: z.number(),
      total: z.number(),
    }),
  ),
});

export const UsersWithQueriesQuerySchema = z.object({
  limit: LimitParam(100).meta({ description: 'Clients per page. Without limit and cursor every client is answered.' }),
  cursor: CursorParam,
  q: SearchParam("Part of the client's name or e-mail (case-insensitive)."),
});

export const UsersWithQueriesSchema = z.object({
  nextCursor: z
    .string()
    .nullable()
    .optional()
    .meta({ description: 'With limit or cursor: the cursor of the next page, null on the last.' }),
  users: z.array(
    z.object({
      _id: z.string(),
      fullName: z.string(),
      email: z.string(),
      profileImage: z.string().nullable(),
      online: z.boolean(),
      queries: z.array(
        z.object({
          _id: z.string(),
          subject: z.string().nullable(),
          projectName: z.string().nullable(),
          message: z.string(),
          status: QueryStatusSchema,
          createdAt: z.string(),
        }),
      ),
    }),
  ),
});

export const UserQueriesSchema = z.object({ data: z.array(QuerySchema) });
