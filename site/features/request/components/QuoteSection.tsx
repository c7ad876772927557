import { QuoteCard } from './QuoteCard.tsx';
import { QuoteForm } from './QuoteForm.tsx';
import { canMove } from '../moves.ts';
import type { SectionProps } from '../section.ts';

/** Quotes of the request, newest first; the admin sends one, the client decides. */
export function QuoteSection({ workspace, role }: SectionProps) {
  const { query } = workspace;
  if (role === 'client' && !query.quotes.length) return null;
  return (
    <>
      <h2>Quote</h2>
      {query.quotes.map((q) => (
        <QuoteCard
          key={q._id}
          quote={q}
          role={role}
          canDecide={canMove(workspace, 'accept', q._id)}
          canWithdraw={canMove(workspace, 'withdraw', q._id)}
          bidDueDate={query.bidDueDate}
        />
      ))}
      {canMove(workspace, 'quote') && (
        <QuoteForm queryId={query._id} bidDueDate={query.bidDueDate} hasOpenQuote={query.quotes.some((q) => q.state === 'sent')} />
      )}
    </>
  );
}
