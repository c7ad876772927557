import { lazy, Suspense } from 'react';
import { canMove } from '../moves.ts';
import { useWorkspace } from '../use-workspace.ts';

// Its form (react-hook-form) loads once there is a quote to show, not with the chat.
const QuoteCard = lazy(() => import('./QuoteCard.tsx').then((m) => ({ default: m.QuoteCard })));

/**
 * The open quote as a card in the client's chat, under the messages,
 * so it can be accepted where the conversation happens. Same data as the panel.
 */
export function ChatQuoteCard({ queryId }: { queryId: string }) {
  const { data } = useWorkspace(queryId);
  const open = data?.query.quotes.find((q) => q.state === 'sent');
  if (!data || !open) return null;
  return (
    <section className="chat-quote" aria-label="Quote in the chat">
      <Suspense fallback={null}>
        <QuoteCard quote={open} role="client" canDecide={canMove(data, 'accept', open._id)} bidDueDate={data.query.bidDueDate} />
      </Suspense>
    </section>
  );
}
