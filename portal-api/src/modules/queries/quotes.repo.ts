import { forUpdate } from '../../db/row-lock.ts';
import type { Transaction } from 'kysely';
import type { Database, QuoteOption } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { recordActivity } from '../activities/activities.repo.ts';
import { deliveryDueAt, QUOTABLE_STATUSES, QUOTE_ALREADY_ACCEPTED, QUOTE_ON_DONE_QUERY, quoteMoveError } from './lifecycle-transitions.ts';
import { clientTarget, companyTarget, lifecycleMails, queueMail } from './lifecycle.mail.ts';
import { DEFAULT_RUSH_HOURS, formatCents, type SendQuote } from './lifecycle.schema.ts';
import { QUERY_NOT_FOUND } from './queries.repo.ts';

// Quotes (issue 13): each move checks its rule and writes the quote, the query,
// the activity row and the mail in one transaction.

type Trx = Transaction<Database>;
export const QUOTE_NOT_FOUND = 'Quote not found.';

/** The request a quote is sent on, its row locked until the commit (db/row-lock.ts): two quotes sent at once leave one 'sent'. */
function queryWithClient(trx: Trx, queryId: string) {
  const read = trx
    .selectFrom('queries as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select(['q.id', 'q.user_id', 'q.status', 'q.message', 'q.project_name', 'q.bid_due_date', 'u.email', 'u.full_name'])
    .where('q.id', '=', queryId);
  return forUpdate(trx, read, 'q').executeTakeFirst();
}

async function hasAcceptedQuote(trx: Trx, queryId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('quotes')
    .select('id')
    .where('query_id', '=', queryId)
    .where('state', '=', 'accepted')
    .executeTakeFirst();
  return !!row;
}

/** Withdraws the request's quote still waiting for the client (a new quote replaces it; closing ends it). */
export async function withdrawSentQuotes(trx: Trx, queryId: string, by: string | null, at = nowIso()): Promise<void> {
  await trx
    .updateTable('quotes')
    .set({ state: 'withdrawn', decided_at: at, decided_by: by })
    .where('query_id', '=', queryId)
    .where('state', '=', 'sent')
    .execute();
}

/** Admin: sends a quote; a quote still `sent` on the same request is withdrawn in the same step. */
export async function sendQuote(deps: Deps, trx: Trx, queryId: string, admin: AuthUser, input: SendQuote) {
  const q = await queryWithClient(trx, queryId);
  if (!q) throw new HttpError(404, QUERY_NOT_FOUND);
  if (!QUOTABLE_STATUSES.includes(q.status)) throw new HttpError(409, QUOTE_ON_DONE_QUERY);
  if (await hasAcceptedQuote(trx, queryId)) throw new HttpError(409, QUOTE_ALREADY_ACCEPTED);
  const now = nowIso();
  await withdrawSentQuotes(trx, queryId, admin.id, now);
  const id = newId();
  const rushHours = input.rushPrice !== undefined ? (input.rushHours ?? DEFAULT_RUSH_HOURS) : null;
  const quote = {
    id,
    query_id: queryId,
    state: 'sent' as const,
    currency: 'USD',
    price_cents: input.price,
    standard_hours: input.standardHours,
    rush_price_cents: input.rushPrice ?? null,
    rush_hours: rushHours,
    note: input.note ?? null,
    sent_by: admin.id,
    sent_at: now,
    accepted_option: null,
    decided_by: null,
    decided_at: null,
    decline_reason: null,
  };
  await trx.insertInto('quotes').values(quote).execute();
  const summary = `Quote sent: ${formatCents(input.price)}${input.rushPrice !== undefined ? `, rush ${formatCents(input.rushPrice)}` : ''}`;
  await recordActivity(trx, { userId: q.user_id, queryId, activity: summary, status: q.status, by: 'firm' });
  await queueMail(
    trx,
    lifecycleMails.quoteSent(clientTarget(deps, q), {
      priceCents: input.price,
      standardHours: input.standardHours,
      rushPriceCents: quote.rush_price_cents,
      rushHours,
      note: quote.note,
    }),
  );
  return { id, bidDueDate: q.bid_due_date };
}

/**
 * The quote and its request, or 404 when it is unknown or another client's. The request's row is
 * locked until the commit (db/row-lock.ts), as every lifecycle step locks it before touching its
 * quotes; the quote's own row is not (locked first it could wait on a close holding the request),
 * and its state is checked again by decide()'s conditional update.
 */
async function quoteForUser(trx: Trx, quoteId: string, user: Pick<AuthUser, 'id' | 'role'>) {
  const read = trx
    .selectFrom('quotes as qt')
    .innerJoin('queries as q', 'q.id', 'qt.query_id')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select([
      'qt.id',
      'qt.state',
      'qt.standard_hours',
      'qt.rush_hours',
      'qt.price_cents',
      'qt.rush_price_cents',
      'q.id as query_id',
      'q.user_id',
      'q.status',
      'q.message',
      'q.project_name',
      'u.email',
    ])
    .where('qt.id', '=', quoteId);
  const row = await forUpdate(trx, read, 'q').executeTakeFirst();
  if (!row || (user.role !== 'admin' && row.user_id !== user.id)) throw new HttpError(404, QUOTE_NOT_FOUND);
  return row;
}

type Decision = {
  state: 'accepted' | 'declined' | 'withdrawn';
  accepted_option?: QuoteOption;
  decline_reason?: string;
  decided_by: string;
  decided_at: string;
};

/** Moves a quote out of `sent` only if it is still sent; otherwise 409 naming the state it is in now. */
async function decide(trx: Trx, quoteId: string, decision: Decision): Promise<void> {
  const result = await trx.updateTable('quotes').set(decision).where('id', '=', quoteId).where('state', '=', 'sent').executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const current = await trx.selectFrom('quotes').select('state').where('id', '=', quoteId).executeTakeFirstOrThrow();
  throw new HttpError(409, quoteMoveError(current.state), { code: 'invalid_transition' });
}

/**
 * Client: accepts one option. The state moves with a conditional UPDATE
 * (… WHERE state = 'sent'): of two acceptances at once, on SQLite or on
 * PostgreSQL's row lock, exactly one changes a row; the other answers 409.
 */
export async function acceptQuote(deps: Deps, trx: Trx, quoteId: string, client: AuthUser, option: QuoteOption) {
  const quote = await quoteForUser(trx, quoteId, client);
  if (quote.state !== 'sent') throw new HttpError(409, quoteMoveError(quote.state), { code: 'invalid_transition' });
  if (!QUOTABLE_STATUSES.includes(quote.status)) throw new HttpError(409, QUOTE_ON_DONE_QUERY);
  // Another quote of the request accepted already (sent while this one was being accepted): one acceptance.
  if (await hasAcceptedQuote(trx, quote.query_id)) throw new HttpError(409, QUOTE_ALREADY_ACCEPTED);
  const hours = option === 'rush' ? quote.rush_hours : quote.standard_hours;
  if (hours === null) throw new HttpError(400, 'This quote has no rush option.');
  const now = new Date();
  await decide(trx, quoteId, { state: 'accepted', accepted_option: option, decided_by: client.id, decided_at: nowIso(now) });
  const due = deliveryDueAt(now, Number(hours));
  // Acceptance starts the work: pending → in_progress (SPEC §4's statuses stay the statuses).
  await trx
    .updateTable('queries')
    .set({ delivery_due_at: due, updated_at: nowIso(now) })
    .where('id', '=', quote.query_id)
    .execute();
  await trx
    .updateTable('queries')
    .set({ status: 'in_progress' })
    .where('id', '=', quote.query_id)
    .where('status', '=', 'pending')
    .execute();
  const price = option === 'rush' ? quote.rush_price_cents! : quote.price_cents;
  await recordActivity(trx, {
    userId: quote.user_id,
    queryId: quote.query_id,
    activity: `Quote accepted: ${option} (${formatCents(Number(price))})`,
    status: 'in_progress',
    by: 'client',
  });
  await queueMail(trx, lifecycleMails.quoteAccepted(companyTarget(deps, { ...quote, id: quote.query_id }), option, due, client.fullName));
  return { queryId: quote.query_id, deliveryDueAt: due };
}

/** Client: declines with a reason. */
export async function declineQuote(deps: Deps, trx: Trx, quoteId: string, client: AuthUser, reason: string) {
  const quote = await quoteForUser(trx, quoteId, client);
  await decide(trx, quoteId, { state: 'declined', decline_reason: reason, decided_by: client.id, decided_at: nowIso() });
  await recordActivity(trx, {
    userId: quote.user_id,
    queryId: quote.query_id,
    activity: 'Quote declined',
    status: quote.status,
    by: 'client',
  });
  await queueMail(trx, lifecycleMails.quoteDeclined(companyTarget(deps, { ...quote, id: quote.query_id }), reason, client.fullName));
  return { queryId: quote.query_id };
}

/** Admin: withdraws a sent quote. */
export async function withdrawQuote(deps: Deps, trx: Trx, quoteId: string, admin: AuthUser) {
  const quote = await quoteForUser(trx, quoteId, admin);
  await decide(trx, quoteId, { state: 'withdrawn', decided_by: admin.id, decided_at: nowIso() });
  await recordActivity(trx, {
    userId: quote.user_id,
    queryId: quote.query_id,
    activity: 'Quote withdrawn',
    status: quote.status,
    by: 'firm',
  });
  await queueMail(trx, lifecycleMails.quoteWithdrawn(clientTarget(deps, { ...quote, id: quote.query_id })));
  return { queryId: quote.query_id };
}
