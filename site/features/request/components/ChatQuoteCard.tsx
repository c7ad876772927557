import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { firstFocusable } from '../../../ui/focus-rescue.ts';
import { canMove } from '../moves.ts';
import { quoteCardId } from '../quote-card-id.ts';
import { useWorkspace } from '../api.ts';

// Its form (react-hook-form) loads once there is a quote to show, not with the chat.
const QuoteCard = lazy(() => import('./QuoteCard.tsx').then((m) => ({ default: m.QuoteCard })));

/**
 * The open quote as a card in the client's chat, under the messages, so it can be accepted
 * where the conversation happens. It is the quote's one card: the workspace panel sums it up
 * in a line (QuoteSection.tsx) until it is decided, and shows it once it is.
 */
const shown = (el: HTMLElement) => typeof el.checkVisibility !== 'function' || el.checkVisibility();

export function ChatQuoteCard({ queryId }: { queryId: string }) {
  const { data } = useWorkspace(queryId);
  const section = useRef<HTMLElement>(null);
  // The message box after the card (or the first control there), kept for when the card is gone.
  const following = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    for (let el = section.current?.nextElementSibling; el; el = el.nextElementSibling) {
      const control = el.querySelector<HTMLElement>('textarea:not(:disabled)') ?? firstFocusable(el);
      if (control) return void (following.current = control);
    }
  });
  const open = data?.query.quotes.find((q) => q.state === 'sent');
  if (!data || !open) return null;
  // Decided, the quote leaves the chat: the focus goes to its card in the panel when the panel
  // shows (not behind its toggle on a phone), else to the message box. Nothing while the card is
  // still here, nor while a shown panel has yet to draw the card (its section loads on its own).
  const focusAfter = () => {
    if (section.current) return null;
    const panel = document.querySelector<HTMLElement>('.rqp-body');
    if (!panel || !shown(panel)) return following.current;
    const card = document.getElementById(quoteCardId(open._id));
    return card && shown(card) ? card : null;
  };
  return (
    <section ref={section} className="chat-quote" aria-label="Quote in the chat">
      <Suspense fallback={null}>
        <QuoteCard
          quote={open}
          role="client"
          canDecide={canMove(data, 'accept', open._id)}
          bidDueDate={data.query.bidDueDate}
          focusAfter={focusAfter}
        />
      </Suspense>
    </section>
  );
}
