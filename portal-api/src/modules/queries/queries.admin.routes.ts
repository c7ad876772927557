import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { LIST_BATCH, offsetBatches, streamJsonList } from '../../http/json-stream.ts';
import { ADMIN_ONLY, createRouter, jsonBody, jsonResponse } from '../../http/router.ts';
import type { Query } from './queries.schema.ts';
import { findAdminQuery, listAllQueries, weeklyStats, type ListFilter } from './queries.admin.repo.ts';
import {
  ChangeStatusSchema,
  ListQueriesSchema,
  QueryAnswerSchema,
  QueryIdParamsSchema,
  QueryPageSchema,
  WeeklyStatsQuerySchema,
  WeeklyStatsSchema,
} from './queries.admin.schema.ts';
import { QUERY_CLOSED, QUERY_NOT_FOUND, STATUS_LABELS } from './queries.labels.ts';
import { TRANSITIONS_DOC } from './queries.rules.ts';
import { changeStatus } from './queries.workflow.ts';

/** Admin-side query calls: the queue and status changes (a client's queries are served by the users module). */
export function queriesAdminRoutes(deps: Deps) {
  const { db, storage } = deps;

  const loadOr404 = async (id: string): Promise<Query> => {
    const query = await findAdminQuery(db, storage, id);
    if (!query) throw new HttpError(404, QUERY_NOT_FOUND);
    return query;
  };

  /** Every query the filter keeps, in its order, a batch at a time: keyset pages, or offset pages for the due order. */
  async function* everyQuery(filter: ListFilter) {
    if (filter.sort === 'due') {
      const page = (limit: number, offset: number) =>
        listAllQueries(db, storage, { ...filter, pageSize: limit, page: offset / limit + 1 }).then((p) => p.data);
      return yield* offsetBatches(page, (q) => q._id);
    }
    let cursor: string | undefined;
    do {
      const part = await listAllQueries(db, storage, { ...filter, page: 1, pageSize: LIST_BATCH, cursor });
      yield part.data;
      cursor = part.nextCursor ?? undefined;
    } while (cursor);
  }

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/queries',
        tags: ['Queries'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Every client query, paged, filtered by status and text, sorted by creation or bid due date. Admin only.',
        description:
          'With none of `page`, `pageSize` and `cursor`: every query that matches, as one page ' +
          '(docs/product.md §7 "returns data[] of all queries"). With any of them: that page (pageSize 20 unless given).',
        request: { query: ListQueriesSchema },
        responses: { 200: jsonResponse(QueryPageSchema, 'A page of queries'), 400: { description: 'Bad filter' }, ...ADMIN_ONLY },
      }),
      async (c) => {
        const { assignee, include, ...query } = c.req.valid('query');
        const filter: ListFilter = {
          ...query,
          ...(assignee === 'mine' ? { assigneeId: c.var.user.id } : assignee === 'unassigned' ? { assigneeId: null } : {}),
        };
        const paged = ['page', 'pageSize', 'cursor'].some((name) => c.req.query(name) !== undefined);
        // A page's rows summarise their bid workflow unless it is asked for (docs/product.md §15).
        if (paged) return c.json(await listAllQueries(db, storage, filter, include === 'lifecycle'), 200);
        // Every match, streamed in keyset batches (http/json-stream.ts): built whole, it held the event loop.
        return streamJsonList<Awaited<ReturnType<typeof listAllQueries>>>(c, 'data', everyQuery(filter), (n) => ({
          page: 1,
          pageSize: n,
          total: n,
          nextCursor: null,
        }));
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/queries/stats/weekly',
        tags: ['Queries'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary:
          "Requests created per week (weeks start on Monday, on the firm's Miami calendar) over the last `weeks` weeks, counted by current status. Admin only.",
        request: { query: WeeklyStatsQuerySchema },
        responses: { 200: jsonResponse(WeeklyStatsSchema, 'Weeks, oldest first'), ...ADMIN_ONLY },
      }),
      async (c) => c.json({ weeks: await weeklyStats(db, c.req.valid('query').weeks) }, 200),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/queries/{id}/status',
        tags: ['Queries'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Moves a query to its next status. Admin only.',
        description:
          `${TRANSITIONS_DOC} On success the change is recorded as an activity, pushed to the query's chat room as ` +
          '{"type":"queryStatus","queryId","status"}, and the client is e-mailed (on answered: that the estimate is ready), with a link to /chat/{id}.',
        request: { params: QueryIdParamsSchema, ...jsonBody(ChangeStatusSchema) },
        responses: {
          200: jsonResponse(QueryAnswerSchema, 'The query after the change'),
          400: { description: 'Unknown status' },
          404: { description: 'No such query' },
          409: { description: 'Transition not allowed (closed is final, no going back or skipping)' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { status, note } = c.req.valid('json');
        await changeStatus(deps, c.var.log, c.var.user, id, status, note ?? null);
        const updated = await loadOr404(id);
        const message = status === 'closed' ? QUERY_CLOSED : `Query marked ${STATUS_LABELS[status]}.`;
        return c.json({ message, data: updated }, 200);
      },
    );
}
