import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { DEFAULT_RUSH_HOURS, DEFAULT_STANDARD_HOURS, isDueAfterBidDate } from '../../../../portal-api/src/modules/quotes/quotes.rules.ts';
import { formatBidDueDate } from '../../../../portal-api/src/modules/queries/queries.labels.ts';
import { requestMoves, useRequestStep } from '../api.ts';
import { firstError, lazyZodResolver, useWarmResolver } from '../../../lib/form.ts';
import { useSubmissionKey } from '../../../lib/idempotency-key.ts';
import { busyButton } from '../../../ui/busy-button.ts';

const resolver = lazyZodResolver(
  () => import('../../../../portal-api/src/modules/quotes/quotes.schema.ts').then((m) => m.QuoteFormSchema),
  undefined,
  { raw: true },
);

type Props = { queryId: string; bidDueDate: string | null; hasOpenQuote: boolean };

/** The admin's quote: price, standard turnaround (48 h), optional rush (24 h) with its price, note. */
export function QuoteForm({ queryId, bidDueDate, hasOpenQuote }: Props) {
  const step = useRequestStep();
  // One Idempotency-Key per quote: a retry after a lost answer does not send (and withdraw) it twice.
  const submission = useSubmissionKey();
  const ids = { price: useId(), hours: useId(), rush: useId(), rushPrice: useId(), rushHours: useId(), note: useId() };
  // react-hook-form over the shared form schema (quotes.schema.ts, loaded lazily), checked on submit. `raw`:
  // the prices are sent as typed, the server turns them into cents (SendQuoteSchema).
  const { register, handleSubmit, watch, setValue, formState } = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: {
      price: '',
      standardHours: String(DEFAULT_STANDARD_HOURS),
      rush: false,
      rushPrice: '',
      rushHours: String(DEFAULT_RUSH_HOURS),
      note: '',
    },
  });
  const [hours, rush, rushHours] = watch(['standardHours', 'rush', 'rushHours']);
  const warm = useWarmResolver(resolver);
  const error = firstError(formState.errors);

  // The warning at the moment of quoting, by the server's rule: standard delivery after the bid date's start (UTC).
  const due = new Date(Date.now() + Number(hours || 0) * 3_600_000);
  const lateFor = bidDueDate !== null && isDueAfterBidDate(due, bidDueDate) ? bidDueDate : null;
  const rushLate = rush && isDueAfterBidDate(Date.now() + Number(rushHours || 0) * 3_600_000, bidDueDate);

  const submit = handleSubmit((form) => {
    const json = {
      price: form.price,
      standardHours: Number(form.standardHours),
      note: form.note || undefined,
      ...(form.rush ? { rushPrice: form.rushPrice, rushHours: Number(form.rushHours) } : {}),
    };
    const key = submission.for({ queryId, json });
    step.mutate(() => requestMoves.quote(queryId, json, key), {
      onSuccess: () => {
        submission.renew();
        setValue('price', '');
        setValue('rushPrice', '');
        setValue('note', '');
      },
    });
  });

  return (
    <form className="quote-form" onSubmit={submit} onFocus={warm} noValidate aria-label="Send a quote">
      <div className="quote-grid">
        <label htmlFor={ids.price}>Price (USD)</label>
        <input id={ids.price} inputMode="decimal" placeholder="1250.00" required {...register('price')} />
        <label htmlFor={ids.hours}>Standard turnaround (hours)</label>
        <input id={ids.hours} type="number" min={1} {...register('standardHours')} />
      </div>
      <label className="quote-check">
        <input id={ids.rush} type="checkbox" {...register('rush')} /> Offer a rush option
      </label>
      {rush && (
        <div className="quote-grid">
          <label htmlFor={ids.rushPrice}>Rush price (USD)</label>
          <input id={ids.rushPrice} inputMode="decimal" placeholder="1800.00" {...register('rushPrice')} />
          <label htmlFor={ids.rushHours}>Rush turnaround (hours)</label>
          <input id={ids.rushHours} type="number" min={1} {...register('rushHours')} />
        </div>
      )}
      <label htmlFor={ids.note}>Note (optional)</label>
      <textarea id={ids.note} maxLength={2000} {...register('note')} />
      {lateFor && (
        <p className="rqp-due-soon" role="status">
          Standard delivery would fall after the client&apos;s bid due date ({formatBidDueDate(lateFor)}).
          {rushLate && ' So would the rush delivery.'}
        </p>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-sm" {...busyButton(step.isPending)}>
        {hasOpenQuote ? 'Issue new quote' : 'Issue quote'}
      </button>
    </form>
  );
}
