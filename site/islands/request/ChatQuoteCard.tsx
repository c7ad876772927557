import { QuoteCard } from './QuoteCard.tsx';
import { canMove } from './moves.ts';
import { useWorkspace } from './use-workspace.ts';

/**
 * The open quote as a card in the client's chat (issue 13), under the messages,
 * so it can be accepted where the conversation happens. Same data as the panel.
 */
export function ChatQuoteCard({ queryId }: { queryId: string }) {
  const { data } = useWorkspace(queryId);
  const open = data?.query.quotes.find((q) => q.state === 'sent');
  if (!data || !open) return null;
  return (
    <div className="chat-quote" aria-label="Quote in the chat">
      <QuoteCard quote={open} role="client" canDecide={canMove(data, 'accept', open._id)} bidDueDate={data.query.bidDueDate} />
    </div>
  );
}
