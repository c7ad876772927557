import type { Logger } from 'pino';
import type { Deps } from '../../deps.ts';
import type { BidOutcome } from '../../db/schema.ts';
import { companyTarget } from '../queries/queries.mail.ts';
import { OUTCOME_RECORDED } from '../queries/queries.rules.ts';
import { runStep, StepRefused, type Actor } from '../queries/queries.public.ts';
import { BID_OUTCOME_LABELS } from '../queries/queries.rules.ts';
import { outcomeMails } from './outcomes.mail.ts';
import { writeOutcome } from './outcomes.repo.ts';

// The bid outcome, a move of the step runner (queries.step.ts).

/** Client (own request only): records the outcome once, after the bid date, on an answered or closed request. */
export function recordOutcome(deps: Deps, log: Logger, client: Actor, queryId: string, input: { outcome: BidOutcome; marginPct?: number }) {
  return runStep(deps, log, client, {
    move: 'outcome',
    queryId,
    change: async (trx, q) => {
      if (!(await writeOutcome(trx, q.id, input))) throw new StepRefused(OUTCOME_RECORDED);
      return {};
    },
    history: (q) => [{ activity: `Bid outcome: ${BID_OUTCOME_LABELS[input.outcome]}`, status: q.status }],
    mail: (q) =>
      outcomeMails.outcomeRecorded(
        companyTarget(deps, { ...q, email: client.email }),
        input.outcome,
        input.marginPct ?? null,
        client.fullName,
      ),
  });
}
