import { lazy, Suspense, useId, useLayoutEffect, useRef, useState } from 'react';
import { QUOTE_STATE_LABELS } from '../../../../portal-api/src/modules/queries/queries.rules.ts';
import { firstFocusable } from '../../../ui/focus-rescue.ts';
import { canMove } from '../moves.ts';
import { quoteCardId } from '../quote-card-id.ts';
import { useWorkspace } from '../api.ts';

// Its form (react-hook-form) loads once there is a quote to show, not with the chat.
const QuoteCard = lazy(() => import('./QuoteCard.tsx').then((m) => ({ default: m.QuoteCard })));

/**
 * The open quote as a card in the client's chat, under the messages, so it can be accepted
 * where the conversation happens. It is the quote's one card: the workspace panel sums it up
 * in a line (QuoteSection.tsx) until it is decided, and shows it once it is. Where the card is
 * narrow (a phone at large text, lifecycle.css) it folds to a bar, 'Quote' and its state, that
 * opens it: drawn whole, it left the messages a line or two.
 */
const shown = (el: HTMLElement) => typeof el.checkVisibility !== 'function' || el.checkVisibility();

export function ChatQuoteCard({ queryId }: { queryId: string }) {
  const { data } = useWorkspace(queryId);
  const section = useRef<HTMLElement>(null);
  // The message box after the card (or the first control there), kept for when the card is gone.
  const following = useRef<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  useLayoutEffect(() => {
    for (let el = section.current?.nextElementSibling; el; el = el.nextElementSibling) {
      const control = el.querySelector<HTMLElement>('textarea:not(:disabled)') ?? firstFocusable(el);
      if (control) return void (following.current = control);
    }
  });
  const sent = data?.query.quotes.find((q) => q.state === 'sent');
  if (!data || !sent) return null;
  // Decided, the quote leaves the chat: the focus goes to its card in the panel when the panel
  // shows (not behind its toggle on a phone), else to the message box. Nothing while the card is
  // still here, nor while a shown panel has yet to draw the card (its section loads on its own).
  const focusAfter = () => {
    if (section.current) return null;
    const panel = document.querySelector<HTMLElement>('.rqp-body');
    if (!panel || !shown(panel)) return following.current;
    const card = document.getElementById(quoteCardId(sent._id));
    return card && shown(card) ? card : null;
  };
  return (
    <section ref={section} className={`chat-quote${open ? ' is-open' : ''}`} aria-label="Quote in the chat">
      <button type="button" className="chat-quote-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((v) => !v)}>
        <strong>Quote</strong> <span className="quote-state">{QUOTE_STATE_LABELS[sent.state]}</span>
        <span className="chat-quote-arrow" aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
      <div id={bodyId} className="chat-quote-body">
        <Suspense fallback={null}>
          <QuoteCard
            quote={sent}
            role="client"
            canDecide={canMove(data, 'accept', sent._id)}
            bidDueDate={data.query.bidDueDate}
            focusAfter={focusAfter}
          />
        </Suspense>
      </div>
    </section>
  );
}
