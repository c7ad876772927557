import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { ADMIN_ONLY, createRouter, jsonBody, jsonResponse, STEP_REFUSED } from '../../http/router.ts';
import { withIncomingFiles } from '../files/files.public.ts';
import { NO_FILES, QUERY_NOT_FOUND } from '../queries/queries.labels.ts';
import { findAdminQuery } from '../queries/queries.admin.repo.ts';
import { getQueryForUser, StepRefused } from '../queries/queries.public.ts';
import type { Query } from '../queries/queries.schema.ts';
import { QueryIdParamsSchema, QueryStepSchema as StepSchema } from '../queries/queries.schema.ts';
import { QueryAnswerSchema } from '../queries/queries.admin.schema.ts';
import { ReopenSchema } from './deliverables.schema.ts';
import { addDeliverables, reopenQuery } from './deliverables.workflow.ts';

// The firm's deliverables of a request, and 'Request a revision', which reopens an answered one.

const MAX_DELIVERABLES = 10;

export function deliverablesRoutes(deps: Deps) {
  const { db, storage } = deps;

  const loadOr404 = async (id: string): Promise<Query> => {
    const query = await findAdminQuery(db, storage, id);
    if (!query) throw new HttpError(404, QUERY_NOT_FOUND);
    return query;
  };

  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/queries/{id}/reopen',
        tags: ['Queries'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db)] as const,
        summary:
          "'Request a revision' (client) or 'Reopen for a revision' (admin): answered → in_progress with a reason of 1 to 1,000 characters; opens the next revision letter (Rev B, C, …). The owning client or an admin; a closed request answers 409 query_closed.",
        description:
          "The delivery due time starts again: now plus the accepted option's turnaround (standard or rush), or none without an accepted quote. An addendum on an answered request does the same.",
        request: { params: QueryIdParamsSchema, ...jsonBody(ReopenSchema) },
        responses: {
          200: jsonResponse(StepSchema, 'The request'),
          409: { description: 'Not answered (a closed request stays closed)' },
          ...STEP_REFUSED,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { reason } = c.req.valid('json');
        const done = await reopenQuery(deps, c.var.log, c.var.user, id, reason);
        return c.json(
          { message: `Revision requested (Rev ${done.letter}).`, data: await getQueryForUser(db, storage, id, c.var.user) },
          200,
        );
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
          201: jsonResponse(QueryAnswerSchema, 'The query with its deliverables'),
          400: { description: 'No file' },
          404: { description: 'No such query' },
          409: { description: 'Query closed' },
          413: { description: 'Too large' },
          415: { description: 'File type not accepted' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const query = await loadOr404(id);
        if (query.status === 'closed') throw new StepRefused('This query is closed. A closed query takes no more files.', 'query_closed');
        const count = await withIncomingFiles(
          storage,
          c.req.raw,
          { maxFiles: MAX_DELIVERABLES, rule: 'deliverable', folder: 'deliverables', userId: c.var.user.id },
          async (incoming) => {
            if (!incoming.count) throw new HttpError(400, NO_FILES);
            return addDeliverables(deps, c.var.user, query, incoming);
          },
        );
        const data = await loadOr404(id);
        deps.indexer.kick();
        return c.json({ message: count === 1 ? 'File uploaded.' : `${count} files uploaded.`, data }, 201);
      },
    );
}
