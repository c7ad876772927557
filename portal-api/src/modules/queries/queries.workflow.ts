import type { Logger } from 'pino';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/errors.ts';
import { nowIso } from '../../lib/ids.ts';
import { recordAnswer } from '../deliverables/deliverables.repo.ts';
import { withdrawSentQuotes } from '../quotes/quotes.repo.ts';
import { QUERY_CHANGED, STATUS_LABELS, type QueryStatus } from './queries.labels.ts';
import { statusChangeMail } from './queries.mail.ts';
import { loadQueriesByIds, setQueryStatus } from './queries.repo.ts';
import { canTransition, transitionError, type StatusMove } from './queries.rules.ts';
import { runStep, type Actor } from './queries.step.ts';

// The request's own status moves (start, answer, close), taken by the firm through
// PATCH /queries/{id}/status and run by the step runner like every other move.

const MOVE_TO: Record<QueryStatus, StatusMove> = { pending: 'start', in_progress: 'start', answered: 'answer', closed: 'close' };

/**
 * Moves a request to `to`. Answering closes the open revision (Rev A first) with its change note and
 * stamps the first answer; answering or closing withdraws a quote still waiting for the client, so
 * neither side is shown a quote nobody can act on. The client is mailed every change.
 */
export function changeStatus(deps: Deps, log: Logger, admin: Actor, queryId: string, to: QueryStatus, note: string | null) {
  return runStep(deps, log, admin, {
    move: MOVE_TO[to],
    queryId,
    // Any refused target (pending included) answers the sentence of the status rules.
    check: (_trx, q) => (canTransition(q.status, to) ? null : transitionError(q.status, to)),
    change: async (trx, q) => {
      if (!(await setQueryStatus(trx, q.id, q.status, to))) throw new HttpError(409, QUERY_CHANGED);
      const revision = to === 'answered' ? await recordAnswer(trx, q.id, note) : null;
      if (to === 'closed' || to === 'answered') await withdrawSentQuotes(trx, q.id, null, nowIso());
      const [query] = await loadQueriesByIds(trx, deps.storage, [q.id]);
      return { revision, query: query! };
    },
    history: () => [{ activity: `Query marked ${STATUS_LABELS[to]}`, status: to }],
    mail: (_q, { query, revision }) =>
      statusChangeMail(deps.config.publicUrl, query, to, revision ? { letter: revision, changeNote: note } : undefined),
  });
}
