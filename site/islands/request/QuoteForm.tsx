import { useId, useState } from 'react';
import {
  DEFAULT_RUSH_HOURS,
  DEFAULT_STANDARD_HOURS,
  parsePriceToCents,
  PRICE_ERROR,
} from '../../../portal-api/src/modules/queries/lifecycle.schema.ts';
import { useRequestStep } from './use-request-step.ts';
import { api, call } from '../../lib/api.ts';

type Props = { queryId: string; bidDueDate: string | null; hasOpenQuote: boolean };

/** The admin's quote: price, standard turnaround (48 h), optional rush (24 h) with its price, note (issue 13). */
export function QuoteForm({ queryId, bidDueDate, hasOpenQuote }: Props) {
  const step = useRequestStep();
  const ids = { price: useId(), hours: useId(), rush: useId(), rushPrice: useId(), rushHours: useId(), note: useId() };
  const [price, setPrice] = useState('');
  const [hours, setHours] = useState(String(DEFAULT_STANDARD_HOURS));
  const [rush, setRush] = useState(false);
  const [rushPrice, setRushPrice] = useState('');
  const [rushHours, setRushHours] = useState(String(DEFAULT_RUSH_HOURS));
  const [note, setNote] = useState('');
  const [error, setError] = useState('');

  // The warning at the moment of quoting: standard delivery after the bid date's start (UTC).
  const due = Date.now() + Number(hours || 0) * 3_600_000;
  const isLate = bidDueDate !== null && due > Date.parse(`${bidDueDate}T00:00:00Z`);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (parsePriceToCents(price) === null || (rush && parsePriceToCents(rushPrice) === null)) {
      setError(PRICE_ERROR);
      return;
    }
    setError('');
    const json = {
      price,
      standardHours: Number(hours),
      note: note || undefined,
      ...(rush ? { rushPrice, rushHours: Number(rushHours) } : {}),
    };
    step.mutate(() => call(api.queries[':id'].quotes.$post({ param: { id: queryId }, json })), {
      onSuccess: () => {
        setPrice('');
        setRushPrice('');
        setNote('');
      },
    });
  };

  return (
    <form className="quote-form" onSubmit={submit} noValidate aria-label="Send a quote">
      <div className="quote-grid">
        <label htmlFor={ids.price}>Price (USD)</label>
        <input id={ids.price} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} placeholder="1250.00" required />
        <label htmlFor={ids.hours}>Standard turnaround (hours)</label>
        <input id={ids.hours} type="number" min={1} value={hours} onChange={(e) => setHours(e.target.value)} />
      </div>
      <label className="quote-check">
        <input id={ids.rush} type="checkbox" checked={rush} onChange={(e) => setRush(e.target.checked)} /> Offer a rush option
      </label>
      {rush && (
        <div className="quote-grid">
          <label htmlFor={ids.rushPrice}>Rush price (USD)</label>
          <input
            id={ids.rushPrice}
            inputMode="decimal"
            value={rushPrice}
            onChange={(e) => setRushPrice(e.target.value)}
            placeholder="1800.00"
          />
          <label htmlFor={ids.rushHours}>Rush turnaround (hours)</label>
          <input id={ids.rushHours} type="number" min={1} value={rushHours} onChange={(e) => setRushHours(e.target.value)} />
        </div>
      )}
      <label htmlFor={ids.note}>Note (optional)</label>
      <textarea id={ids.note} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      {isLate && (
        <p className="rqp-due-soon" role="status">
          Standard delivery would fall after the client&apos;s bid due date ({bidDueDate}).
        </p>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-sm" disabled={step.isPending}>
        {hasOpenQuote ? 'Send new quote' : 'Send quote'}
      </button>
    </form>
  );
}
