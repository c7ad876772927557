import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { createRouter } from '../../http/router.ts';
import type { StoredFile } from '../../lib/storage.ts';
import { addendumError, deliveryDueAt } from './lifecycle-transitions.ts';
import { DEFAULT_RUSH_HOURS, lateAcceptWarning, lateQuoteWarning } from './lifecycle.rules.ts';
import {
  AcceptQuoteSchema,
  AddendumFieldsSchema,
  DeclineQuoteSchema,
  MonthlyStatsQuerySchema,
  MonthlyStatsSchema,
  OutcomeSchema,
  QuoteIdParamsSchema,
  ReopenSchema,
  SendQuoteSchema,
} from './lifecycle.schema.ts';
import { announceAddendum, runStep } from './lifecycle.step.ts';
import { monthlyStats, recordOutcome } from './outcome.repo.ts';
import { NO_FILES } from './queries.labels.ts';
import { getQueryForUser } from './queries.repo.ts';
import { QueryIdParamsSchema, QuerySchema } from './queries.schema.ts';
import { acceptQuote, declineQuote, sendQuote, withdrawQuote } from './quotes.repo.ts';
import { addAddendum, reopenQuery } from './revisions.repo.ts';
import { IDEMPOTENCY_KEY_PARAMETER, idempotentResponses } from '../idempotency/idempotency.schema.ts';
import { isJson, readUploadsBody } from '../uploads/uploads-body.public.ts';
import { claimCompletedUploads, releaseClaimedUploads } from '../uploads/uploads.repo.ts';

// Issue 13's moves, one route each (STYLE.md §4 "Add a workflow step"): every
// forbidden move answers 409 with a sentence, someone else's request 404.

const MAX_ADDENDUM_FILES = 20;
const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const body = <T>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const StepSchema = z.object({ message: z.string(), data: QuerySchema, warning: z.string().optional() });
const common = {
  400: { description: 'Bad input' },
  401: { description: 'No or bad token' },
  403: { description: 'Wrong role' },
  404: { description: "Unknown, or another client's" },
};

export function lifecycleRoutes(deps: Deps) {
  const { db, storage } = deps;

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/queries/stats/monthly',
        tags: ['Queries'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary:
          "Per month of receipt (months of the firm's Miami calendar): requests received, median turnaround (submitted → first answer), share delivered before the bid due date, win rate. Admin only.",
        request: { query: MonthlyStatsQuerySchema },
        responses: { 200: json(MonthlyStatsSchema, 'Months, oldest first'), ...common },
      }),
      async (c) => c.json({ months: await monthlyStats(db, c.req.valid('query').months) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/queries/{id}/quotes',
        tags: ['Quotes'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin'), idempotent(db)] as const,
        parameters: [IDEMPOTENCY_KEY_PARAMETER],
        summary:
          'Sends a quote (USD price, standard turnaround, optional rush price and turnaround, note). A quote still sent is withdrawn. Admin only.',
        description:
          'Price: positive, at most two decimals, stored as integer cents. standardHours defaults to 48, rushHours to 24 when a rushPrice is given; the rush turnaround must be shorter than the standard one and the rush price not lower than the price (400). 409 on an answered or closed request. `warning` says when the standard delivery, or both it and the rush one, would fall after the bid due date.',
        request: { params: QueryIdParamsSchema, ...body(SendQuoteSchema) },
        responses: idempotentResponses({
          201: json(StepSchema, 'The request with its quotes'),
          409: { description: 'Answered or closed' },
          ...common,
        }),
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        const sent = await runStep(deps, c.var.log, c.var.user.role, 'quoteSent', async (trx) => ({
          queryId: id,
          ...(await sendQuote(deps, trx, id, c.var.user, input)),
        }));
        const now = new Date();
        const rushHours = input.rushPrice !== undefined ? (input.rushHours ?? DEFAULT_RUSH_HOURS) : null;
        const warning = lateQuoteWarning(
          sent.bidDueDate,
          deliveryDueAt(now, input.standardHours),
          rushHours === null ? null : deliveryDueAt(now, rushHours),
        );
        return c.json(
          { message: 'Quote sent.', data: await getQueryForUser(db, storage, id, c.var.user), ...(warning ? { warning } : {}) },
          201,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/quotes/{quoteId}/accept',
        tags: ['Quotes'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'client')] as const,
        summary:
          'Accepts the standard or rush option of a sent quote: records who and when, sets the delivery due time (now + turnaround), moves a pending request to in_progress. `warning` says when the accepted delivery falls after the bid due date. Client only (their own request).',
        request: { params: QuoteIdParamsSchema, ...body(AcceptQuoteSchema) },
        responses: {
          200: json(StepSchema, 'The request'),
          409: { description: 'Withdrawn, declined or already accepted; or the request is answered/closed' },
          ...common,
        },
      }),
      async (c) => {
        const { quoteId } = c.req.valid('param');
        const { option } = c.req.valid('json');
        const done = await runStep(deps, c.var.log, c.var.user.role, 'quoteAccepted', (trx) =>
          acceptQuote(deps, trx, quoteId, c.var.user, option),
        );
        const data = await getQueryForUser(db, storage, done.queryId, c.var.user);
        const warning = lateAcceptWarning(data.bidDueDate, done.deliveryDueAt);
        return c.json({ message: 'Quote accepted.', data, ...(warning ? { warning } : {}) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/quotes/{quoteId}/decline',
        tags: ['Quotes'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'client')] as const,
        summary: 'Declines a sent quote with a reason. Client only (their own request).',
        request: { params: QuoteIdParamsSchema, ...body(DeclineQuoteSchema) },
        responses: { 200: json(StepSchema, 'The request'), 409: { description: 'Not sent any more' }, ...common },
      }),
      async (c) => {
        const { quoteId } = c.req.valid('param');
        const { reason } = c.req.valid('json');
        const done = await runStep(deps, c.var.log, c.var.user.role, 'quoteDeclined', (trx) =>
          declineQuote(deps, trx, quoteId, c.var.user, reason),
        );
        return c.json({ message: 'Quote declined.', data: await getQueryForUser(db, storage, done.queryId, c.var.user) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/quotes/{quoteId}/withdraw',
        tags: ['Quotes'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Withdraws a sent quote. Admin only.',
        request: { params: QuoteIdParamsSchema },
        responses: { 200: json(StepSchema, 'The request'), 409: { description: 'Not sent any more' }, ...common },
      }),
      async (c) => {
        const { quoteId } = c.req.valid('param');
        const done = await runStep(deps, c.var.log, c.var.user.role, 'quoteWithdrawn', (trx) =>
          withdrawQuote(deps, trx, quoteId, c.var.user),
        );
        return c.json({ message: 'Quote withdrawn.', data: await getQueryForUser(db, storage, done.queryId, c.var.user) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/queries/{id}/reopen',
        tags: ['Queries'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db)] as const,
        summary:
          "'Request a revision': answered → in_progress with a reason; opens the next revision letter. The owning client or an admin.",
        description:
          "The delivery due time starts again: now plus the accepted option's turnaround (standard or rush), or none without an accepted quote. An addendum on an answered request does the same.",
        request: { params: QueryIdParamsSchema, ...body(ReopenSchema) },
        responses: {
          200: json(StepSchema, 'The request'),
          409: { description: 'Not answered (a closed request stays closed)' },
          ...common,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { reason } = c.req.valid('json');
        const done = await runStep(deps, c.var.log, c.var.user.role, 'reopened', async (trx) => ({
          queryId: id,
          ...(await reopenQuery(deps, trx, id, c.var.user, reason)),
        }));
        return c.json(
          { message: `Revision requested (Rev ${done.letter}).`, data: await getQueryForUser(db, storage, id, c.var.user) },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/queries/{id}/addenda',
        tags: ['Queries'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'client'), idempotent(db)] as const,
        parameters: [IDEMPOTENCY_KEY_PARAMETER],
        summary:
          'Adds files with a note as the next addendum (Addendum 1, 2, …). On an answered request this asks for a revision. Client only (their own request).',
        description: `multipart/form-data: files[] (1 to ${MAX_ADDENDUM_FILES}, PDF, DWG, ZIP or images) and an optional note; or application/json {uploadIds, note} naming the client's completed resumable uploads (POST /uploads/tus). 409 on a closed request.`,
        request: { params: QueryIdParamsSchema },
        responses: idempotentResponses({
          201: json(StepSchema, 'The request'),
          409: { description: 'Closed' },
          413: { description: 'Too large' },
          415: { description: 'Type not accepted' },
          ...common,
        }),
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        // Ownership and status first, so a refused addendum never streams files to disk.
        const before = await getQueryForUser(db, storage, id, c.var.user);
        const closed = addendumError(before.status);
        if (closed) throw new HttpError(409, closed, { code: 'query_closed' });
        // JSON {uploadIds, note} names the client's completed resumable uploads (issue 14).
        const fromUploads = isJson(c.req.header('content-type')) ? await readUploadsBody(c.req.raw, MAX_ADDENDUM_FILES) : null;
        const { fields, files } = fromUploads
          ? { fields: fromUploads.fields, files: [] }
          : await storage.receive(c.req.raw, { maxFiles: MAX_ADDENDUM_FILES, fileFields: ['files[]', 'files'] });
        const uploadIds = fromUploads?.uploadIds ?? [];
        const stored: StoredFile[] = [];
        let done: Awaited<ReturnType<typeof addAddendum>> & { queryId: string };
        try {
          const { note } = AddendumFieldsSchema.parse(fields);
          if (!files.length && !uploadIds.length) throw new HttpError(400, NO_FILES);
          for (const file of files) stored.push(await storage.store(file, 'plan', 'private', 'queries'));
          done = await runStep(deps, c.var.log, c.var.user.role, 'addendumAdded', async (trx) => {
            stored.push(...(await claimCompletedUploads(trx, storage, c.var.user.id, uploadIds)));
            return { queryId: id, ...(await addAddendum(deps, trx, id, c.var.user, stored, note ?? null)) };
          });
        } catch (err) {
          // Only until the commit: a saved addendum keeps its files whatever fails after it.
          await storage.discard(files);
          await Promise.all(stored.map((s) => storage.remove(s.key)));
          throw err;
        }
        await releaseClaimedUploads(storage, uploadIds);
        await announceAddendum(deps, c.var.log, c.var.user, id, done.chat);
        const message = done.reopenedAs ? `${done.label} added. Revision requested (Rev ${done.reopenedAs}).` : `${done.label} added.`;
        const data = await getQueryForUser(db, storage, id, c.var.user);
        deps.indexer.kick();
        return c.json({ message, data }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/queries/{id}/outcome',
        tags: ['Queries'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'client')] as const,
        summary:
          'Records the bid outcome (won, lost, did_not_bid) and optionally a margin in % (marginPct: to the winning bid, or to the next bid when won), once, after the bid due date, on an answered or closed request. Client only (their own request).',
        request: { params: QueryIdParamsSchema, ...body(OutcomeSchema) },
        responses: {
          200: json(StepSchema, 'The request'),
          409: { description: 'Before the bid date, not answered, or already recorded' },
          ...common,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        await runStep(deps, c.var.log, c.var.user.role, 'outcomeRecorded', async (trx) => {
          await recordOutcome(deps, trx, id, c.var.user, input);
          return { queryId: id };
        });
        return c.json(
          { message: 'Thank you. The bid outcome is recorded.', data: await getQueryForUser(db, storage, id, c.var.user) },
          200,
        );
      },
    );
}
