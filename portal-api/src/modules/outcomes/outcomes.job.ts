import type { Deps } from '../../deps.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import { enqueueForFollowers } from '../companies/companies.public.ts';
import { clientTarget } from '../queries/queries.mail.ts';
import { outcomeError } from '../queries/queries.rules.ts';
import { outcomeMails } from './outcomes.mail.ts';
import { claimOutcomeQuestion, outcomeQuestionCandidates } from './outcomes.repo.ts';

// "Once by mail" the client is asked for the bid outcome after the bid date. The job runs as the
// server starts and then every OUTCOME_CHECK_INTERVAL_MS (10 minutes by default), so a restart
// never delays a question by more than one interval. Who was asked is kept in the database
// (queries.outcome_asked_at), not in memory: a restart or a second instance never asks twice.

/**
 * Asks each client once, by mail, for the outcome of the requests on which they could record one
 * now (outcomeError: answered, or closed after an answer, with the bid date past). The claim and
 * its mail are one transaction, so two instances sweeping together mail once.
 */
export async function askForOutcomes(deps: Deps, now = new Date()): Promise<number> {
  let asked = 0;
  for (const row of await outcomeQuestionCandidates(deps.db, now)) {
    const answerable = { status: row.status, firstAnsweredAt: row.first_answered_at, bidDueDate: row.bid_due_date, outcome: row.outcome };
    if (outcomeError(answerable, now)) continue;
    const claimed = await deps.db.transaction().execute(async (trx) => {
      if (!(await claimOutcomeQuestion(trx, row.id, now))) return false;
      const mail = outcomeMails.outcomeAsk(clientTarget(deps, row));
      if (mail) await enqueueForFollowers(trx, row.id, mail);
      return true;
    });
    if (claimed) asked += 1;
  }
  return asked;
}

/** Starts the job: one run now, then one every `config.outcomeCheckMs`; a run never overlaps the last. */
export function startOutcomeQuestions(deps: Deps): { stop: () => Promise<void> } {
  return repeatEvery(
    deps.config.outcomeCheckMs,
    async () => {
      if (deps.shutdown.aborted) return;
      const asked = await askForOutcomes(deps);
      if (asked) deps.log.info({ asked }, 'asked clients for their bid outcomes');
    },
    (err) => deps.log.error({ err }, 'bid outcome questions failed'),
  );
}
