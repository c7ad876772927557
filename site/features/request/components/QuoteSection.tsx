import type { Quote } from '../../../../portal-api/src/modules/quotes/quotes.schema.ts';
import { QUOTE_STATE_LABELS } from '../../../../portal-api/src/modules/queries/queries.rules.ts';
import { formatCents } from '../../../../portal-api/src/modules/quotes/quotes.rules.ts';
import { QuoteCard } from './QuoteCard.tsx';
import { QuoteForm } from './QuoteForm.tsx';
import { canMove } from '../moves.ts';
import type { SectionProps } from '../section.ts';

/**
 * Quotes of the request, newest first; the admin sends one, the client decides. The client's
 * open quote has its card, with Accept and Decline, in the chat (ChatQuoteCard.tsx): here it is one line.
 */
export function QuoteSection({ workspace, role }: SectionProps) {
  const { query } = workspace;
  if (role === 'client' && !query.quotes.length) return null;
  return (
    <>
      <h2>Quote</h2>
      {query.quotes.map((q) =>
        role === 'client' && q.state === 'sent' ? (
          <QuoteLine key={q._id} quote={q} />
        ) : (
          <QuoteCard
            key={q._id}
            quote={q}
            role={role}
            canDecide={canMove(workspace, 'accept', q._id)}
            canWithdraw={canMove(workspace, 'withdraw', q._id)}
            bidDueDate={query.bidDueDate}
          />
        ),
      )}
      {canMove(workspace, 'quote') && (
        <QuoteForm queryId={query._id} bidDueDate={query.bidDueDate} hasOpenQuote={query.quotes.some((q) => q.state === 'sent')} />
      )}
    </>
  );
}

/** 'Sent · Standard $1,200.00 · Rush $1,800.50. Answer it on the quote in the chat.' */
function QuoteLine({ quote }: { quote: Quote }) {
  return (
    <p className="quote-line">
      <span className="quote-state">{QUOTE_STATE_LABELS[quote.state]}</span> · Standard <strong>{formatCents(quote.priceCents)}</strong>
      {quote.rushPriceCents !== null && (
        <>
          {' '}
          · Rush <strong>{formatCents(quote.rushPriceCents)}</strong>
        </>
      )}
      . Answer it on the quote in the chat.
    </p>
  );
}
