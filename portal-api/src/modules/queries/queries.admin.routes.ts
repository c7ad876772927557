import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { LIST_BATCH, offsetBatches, streamJsonList } from '../../http/json-stream.ts';
import { createRouter } from '../../http/router.ts';
import type { StoredFile } from '../../lib/storage.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { deliverablesAddedMail, statusChangeMail } from './queries.mail.ts';
import type { Query } from './queries.schema.ts';
import { publishLifecycle } from './lifecycle.step.ts';
import { addDeliverables, changeQueryStatus, findAdminQuery, listAllQueries, weeklyStats, type ListFilter } from './queries.admin.repo.ts';
import {
  ChangeStatusSchema,
  ListQueriesSchema,
  QueryAnswerSchema,
  QueryIdParamsSchema,
  QueryPageSchema,
  WeeklyStatsQuerySchema,
  WeeklyStatsSchema,
} from './queries.admin.schema.ts';
import { canTransition, STATUS_LABELS, TRANSITIONS_DOC, transitionError } from './status-transitions.ts';
import { NO_FILES, QUERY_CHANGED, QUERY_CLOSED, QUERY_NOT_FOUND } from './queries.labels.ts';
import { isJson, readUploadsBody } from '../uploads/uploads-body.public.ts';
import { claimCompletedUploads, releaseClaimedUploads } from '../uploads/uploads.repo.ts';
import { pushRequestChange } from '../chats/chats.public.ts';

const MAX_DELIVERABLES = 10;
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const refused = { 401: { description: 'No or bad token' }, 403: { description: 'Not an admin' } };

/** Admin-side query calls: the queue, status changes, deliverables (a client's queries are served by the users module). */
export function queriesAdminRoutes(deps: Deps) {
  const { db, storage, hub, config } = deps;

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
          'With none of `page`, `pageSize` and `cursor`: every query that matches, as one page (SPEC §7 "returns data[] of all ' +
          'queries"). With any of them: that page (pageSize 20 unless given).',
        request: { query: ListQueriesSchema },
        responses: { 200: json(QueryPageSchema, 'A page of queries'), 400: { description: 'Bad filter' }, ...refused },
      }),
      async (c) => {
        const filter = c.req.valid('query');
        const paged = ['page', 'pageSize', 'cursor'].some((name) => c.req.query(name) !== undefined);
        if (paged) return c.json(await listAllQueries(db, storage, filter), 200);
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
        responses: { 200: json(WeeklyStatsSchema, 'Weeks, oldest first'), ...refused },
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
        request: { params: QueryIdParamsSchema, body: { required: true, content: { 'application/json': { schema: ChangeStatusSchema } } } },
        responses: {
          200: json(QueryAnswerSchema, 'The query after the change'),
          400: { description: 'Unknown status' },
          404: { description: 'No such query' },
          409: { description: 'Transition not allowed (closed is final, no going back or skipping)' },
          ...refused,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { status, note } = c.req.valid('json');
        const current = await loadOr404(id);
        if (!canTransition(current.status, status))
          throw new HttpError(409, transitionError(current.status, status), { code: 'invalid_transition' });
        const activity = `Query marked ${STATUS_LABELS[status]}`;
        const mail = (trx: typeof db, revision: string | null) =>
          enqueueMail(
            trx,
            statusChangeMail(config.publicUrl, current, status, revision ? { letter: revision, changeNote: note ?? null } : undefined),
          );
        if (!(await changeQueryStatus(db, { id, userId: current.user._id }, current.status, status, activity, mail, note ?? null))) {
          throw new HttpError(409, QUERY_CHANGED);
        }
        // The change is saved; open chats learn it live. A fan-out failure is logged, not
        // turned into a failed request the admin would retry against a now-final status.
        try {
          await hub.publish(id, { type: 'queryStatus', queryId: id, status });
          await pushRequestChange(deps, current.user._id, { type: 'queryStatus', queryId: id, status });
          if (status === 'answered') await publishLifecycle(deps, c.var.log, 'admin', id, 'answered');
        } catch (err) {
          c.var.log.error({ err, queryId: id }, 'status changed but not pushed to the chat room');
        }
        const updated = await loadOr404(id);
        const message = status === 'closed' ? QUERY_CLOSED : `Query marked ${STATUS_LABELS[status]}.`;
        return c.json({ message, data: updated }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/queries/{id}/deliverables',
        tags: ['Queries'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Attaches deliverables (takeoff PDF, XLSX/CSV cost breakdown, DWG, ZIP, images) to a query. Admin only.',
        description: `multipart/form-data with up to ${MAX_DELIVERABLES} files in files[], or application/json {uploadIds} naming the admin's completed resumable uploads (POST /uploads/tus). Files are private: clients get signed links in the query's deliverables. A closed query takes no more files. On an answered query the client is e-mailed the new files and their revision, with a link to /chat/{id}.`,
        request: { params: QueryIdParamsSchema },
        responses: {
          201: json(QueryAnswerSchema, 'The query with its deliverables'),
          400: { description: 'No file' },
          404: { description: 'No such query' },
          409: { description: 'Query closed' },
          413: { description: 'Too large' },
          415: { description: 'File type not accepted' },
          ...refused,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const query = await loadOr404(id);
        if (query.status === 'closed')
          throw new HttpError(409, 'This query is closed. A closed query takes no more files.', { code: 'query_closed' });
        // JSON {uploadIds} names the admin's completed resumable uploads (issue 14); multipart carries the files.
        const fromUploads = isJson(c.req.header('content-type')) ? await readUploadsBody(c.req.raw, MAX_DELIVERABLES) : null;
        const { files } = fromUploads
          ? { files: [] }
          : await storage.receive(c.req.raw, { maxFiles: MAX_DELIVERABLES, fileFields: ['files[]', 'files'] });
        const uploadIds = fromUploads?.uploadIds ?? [];
        if (!files.length && !uploadIds.length) throw new HttpError(400, NO_FILES);
        const stored: StoredFile[] = [];
        try {
          for (const file of files) stored.push(await storage.store(file, 'deliverable', 'private', 'deliverables'));
          await addDeliverables(
            db,
            { id, userId: query.user._id, status: query.status },
            c.var.user.id,
            stored,
            async (trx) => claimCompletedUploads(trx, storage, c.var.user.id, uploadIds, 'deliverables'),
            (trx, revision, names) => enqueueMail(trx, deliverablesAddedMail(config.publicUrl, query, revision, names)),
          );
        } catch (err) {
          await storage.discard(files);
          await Promise.all(stored.map((f) => storage.remove(f.key)));
          throw err;
        }
        await releaseClaimedUploads(storage, uploadIds);
        const data = await loadOr404(id);
        deps.indexer.kick();
        return c.json({ message: stored.length === 1 ? 'File uploaded.' : `${stored.length} files uploaded.`, data }, 201);
      },
    );
}
