import type { Logger } from 'pino';
import type { Deps } from '../../deps.ts';
import { HttpError } from '../../http/errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { clientTarget, companyTarget } from '../queries/queries.mail.ts';
import { setDeliveryDue, setQueryStatus } from '../queries/queries.repo.ts';
import { deliveryDueAt, quoteMoveError, type QuoteOption } from '../queries/queries.rules.ts';
import { runStep, StepRefused, type Actor, type Trx } from '../queries/queries.public.ts';
import { quoteMails } from './quotes.mail.ts';
import { decideQuote, findQuote, insertQuote, withdrawSentQuotes, type Decision } from './quotes.repo.ts';
import { DEFAULT_RUSH_HOURS, formatCents } from './quotes.rules.ts';
import type { SendQuote } from './quotes.schema.ts';

// A quote's four moves, each run by the step runner (queries.step.ts): the firm sends or withdraws
// one, the client accepts one option or declines it.

export const QUOTE_NOT_FOUND = 'Quote not found.';

/** Admin: sends a quote; a quote still `sent` on the same request is withdrawn in the same step. */
export function sendQuote(deps: Deps, log: Logger, admin: Actor, queryId: string, input: SendQuote) {
  const rushHours = input.rushPrice !== undefined ? (input.rushHours ?? DEFAULT_RUSH_HOURS) : null;
  const rush = input.rushPrice !== undefined ? `, rush ${formatCents(input.rushPrice)}` : '';
  return runStep(deps, log, admin, {
    move: 'quote',
    queryId,
    change: async (trx, q) => {
      const now = nowIso();
      await withdrawSentQuotes(trx, q.id, admin.id, now);
      const id = newId();
      await insertQuote(trx, {
        id,
        query_id: q.id,
        state: 'sent',
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
      });
      return { quoteId: id, bidDueDate: q.bid_due_date };
    },
    history: (q) => [{ activity: `Quote sent: ${formatCents(input.price)}${rush}`, status: q.status }],
    mail: (q) =>
      quoteMails.quoteSent(clientTarget(deps, q), {
        priceCents: input.price,
        standardHours: input.standardHours,
        rushPriceCents: input.rushPrice ?? null,
        rushHours,
        note: input.note ?? null,
      }),
  });
}

/** The quote a move acts on, found in the step's transaction; its request is then locked by the runner. */
function quoteStep(quoteId: string) {
  let found: NonNullable<Awaited<ReturnType<typeof findQuote>>> | undefined;
  return {
    quote: () => found!,
    queryId: async (trx: Trx) => (found = await findQuote(trx, quoteId))?.query_id,
    notFound: QUOTE_NOT_FOUND,
    check: () => (found!.state === 'sent' ? null : quoteMoveError(found!.state)),
  };
}

/** The decision, if the quote is still sent; else 409 naming the state it is in now. */
async function decide(trx: Trx, quoteId: string, decision: Decision): Promise<void> {
  const now = await decideQuote(trx, quoteId, decision);
  if (now) throw new StepRefused(quoteMoveError(now));
}

/**
 * Client: accepts one option. Acceptance starts the work: the delivery due time is now plus the
 * option's turnaround, and a pending request moves to in_progress.
 */
export function acceptQuote(deps: Deps, log: Logger, client: Actor, quoteId: string, option: QuoteOption) {
  const step = quoteStep(quoteId);
  return runStep(deps, log, client, {
    move: 'accept',
    ...step,
    change: async (trx, q) => {
      const quote = step.quote();
      const hours = option === 'rush' ? quote.rush_hours : quote.standard_hours;
      if (hours === null) throw new HttpError(400, 'This quote has no rush option.');
      const now = new Date();
      await decide(trx, quoteId, { state: 'accepted', accepted_option: option, decided_by: client.id, decided_at: nowIso(now) });
      const due = deliveryDueAt(now, Number(hours));
      await setDeliveryDue(trx, q.id, due);
      await setQueryStatus(trx, q.id, 'pending', 'in_progress');
      return { deliveryDueAt: due, priceCents: Number(option === 'rush' ? quote.rush_price_cents : quote.price_cents) };
    },
    history: (_q, r) => [{ activity: `Quote accepted: ${option} (${formatCents(r.priceCents)})`, status: 'in_progress' }],
    mail: (q, r) => quoteMails.quoteAccepted(companyTarget(deps, q), option, r.deliveryDueAt, client.fullName),
  });
}

/** Client: declines a sent quote with a reason. */
export function declineQuote(deps: Deps, log: Logger, client: Actor, quoteId: string, reason: string) {
  return runStep(deps, log, client, {
    move: 'decline',
    ...quoteStep(quoteId),
    change: (trx) => decide(trx, quoteId, { state: 'declined', decline_reason: reason, decided_by: client.id, decided_at: nowIso() }),
    history: (q) => [{ activity: 'Quote declined', status: q.status }],
    mail: (q) => quoteMails.quoteDeclined(companyTarget(deps, q), reason, client.fullName),
  });
}

/** Admin: withdraws a sent quote. */
export function withdrawQuote(deps: Deps, log: Logger, admin: Actor, quoteId: string) {
  return runStep(deps, log, admin, {
    move: 'withdraw',
    ...quoteStep(quoteId),
    change: (trx) => decide(trx, quoteId, { state: 'withdrawn', decided_by: admin.id, decided_at: nowIso() }),
    history: (q) => [{ activity: 'Quote withdrawn', status: q.status }],
    mail: (q) => quoteMails.quoteWithdrawn(clientTarget(deps, q)),
  });
}
