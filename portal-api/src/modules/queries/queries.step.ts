import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import { recordActivity } from '../activities/activities.repo.ts';
import { pushRequestChange } from '../chats/chats.public.ts';
import { enqueueForFollowers } from '../companies/companies.public.ts';
import { enqueueMail, type OutgoingMail } from '../outbox/outbox.repo.ts';
import { QUERY_NOT_FOUND, type QueryStatus } from './queries.labels.ts';
import { canSeeQuery } from './queries.access.ts';
import { lockRequest, type StepRequest } from './queries.repo.ts';
import { isStatusMove, MOVES, moveRefusal, type Move } from './queries.rules.ts';
import type { LifecycleFrame } from './queries.schema.ts';

// The one step runner of the bid workflow. Every
// move (quote, accept, decline, withdraw, addendum, answer, reopen, close, outcome, start) runs
// through runStep: in one transaction it locks the request, checks who may take the move, checks
// the move against the rules table (queries.rules.ts), makes the change through plain repo
// functions, writes the history line and queues the mail in the outbox; once committed it
// publishes the /ws frames, so nobody is told of a step that rolled back.

export type Trx = Transaction<Database>;
export type Actor = Pick<AuthUser, 'id' | 'role' | 'fullName' | 'email' | 'companyId'>;
export type { StepRequest };

/** One line of the request's history, written with the step. */
export type HistoryLine = { activity: string; status: QueryStatus };

export type Step<T> = {
  move: Move;
  /** The request the move acts on, or how to find it in the transaction (a quote's request). */
  queryId: string | ((trx: Trx) => Promise<string | undefined>);
  /** The 404 sentence for an unknown request, or another client's. */
  notFound?: string;
  /** The move's own refusal (409) before the table's, e.g. a quote that is no longer sent. */
  check?: (trx: Trx, q: StepRequest) => Promise<string | null> | string | null;
  /** The change itself: plain repo writes in `trx`. */
  change: (trx: Trx, q: StepRequest) => Promise<T>;
  /** The history lines the step writes, oldest first. */
  history: (q: StepRequest, result: T) => HistoryLine[];
  /** The mail the step sends (through the outbox, in the transaction), if any. */
  mail: (q: StepRequest, result: T) => OutgoingMail | null;
};

/** A refused move: 409 with the rule's sentence; `query_closed` when the request is closed. */
export class StepRefused extends HttpError {
  constructor(message: string, code: 'invalid_transition' | 'query_closed' = 'invalid_transition') {
    super(409, message, { code });
  }
}

/** Runs one move; answers the change's result with the request it acted on. */
export async function runStep<T>(deps: Deps, log: Logger, actor: Actor, step: Step<T>): Promise<T & { queryId: string }> {
  const rule = MOVES[step.move];
  if (!(rule.by as readonly string[]).includes(actor.role)) throw new HttpError(403, 'You are not allowed to do this.');
  const { q, result } = await deps.db.transaction().execute(async (trx) => {
    const id = typeof step.queryId === 'string' ? step.queryId : await step.queryId(trx);
    const q = id ? await lockRequest(trx, id) : undefined;
    if (!q || !canSeeQuery(actor, q)) throw new HttpError(404, step.notFound ?? QUERY_NOT_FOUND);
    const refusal = (await step.check?.(trx, q)) ?? moveRefusal(step.move, await moveFacts(trx, q));
    if (refusal) throw new StepRefused(refusal, q.status === 'closed' && step.move !== 'close' ? 'query_closed' : 'invalid_transition');
    const result = await step.change(trx, q);
    const by = actor.role === 'admin' ? 'firm' : 'client';
    for (const line of step.history(q, result))
      await recordActivity(trx, { userId: q.user_id, queryId: q.id, ...line, by, actorId: actor.id });
    const mail = step.mail(q, result);
    // A mail to the request's client goes to those who follow it; one to the firm, as it is.
    if (mail && mail.to === q.email) await enqueueForFollowers(trx, q.id, mail);
    else if (mail) await enqueueMail(trx, mail);
    return { q, result };
  });
  await publishStep(deps, log, actor, q.id, step.move);
  return { ...result, queryId: q.id };
}

/** The facts the table's rules read: the request and its quotes' states. */
async function moveFacts(trx: Trx, q: StepRequest) {
  const quotes = await trx.selectFrom('quotes').select(['id as _id', 'state']).where('query_id', '=', q.id).execute();
  return { status: q.status, firstAnsweredAt: q.first_answered_at, bidDueDate: q.bid_due_date, outcome: q.outcome, quotes };
}

/**
 * After the commit: a status move tells the request's room and both sides' lists
 * ({type:'queryStatus'}); a move with an event tells both sides' open workspaces
 * ({type:'queryLifecycle'}), and `by` is not alerted of its own step. A fan-out failure is
 * logged: the step is saved, and a retry would meet a changed request.
 */
export async function publishStep(deps: Deps, log: Logger, actor: Pick<Actor, 'role'>, queryId: string, move: Move): Promise<void> {
  try {
    const q = await deps.db
      .selectFrom('queries')
      .select(['status', 'delivery_due_at', 'user_id', 'project_name'])
      .where('id', '=', queryId)
      .executeTakeFirst();
    if (!q) return;
    if (isStatusMove(move)) {
      const frame = { type: 'queryStatus' as const, queryId, status: q.status };
      await deps.hub.publish(queryId, frame);
      await pushRequestChange(deps, q.user_id, frame);
    }
    const event = (MOVES[move] as { event?: LifecycleFrame['event'] }).event;
    if (!event) return;
    const frame: LifecycleFrame = {
      type: 'queryLifecycle',
      queryId,
      event,
      status: q.status,
      deliveryDueAt: q.delivery_due_at,
      projectName: q.project_name,
      by: actor.role,
    };
    await deps.hub.publish(queryId, frame);
    await pushRequestChange(deps, q.user_id, frame);
  } catch (err) {
    log.error({ err, queryId }, 'step saved but not pushed to the chat room');
  }
}
