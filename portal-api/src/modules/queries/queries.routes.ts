import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import type { QueryStatus } from '../../db/schema.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/router.ts';
import { simpleHtml } from '../../lib/mail.ts';
import type { StoredFile } from '../../lib/storage.ts';
import { recordActivity } from '../activities/activities.repo.ts';
import { findService } from '../services/services.repo.ts';
import { getQueryForUser, insertQuery, insertQueryFiles, loadQueries } from './queries.repo.ts';
import {
  CreateQuerySchema, MAX_QUERY_FILES, QUERY_CREATED, QueryCreatedSchema, QueryIdParamsSchema, QuerySchema, REQUIRED_FIELDS, UploadLimitsSchema,
  type CreateQuery, type Query,
} from './queries.schema.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/** The queries sub-app of the client portal: paths under /api (SPEC §7 "Queries"). Static paths come before /queries/{id}. */
export function queriesRoutes(deps: Deps) {
  const { db, storage } = deps;
  const ownOrAll = (user: AuthUser) => (user.role === 'admin' ? undefined : user.id);
  const byStatus = (status: QueryStatus) =>
    createRoute({
      method: 'get', path: `/queries/status/${status}`, tags: ['Queries'],
      summary: `Queries with status ${status}, newest first (a bare array). A client sees its own; an admin sees all.`,
      security: [{ bearer: [] }], middleware: [requireAuth(db)] as const,
      responses: { 200: json(z.array(QuerySchema), 'Queries') },
    });

  return createRouter()
    .openapi(
      createRoute({
        method: 'post', path: '/queries', tags: ['Queries'],
        summary:
          'Submits a request. Client only. multipart/form-data: message, service, subService (ids from GET /services; required when the service has sub-services), optional bidDueDate (YYYY-MM-DD), optional subject, and 1 to 20 files in files[] (PDF, DWG, ZIP or images).',
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'client')] as const,
        responses: {
          201: json(QueryCreatedSchema, 'Stored; COMPANY_EMAIL is told'),
          400: { description: "'Please fill in all required fields.' or another sentence naming the problem" },
          413: { description: 'A file is over UPLOAD_MAX_MB' },
          415: { description: 'A file is not a PDF, DWG, ZIP or image (by content)' },
        },
      }),
      async (c) => {
        const user = c.var.user;
        const { fields, files } = await storage.receive(c.req.raw, { maxFiles: MAX_QUERY_FILES, fileFields: ['files[]', 'files'] });
        const stored: StoredFile[] = [];
        let query: Query;
        try {
          const input = CreateQuerySchema.parse(fields);
          const subserviceId = await checkServices(deps, input);
          if (!files.length) throw new HttpError(400, REQUIRED_FIELDS);
          // Sniff every file before writing a row; one refused file refuses the request.
          for (const file of files) stored.push(await storage.store(file, 'plan', 'private', 'queries'));
          const id = await db.transaction().execute(async (trx) => {
            const queryId = await insertQuery(trx, {
              userId: user.id, subject: input.subject, message: input.message, serviceId: input.service, subserviceId,
              bidDueDate: input.bidDueDate ?? null,
            });
            await insertQueryFiles(trx, queryId, 'attachment', stored, user.id);
            await recordActivity(trx, { userId: user.id, queryId, activity: 'Query submitted', status: 'pending' });
            return queryId;
          });
          query = await getQueryForUser(db, storage, id, user);
        } catch (err) {
          // Nothing half-written: temp files (moved ones are already gone) and stored files both go.
          await storage.discard(files);
          await Promise.all(stored.map((s) => storage.remove(s.key)));
          throw err;
        }
        await notifyCompany(deps, c.var.log, query);
        return c.json({ message: QUERY_CREATED, data: query }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get', path: '/queries/me', tags: ['Queries'],
        summary: "The signed-in user's own queries, newest first, as {data}. Client or admin (own).",
        security: [{ bearer: [] }], middleware: [requireAuth(db)] as const,
        responses: { 200: json(z.object({ data: z.array(QuerySchema) }), 'Own queries') },
      }),
      async (c) => c.json({ data: await loadQueries(db, storage, { userId: c.var.user.id }) }, 200),
    )
    .openapi(byStatus('answered'), async (c) =>
      c.json(await loadQueries(db, storage, { userId: ownOrAll(c.var.user), statuses: ['answered'] }), 200),
    )
    .openapi(byStatus('pending'), async (c) =>
      c.json(await loadQueries(db, storage, { userId: ownOrAll(c.var.user), statuses: ['pending'] }), 200),
    )
    .openapi(
      createRoute({
        method: 'get', path: '/queries/limits', tags: ['Queries'],
        summary: 'What POST /queries accepts (file count, size, types), so the form can say it before an upload. Signed-in users.',
        security: [{ bearer: [] }], middleware: [requireAuth(db)] as const,
        responses: { 200: json(UploadLimitsSchema, 'Upload limits') },
      }),
      (c) => c.json({ maxFiles: MAX_QUERY_FILES, maxFileBytes: storage.uploadMaxBytes, types: ['PDF', 'DWG', 'ZIP', 'JPG', 'PNG', 'GIF', 'WebP', 'BMP', 'AVIF'] }, 200),
    )
    .openapi(
      createRoute({
        method: 'get', path: '/queries/{id}', tags: ['Queries'],
        summary: 'One query as {data}. Owner or admin (someone else\'s answers 404).',
        security: [{ bearer: [] }], middleware: [requireAuth(db)] as const,
        request: { params: QueryIdParamsSchema },
        responses: { 200: json(z.object({ data: QuerySchema }), 'The query'), 404: { description: 'Unknown or not yours' } },
      }),
      async (c) => c.json({ data: await getQueryForUser(db, storage, c.req.valid('param').id, c.var.user) }, 200),
    );
}

/** The service must be a top-level service; the sub-service, when the service has any, one of its own. */
async function checkServices({ db }: Deps, input: CreateQuery): Promise<string | null> {
  const service = await findService(db, input.service);
  if (!service || service.parent_id !== null) throw new HttpError(400, 'Please choose a service from the list.');
  const subs = await db.selectFrom('services').select('id').where('parent_id', '=', service.id).execute();
  if (!subs.length) {
    if (input.subService) throw new HttpError(400, 'This service has no sub-services.');
    return null;
  }
  if (!input.subService) throw new HttpError(400, REQUIRED_FIELDS);
  if (!subs.some((s) => s.id === input.subService)) throw new HttpError(400, 'Please choose a sub-service of the selected service.');
  return input.subService;
}

async function notifyCompany({ config, mailer, log }: Deps, reqLog: Deps['log'], query: Query): Promise<void> {
  if (!config.companyEmail) {
    log.warn({ queryId: query._id }, 'COMPANY_EMAIL and ADMIN_EMAIL are unset: new request stored only');
    return;
  }
  const service = [query.service?.title, query.subservice?.title].filter(Boolean).join(' / ');
  const lines = [
    `${query.user.fullName} (${query.user.email}) submitted a request.`,
    `Service: ${service || 'not given'}`,
    `Bid due date: ${query.bidDueDate ?? 'not given'}`,
    `Files: ${query.files.map((f) => f.name).join(', ')}`,
    '',
    query.message,
    '',
    `Open it in the admin area: ${config.publicUrl}/admin-chat/${query._id}`,
  ];
  // The request is stored: a mail outage is logged, not turned into a failure the client would retry.
  try {
    await mailer.send({
      to: config.companyEmail,
      subject: `New request from ${query.user.fullName}: ${service || 'no service'}`,
      text: lines.join('\n'),
      html: simpleHtml(lines.filter((l) => l !== '')),
    });
  } catch (err) {
    reqLog.error({ err, queryId: query._id }, 'request stored but the notice was not mailed');
  }
}
