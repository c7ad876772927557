import { QuoteCard } from './QuoteCard.tsx';
import { QuoteForm } from './QuoteForm.tsx';
import type { SectionProps } from './section.ts';

/** Quotes of the request, newest first; the admin sends one, the client decides (issue 13). */
export function QuoteSection({ workspace, role }: SectionProps) {
  const { query } = workspace;
  const canQuote = query.status === 'pending' || query.status === 'in_progress';
  if (role === 'client' && !query.quotes.length) return null;
  return (
    <>
      <h2>Quote</h2>
      {query.quotes.map((q) => (
        <QuoteCard key={q._id} quote={q} role={role} canDecide={canQuote} bidDueDate={query.bidDueDate} />
      ))}
      {/* One acceptance per request: once a quote is accepted no other is sent (issue 13). */}
      {role === 'admin' && canQuote && !query.quotes.some((q) => q.state === 'accepted') && (
        <QuoteForm queryId={query._id} bidDueDate={query.bidDueDate} hasOpenQuote={query.quotes.some((q) => q.state === 'sent')} />
      )}
    </>
  );
}
