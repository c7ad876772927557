import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import type { QueryStatus } from '../../db/schema.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import { requireAuth } from '../../http/auth.ts';
import { idempotent } from '../../http/idempotency.ts';
import { offsetBatches, streamJsonList } from '../../http/json-stream.ts';
import { createRouter, jsonResponse } from '../../http/router.ts';
import type { StoredFile } from '../../lib/storage.ts';
import { findOwnAttachments } from '../files/files.repo.ts';
import { withIncomingFiles } from '../files/files.public.ts';
import { recordActivity } from '../activities/activities.repo.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { findService, listSubserviceIds, serviceTitles } from '../services/services.repo.ts';
import { SERVICE_NOT_LISTED } from '../services/services.schema.ts';
import { withChatPreview } from '../chats/unread.repo.ts';
import { pushRequestChange } from '../chats/chats.public.ts';
import { IDEMPOTENCY_KEY_PARAMETER, idempotentResponses } from '../idempotency/idempotency.schema.ts';
import { newRequestMail } from './queries.mail.ts';
import { countQueriesOf } from './queries.counts.repo.ts';
import { loadOwnQueriesPage } from './queries.page.repo.ts';
import { PagedList } from '../paging/paging.schema.ts';
import { MyQueriesPageSchema, MyQueriesParamsSchema } from './queries.page.schema.ts';
import { companyScope, getQueryForUser, ownCompany } from './queries.access.ts';
import { insertQuery, insertQueryFiles, loadQueries } from './queries.repo.ts';
import {
  CreateQuerySchema,
  MyQuerySchema,
  QUERY_CREATED,
  QueryCountsSchema,
  QueryCreatedSchema,
  QueryIdParamsSchema,
  QuerySchema,
  REQUIRED_FIELDS,
  TOO_MANY_REUSED,
  UploadLimitsSchema,
  type CreateQuery,
  type MyQuery,
} from './queries.schema.ts';

/** The queries sub-app of the client portal: paths under /api (docs/product.md §7 "Queries"). Static paths come before /queries/{id}. */
export function queriesRoutes(deps: Deps) {
  const { db, storage } = deps;
  const ownOrAll = (user: AuthUser) => companyScope(user) ?? undefined;
  const byStatus = (status: QueryStatus) =>
    createRoute({
      method: 'get',
      path: `/queries/status/${status}`,
      tags: ['Queries'],
      summary: `Queries with status ${status}, newest first (a bare array). A client sees its own; an admin sees all.`,
      security: [{ bearer: [] }],
      middleware: [requireAuth(db)] as const,
      responses: { 200: jsonResponse(z.array(QuerySchema), 'Queries') },
    });

  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/queries',
        tags: ['Queries'],
        summary:
          "Submits a request. Client only. multipart/form-data: message, service, subService (ids from GET /services; required when the service has sub-services), optional bidDueDate (YYYY-MM-DD), optional subject, projectName (1–120 characters, no control characters; the request form always sends it, and a call that sends it empty or invalid is refused with 400), optional location, and 1 to UPLOAD_MAX_FILES (default 20) files in files[] (PDF, DWG, ZIP or images) and/or reuseFiles: comma-separated ids of files of the caller's own earlier requests, attached without uploading again.",
        description:
          "Or application/json with the same fields as strings plus `uploadIds`: ids of the caller's completed resumable uploads (POST /uploads/tus), " +
          'claimed by this request (each upload once). A JSON body without `uploadIds` keeps the 415 of docs/product.md §7. ' +
          'Files, reused files and uploads together count against UPLOAD_MAX_FILES. Example: ' +
          '{"message":"…","service":"<id>","subService":"<id>","projectName":"…","uploadIds":["<upload id>","<upload id>"]}.',
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'client'), idempotent(db)] as const,
        parameters: [IDEMPOTENCY_KEY_PARAMETER],
        responses: idempotentResponses({
          201: jsonResponse(QueryCreatedSchema, 'Stored; COMPANY_EMAIL is told'),
          400: {
            description: `'${REQUIRED_FIELDS}', an upload that is not complete or not the caller's, or another sentence naming the problem`,
          },
          404: { description: 'A file named in reuseFiles is unknown or not the caller’s' },
          413: { description: 'A file is over UPLOAD_MAX_MB' },
          415: { description: 'A file is not a PDF, DWG, ZIP or image (by content)' },
        }),
      }),
      async (c) => {
        const user = c.var.user;
        const maxFiles = deps.config.uploadMaxFiles;
        // JSON names completed resumable uploads; multipart (docs/product.md §7) carries the files itself.
        const id = await withIncomingFiles(
          storage,
          c.req.raw,
          { maxFiles, rule: 'plan', folder: 'queries', userId: user.id },
          async (incoming) => {
            const input = CreateQuerySchema.parse(incoming.fields);
            const subserviceId = await checkServices(deps, input);
            const reused = await reusableFiles(deps, ownCompany(user), input.reuseFiles);
            if (!incoming.count && !reused.length) throw new HttpError(400, REQUIRED_FIELDS);
            if (incoming.count + reused.length > maxFiles) throw new HttpError(400, `Too many files. At most ${maxFiles} are accepted.`);
            // Sniff every file before writing a row; one refused file refuses the request.
            await incoming.store();
            return db.transaction().execute(async (trx) => {
              // Claimed in the transaction: two requests never take one upload, and a failure gives it back.
              const stored = await incoming.claim(trx);
              const queryId = await insertQuery(trx, {
                userId: user.id,
                subject: input.subject,
                message: input.message,
                serviceId: input.service,
                subserviceId,
                bidDueDate: input.bidDueDate ?? null,
                projectName: input.projectName,
                location: input.location,
              });
              // Reused plans point at the stored file they came from: stored once, listed twice.
              await insertQueryFiles(trx, queryId, 'attachment', [...reused, ...stored], user.id);
              await recordActivity(trx, { userId: user.id, queryId, activity: 'Query submitted', status: 'pending', actorId: user.id });
              await notifyCompany(deps, trx, { queryId, user, input, subserviceId, files: [...reused, ...stored].map((f) => f.name) });
              return queryId;
            });
          },
        );
        const query = await getQueryForUser(db, storage, id, user);
        // The sheet index is read in the background; the answer shows the new files 'pending'.
        deps.indexer.kick();
        // The firm's open queue, dashboard and chat list learn of it live (as do the client's other tabs).
        await pushRequestChange(deps, user.id, { type: 'queryStatus', queryId: query._id, status: 'pending' });
        return c.json({ message: QUERY_CREATED, data: query }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/queries/me',
        tags: ['Queries'],
        summary:
          "The signed-in user's own queries, newest first, as {data, page, pageSize, total}, each with its chat's last message and unread count. Client or admin (own).",
        description:
          'With neither `page` nor `pageSize`: every query, as one page. With `page` and/or `pageSize`: that offset page. ' +
          'With `limit` and/or `cursor`: keyset pages {data, nextCursor} of slim rows (files without links; GET /queries/{id} has them).',
        security: [{ bearer: [] }],
        middleware: [requireAuth(db)] as const,
        request: { query: MyQueriesParamsSchema },
        responses: {
          200: jsonResponse(z.union([PagedList(MyQuerySchema), MyQueriesPageSchema]), 'Own queries'),
          400: { description: 'Bad cursor, limit, page or page size' },
        },
      }),
      async (c) => {
        const { limit, cursor, page, pageSize } = c.req.valid('query');
        if (limit === undefined && cursor === undefined) {
          const companyId = ownCompany(c.var.user);
          if (page === undefined && pageSize === undefined) {
            // Every own query, streamed in batches (http/json-stream.ts).
            const batches = offsetBatches(
              async (limit, offset) =>
                withChatPreview(db, c.var.user, await loadQueries(db, storage, { companyId, page: { limit, offset } })),
              (q) => q._id,
            );
            return streamJsonList<{ data: MyQuery[]; page: number; pageSize: number; total: number }>(c, 'data', batches, (n) => ({
              page: 1,
              pageSize: n,
              total: n,
            }));
          }
          const size = pageSize ?? 20;
          const number = page ?? 1;
          const [rows, counts] = await Promise.all([
            loadQueries(db, storage, { companyId, page: { limit: size, offset: (number - 1) * size } }),
            countQueriesOf(db, companyId),
          ]);
          return c.json({ data: await withChatPreview(db, c.var.user, rows), page: number, pageSize: size, total: counts.all.total }, 200);
        }
        return c.json(await loadOwnQueriesPage(db, storage, ownCompany(c.var.user), { limit: limit ?? 20, cursor }), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/queries/me/counts',
        tags: ['Queries'],
        summary:
          "The signed-in user's own requests counted: all, and per status, each with how many were created this and last calendar month (UTC). For the dashboard cards.",
        security: [{ bearer: [] }],
        middleware: [requireAuth(db)] as const,
        responses: { 200: jsonResponse(QueryCountsSchema, 'Counts') },
      }),
      async (c) => c.json(await countQueriesOf(db, ownCompany(c.var.user)), 200),
    )
    .openapi(byStatus('answered'), async (c) =>
      c.json(await loadQueries(db, storage, { companyId: ownOrAll(c.var.user), statuses: ['answered'] }), 200),
    )
    .openapi(byStatus('pending'), async (c) =>
      c.json(await loadQueries(db, storage, { companyId: ownOrAll(c.var.user), statuses: ['pending'] }), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/queries/limits',
        tags: ['Queries'],
        summary:
          'What POST /queries accepts (file count UPLOAD_MAX_FILES, size UPLOAD_MAX_MB per file, types), so the form can say it before an upload. Signed-in users.',
        security: [{ bearer: [] }],
        middleware: [requireAuth(db)] as const,
        responses: { 200: jsonResponse(UploadLimitsSchema, 'Upload limits') },
      }),
      (c) =>
        c.json(
          {
            maxFiles: deps.config.uploadMaxFiles,
            maxFileBytes: storage.uploadMaxBytes,
            types: ['PDF', 'DWG', 'ZIP', 'JPG', 'PNG', 'GIF', 'WebP', 'BMP', 'AVIF'],
          },
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/queries/{id}',
        tags: ['Queries'],
        summary: "One query as {data}. Owner or admin (someone else's answers 404).",
        security: [{ bearer: [] }],
        middleware: [requireAuth(db)] as const,
        request: { params: QueryIdParamsSchema },
        responses: { 200: jsonResponse(z.object({ data: QuerySchema }), 'The query'), 404: { description: 'Unknown or not yours' } },
      }),
      async (c) => c.json({ data: await getQueryForUser(db, storage, c.req.valid('param').id, c.var.user) }, 200),
    );
}

/**
 * "Reuse these plans": the caller's own earlier attachments, as stored files to attach again
 * without an upload. Anything not theirs (or unknown) is refused as one 404, so ids of other
 * clients' files reveal nothing.
 */
async function reusableFiles({ db }: Deps, companyId: string, ids: string[]): Promise<StoredFile[]> {
  if (ids.length > 100) throw new HttpError(400, TOO_MANY_REUSED);
  const files = await findOwnAttachments(db, companyId, ids);
  if (files.length !== ids.length) throw new HttpError(404, 'File not found.');
  return files;
}

/** The service must be a top-level service; the sub-service, when the service has any, one of its own. */
async function checkServices({ db }: Deps, input: CreateQuery): Promise<string | null> {
  const service = await findService(db, input.service);
  if (!service || service.parent_id !== null) throw new HttpError(400, SERVICE_NOT_LISTED);
  const subs = await listSubserviceIds(db, service.id);
  if (!subs.length) {
    if (input.subService) throw new HttpError(400, 'This service has no sub-services.');
    return null;
  }
  if (!input.subService) throw new HttpError(400, REQUIRED_FIELDS);
  if (!subs.includes(input.subService)) throw new HttpError(400, 'Please choose a sub-service of the selected service.');
  return input.subService;
}

/** The 'New request' mail to COMPANY_EMAIL, written with the request (its outbox row commits or rolls back with it). */
async function notifyCompany(
  { config }: Deps,
  trx: Deps['db'],
  r: { queryId: string; user: AuthUser; input: CreateQuery; subserviceId: string | null; files: string[] },
): Promise<void> {
  const ids = [r.input.service, r.subserviceId].filter((id): id is string => id !== null);
  const service = (await serviceTitles(trx, ids)).join(' / ');
  await enqueueMail(
    trx,
    newRequestMail(config.companyEmail, config.publicUrl, {
      id: r.queryId,
      clientName: r.user.fullName,
      clientEmail: r.user.email,
      service: service || null,
      bidDueDate: r.input.bidDueDate ?? null,
      files: r.files,
      message: r.input.message,
      projectName: r.input.projectName ?? null,
      location: r.input.location ?? null,
    }),
  );
}
