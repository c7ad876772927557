import { formatDateTime } from '../../../lib/date-format.ts';
import { countdown } from '../countdown.ts';
import type { SectionProps } from '../section.ts';
import { useNow } from '../use-now.ts';

/** The delivery due time set by the accepted quote, with a countdown on both sides. */
export function DeliveryDueSection({ workspace }: SectionProps) {
  // Re-render every 30 s; each render reads the clock, so a fresh due time never counts from a stale tick.
  useNow(30_000);
  const { deliveryDueAt, status } = workspace.query;
  if (!deliveryDueAt) return null;
  const done = status === 'answered' || status === 'closed';
  const left = countdown(deliveryDueAt, Date.now());
  return (
    <>
      {/* Kept clear of toasts (ui/toast-clear.ts): the deadline is read while they show. */}
      <h2 data-keep-clear>Delivery due</h2>
      <p data-keep-clear>
        <time dateTime={deliveryDueAt}>{formatDateTime(deliveryDueAt)}</time>
      </p>
      {!done && (
        <p
          className={left.tone === 'over' ? 'rqp-due-over' : left.tone === 'soon' ? 'rqp-due-soon' : undefined}
          data-testid="delivery-countdown"
          data-keep-clear
        >
          {left.text}
        </p>
      )}
    </>
  );
}
