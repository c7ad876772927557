import type { Deps } from '../../deps.ts';
import { enqueueForFollowers } from '../companies/companies.public.ts';
import { clientTarget } from '../queries/queries.mail.ts';
import { outcomeError } from '../queries/queries.rules.ts';
import { outcomeMails } from './outcomes.mail.ts';
import { claimOutcomeQuestion, outcomeQuestionCandidates } from './outcomes.repo.ts';

// "Once by mail" the client is asked for the bid outcome after the bid date. A bid date is a whole
// day, so checking every 15 minutes is plenty.
const EVERY_MS = 15 * 60_000;

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

export function startOutcomeQuestions(deps: Deps): { stop: () => void } {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    askForOutcomes(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'bid outcome questions failed'))
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
