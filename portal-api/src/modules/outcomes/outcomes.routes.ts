import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter, jsonBody, jsonResponse, STEP_REFUSED } from '../../http/router.ts';
import { getQueryForUser } from '../queries/queries.public.ts';
import { QueryIdParamsSchema, QueryStepSchema as StepSchema } from '../queries/queries.schema.ts';
import { monthlyStats } from './outcomes.repo.ts';
import { MonthlyStatsQuerySchema, MonthlyStatsSchema, OutcomeSchema } from './outcomes.schema.ts';
import { recordOutcome } from './outcomes.workflow.ts';

// The bid outcome the client records, and the firm's monthly figures (the KPIs) over them.

export function outcomesRoutes(deps: Deps) {
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
        responses: { 200: jsonResponse(MonthlyStatsSchema, 'Months, oldest first'), ...STEP_REFUSED },
      }),
      async (c) => c.json({ months: await monthlyStats(db, c.req.valid('query').months) }, 200),
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
        request: { params: QueryIdParamsSchema, ...jsonBody(OutcomeSchema) },
        responses: {
          200: jsonResponse(StepSchema, 'The request'),
          409: { description: 'Before the bid date, not answered, or already recorded' },
          ...STEP_REFUSED,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        await recordOutcome(deps, c.var.log, c.var.user, id, input);
        return c.json(
          { message: 'Thank you. The bid outcome is recorded.', data: await getQueryForUser(db, storage, id, c.var.user) },
          200,
        );
      },
    );
}
