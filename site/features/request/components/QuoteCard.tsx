import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast-on-demand.ts';
import type { Quote } from '../../../../portal-api/src/modules/quotes/quotes.schema.ts';
import { QUOTE_STATE_LABELS } from '../../../../portal-api/src/modules/queries/queries.rules.ts';
import { formatCents, isDueAfterBidDate, LATE_OPTION_NOTE } from '../../../../portal-api/src/modules/quotes/quotes.rules.ts';
import { quoteCardId } from '../quote-card-id.ts';
import { requestMoves, useRequestStep } from '../api.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { firstError, lazyZodResolver, useWarmResolver } from '../../../lib/form.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { rescueFocus } from '../../../ui/focus-rescue.ts';
import { useInlineForm } from '../../../ui/use-inline-form.ts';

const resolver = lazyZodResolver(
  () => import('../../../../portal-api/src/modules/quotes/quotes.schema.ts').then((m) => m.DeclineQuoteSchema),
  undefined,
  { raw: true },
);
const turnaround = (h: number) => (h % 24 === 0 ? `${h / 24 === 1 ? '24 h' : `${h / 24} days`}` : `${h} h`);

/**
 * `canDecide` and `canWithdraw`: the moves the server allows the viewer on this quote (moves.ts).
 * `focusAfter`: where the focus goes once the quote is decided, for a card that then goes away
 * (the chat's); by default the card itself keeps it.
 */
type Props = {
  quote: Quote;
  role: 'admin' | 'client';
  canDecide: boolean;
  canWithdraw?: boolean;
  bidDueDate?: string | null;
  focusAfter?: () => HTMLElement | null;
};

/**
 * A quote as both sides see it; the client accepts one option in one
 * click or declines with a reason. An open quote shows to the client in the chat only
 * (ChatQuoteCard.tsx); the workspace shows the others.
 */
export function QuoteCard({ quote, role, canDecide, canWithdraw = false, bidDueDate = null, focusAfter }: Props) {
  const step = useRequestStep();
  const reasonId = useId();
  // The reason box takes the focus as the form opens; Cancel gives it back to Decline.
  const declining = useInlineForm('textarea');
  const card = useRef<HTMLElement>(null);
  // The decline form over DeclineQuoteSchema (loaded lazily, once the form shows); `raw`: the reason is sent as typed (the server trims it).
  const decline = useForm({ resolver, defaultValues: { reason: '' } });
  const warm = useWarmResolver(resolver, declining.isOpen);
  const reason = decline.watch('reason');
  const isOpen = quote.state === 'sent';
  const decide = role === 'client' && canDecide;
  // An open quote's option that, accepted now, would be delivered after the bid due date says so (both sides).
  const late = (hours: number) =>
    isOpen && isDueAfterBidDate(Date.now() + hours * 3_600_000, bidDueDate) && <em className="quote-late"> · {LATE_OPTION_NOTE}</em>;
  const decided = () => (focusAfter ? focusAfter() : card.current);
  const accept = (option: 'standard' | 'rush') => {
    rescueFocus(decided); // the buttons go once the quote is accepted
    step.mutate(() => requestMoves.accept(quote._id, { option }));
  };
  const withdraw = () => {
    rescueFocus(() => card.current); // withdrawn, the quote has no buttons left
    step.mutate(() => requestMoves.withdraw(quote._id));
  };

  return (
    <article
      ref={card}
      id={quoteCardId(quote._id)}
      tabIndex={-1}
      className={`quote-card is-${quote.state}`}
      aria-label={`Quote of ${formatDateTime(quote.sentAt)}`}
    >
      <header>
        <strong>Quote</strong> <span className="quote-state">{QUOTE_STATE_LABELS[quote.state]}</span>
        <time dateTime={quote.sentAt}>{formatDateTime(quote.sentAt)}</time>
      </header>
      <ul className="quote-options">
        <li className={quote.acceptedOption === 'standard' ? 'is-chosen' : undefined}>
          Standard: <strong>{formatCents(quote.priceCents)}</strong> · {turnaround(quote.standardHours)}
          {late(quote.standardHours)}
        </li>
        {quote.rushPriceCents !== null && quote.rushHours !== null && (
          <li className={quote.acceptedOption === 'rush' ? 'is-chosen' : undefined}>
            Rush: <strong>{formatCents(quote.rushPriceCents)}</strong> · {turnaround(quote.rushHours)}
            {late(quote.rushHours)}
          </li>
        )}
      </ul>
      {quote.note && <p className="quote-note">{quote.note}</p>}
      {quote.state === 'accepted' && quote.decidedAt && (
        <p>
          Accepted ({quote.acceptedOption}) on {formatDateTime(quote.decidedAt)}
        </p>
      )}
      {quote.state === 'declined' && quote.declineReason && <p>Declined: {quote.declineReason}</p>}
      {decide && !declining.isOpen && (
        <div className="rqp-actions">
          <button type="button" className="btn btn-sm" {...busyButton(step.isPending, () => accept('standard'))}>
            Accept standard
          </button>
          {quote.rushPriceCents !== null && (
            <button type="button" className="btn btn-sm" {...busyButton(step.isPending, () => accept('rush'))}>
              Accept rush
            </button>
          )}
          <button ref={declining.opener} type="button" className="btn btn-sm btn-secondary" {...busyButton(step.isPending, declining.open)}>
            Decline
          </button>
        </div>
      )}
      {decide && declining.isOpen && (
        <form
          ref={declining.form}
          className="quote-decline"
          onFocus={warm}
          onSubmit={decline.handleSubmit(
            (form) => {
              // Declined, the card has no buttons left (Decline shows again for a moment, till the reload): the card takes the focus.
              rescueFocus(decided);
              step.mutate(() => requestMoves.decline(quote._id, form), {
                onSuccess: declining.close,
              });
            },
            // The button waits for a reason, so this is the schema's sentence the server would answer.
            (errors) => {
              const text = firstError(errors);
              if (text) toast.error(text);
            },
          )}
        >
          <label htmlFor={reasonId}>Why do you decline?</label>
          <textarea id={reasonId} maxLength={2000} required {...decline.register('reason')} />
          <div className="rqp-actions">
            <button type="submit" className="btn btn-sm" disabled={!reason.trim()} {...busyButton(step.isPending)}>
              Decline quote
            </button>
            <button type="button" className="btn btn-sm btn-secondary" onClick={declining.cancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {role === 'admin' && canWithdraw && (
        <div className="rqp-actions">
          <button type="button" className="btn btn-sm btn-secondary" {...busyButton(step.isPending, withdraw)}>
            Withdraw
          </button>
        </div>
      )}
    </article>
  );
}
