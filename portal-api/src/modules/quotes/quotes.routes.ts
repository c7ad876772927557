import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { idempotent } from '../../http/idempotency.ts';
import { createRouter, jsonBody, jsonResponse, STEP_REFUSED } from '../../http/router.ts';
import { IDEMPOTENCY_KEY_PARAMETER, idempotentResponses } from '../idempotency/idempotency.schema.ts';
import { getQueryForUser } from '../queries/queries.public.ts';
import { deliveryDueAt } from '../queries/queries.rules.ts';
import { QueryIdParamsSchema, QueryStepSchema as StepSchema } from '../queries/queries.schema.ts';
import { DEFAULT_RUSH_HOURS, lateAcceptWarning, lateQuoteWarning } from './quotes.rules.ts';
import { AcceptQuoteSchema, DeclineQuoteSchema, QuoteIdParamsSchema, SendQuoteSchema } from './quotes.schema.ts';
import { acceptQuote, declineQuote, sendQuote, withdrawQuote } from './quotes.workflow.ts';

// A quote's moves, one route each, run by the step runner (queries.step.ts): a forbidden move
// answers 409 with a sentence, someone else's request 404.

export function quotesRoutes(deps: Deps) {
  const { db, storage } = deps;

  return createRouter()
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
        request: { params: QueryIdParamsSchema, ...jsonBody(SendQuoteSchema) },
        responses: idempotentResponses({
          201: jsonResponse(StepSchema, 'The request with its quotes'),
          409: { description: 'Answered or closed' },
          ...STEP_REFUSED,
        }),
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        const sent = await sendQuote(deps, c.var.log, c.var.user, id, input);
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
        request: { params: QuoteIdParamsSchema, ...jsonBody(AcceptQuoteSchema) },
        responses: {
          200: jsonResponse(StepSchema, 'The request'),
          409: { description: 'Withdrawn, declined or already accepted; or the request is answered/closed' },
          ...STEP_REFUSED,
        },
      }),
      async (c) => {
        const { quoteId } = c.req.valid('param');
        const { option } = c.req.valid('json');
        const done = await acceptQuote(deps, c.var.log, c.var.user, quoteId, option);
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
        request: { params: QuoteIdParamsSchema, ...jsonBody(DeclineQuoteSchema) },
        responses: { 200: jsonResponse(StepSchema, 'The request'), 409: { description: 'Not sent any more' }, ...STEP_REFUSED },
      }),
      async (c) => {
        const { quoteId } = c.req.valid('param');
        const { reason } = c.req.valid('json');
        const done = await declineQuote(deps, c.var.log, c.var.user, quoteId, reason);
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
        responses: { 200: jsonResponse(StepSchema, 'The request'), 409: { description: 'Not sent any more' }, ...STEP_REFUSED },
      }),
      async (c) => {
        const { quoteId } = c.req.valid('param');
        const done = await withdrawQuote(deps, c.var.log, c.var.user, quoteId);
        return c.json({ message: 'Quote withdrawn.', data: await getQueryForUser(db, storage, done.queryId, c.var.user) }, 200);
      },
    );
}
