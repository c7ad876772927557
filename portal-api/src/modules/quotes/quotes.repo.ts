import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database, QuotesTable } from '../../db/schema.ts';
import type { QuoteOption, QuoteState } from '../queries/queries.rules.ts';
import type { Quote } from './quotes.schema.ts';

// The quotes table: reads, and the writes the quote moves make (quotes.workflow.ts).

type Executor = Kysely<Database> | Transaction<Database>;
export type QuoteRow = Awaited<ReturnType<typeof quotesOf>>[number];

/** The quotes of these requests, newest first. */
export function quotesOf(db: Executor, queryIds: string[]) {
  return db.selectFrom('quotes').selectAll().where('query_id', 'in', queryIds).orderBy('sent_at', 'desc').orderBy('id').execute();
}

/** Row → the Quote JSON. */
export function toQuote(row: QuoteRow): Quote {
  return {
    _id: row.id,
    query: row.query_id,
    state: row.state,
    currency: 'USD',
    priceCents: Number(row.price_cents),
    standardHours: Number(row.standard_hours),
    rushPriceCents: row.rush_price_cents === null ? null : Number(row.rush_price_cents),
    rushHours: row.rush_hours === null ? null : Number(row.rush_hours),
    note: row.note,
    sentAt: row.sent_at,
    acceptedOption: row.accepted_option,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at,
    declineReason: row.decline_reason,
  };
}

/**
 * One quote, to find its request. Its row is not locked: the step runner locks the request's
 * row first (db/row-lock.ts), and the quote's state is checked again by decideQuote's update.
 */
export function findQuote(db: Executor, quoteId: string) {
  return db
    .selectFrom('quotes')
    .select(['id', 'query_id', 'state', 'standard_hours', 'rush_hours', 'price_cents', 'rush_price_cents'])
    .where('id', '=', quoteId)
    .executeTakeFirst();
}

export async function insertQuote(trx: Executor, quote: Insertable<QuotesTable>): Promise<void> {
  await trx.insertInto('quotes').values(quote).execute();
}

/** Withdraws the request's quote still waiting for the client (a new quote replaces it; answering or closing ends it). */
export async function withdrawSentQuotes(trx: Executor, queryId: string, by: string | null, at: string): Promise<void> {
  await trx
    .updateTable('quotes')
    .set({ state: 'withdrawn', decided_at: at, decided_by: by })
    .where('query_id', '=', queryId)
    .where('state', '=', sql.lit('sent')) // a literal, which the partial index quotes_sent_idx matches
    .execute();
}

export type Decision = {
  state: Exclude<QuoteState, 'sent'>;
  accepted_option?: QuoteOption;
  decline_reason?: string;
  decided_by: string;
  decided_at: string;
};

/**
 * Moves a quote out of `sent` only if it is still sent (… WHERE state = 'sent'): of two decisions
 * at once, on SQLite or behind PostgreSQL's row lock, exactly one changes the row. Answers the
 * state the quote is in when it was not sent any more, else null.
 */
export async function decideQuote(trx: Executor, quoteId: string, decision: Decision): Promise<QuoteState | null> {
  const result = await trx.updateTable('quotes').set(decision).where('id', '=', quoteId).where('state', '=', 'sent').executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return null;
  const current = await trx.selectFrom('quotes').select('state').where('id', '=', quoteId).executeTakeFirstOrThrow();
  return current.state;
}

/** The accepted quote's turnaround of a request, if one is accepted. */
export function acceptedQuoteOf(db: Executor, queryId: string) {
  return db
    .selectFrom('quotes')
    .select(['accepted_option', 'standard_hours', 'rush_hours'])
    .where('query_id', '=', queryId)
    .where('state', '=', 'accepted')
    .executeTakeFirst();
}
