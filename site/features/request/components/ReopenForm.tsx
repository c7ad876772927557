import { useId, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast-on-demand.ts';
import { canMove } from '../moves.ts';
import type { SectionProps } from '../section.ts';
import { requestMoves, useRequestStep } from '../api.ts';
import { firstError, lazyZodResolver, useWarmResolver } from '../../../lib/form.ts';
import { REOPEN_REASON_MAX } from '../../../../portal-api/src/modules/queries/queries.limits.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { CharCount } from '../../../ui/CharCount.tsx';
import { rescueFocus } from '../../../ui/focus-rescue.ts';
import { useInlineForm } from '../../../ui/use-inline-form.ts';

const resolver = lazyZodResolver(
  () => import('../../../../portal-api/src/modules/deliverables/deliverables.schema.ts').then((m) => m.ReopenSchema),
  undefined,
  { raw: true },
);

type Props = SectionProps & {
  /** Where the focus goes once the request is reopened (the button is gone then). */
  afterReopen: RefObject<HTMLElement | null>;
};

/**
 * 'Request a revision' (client) or 'Reopen for a revision' (firm) on an answered request: a
 * reason, then the reopen move (docs/product.md §12), which opens the next revision letter.
 * Shown only while the server lists the move.
 */
export function ReopenForm({ workspace, role, afterReopen }: Props) {
  const { query } = workspace;
  const step = useRequestStep();
  const reasonId = useId();
  const countId = useId();
  // The reason box takes the focus as the form opens; Cancel gives it back to the button.
  const asking = useInlineForm('textarea');
  // ReopenSchema, loaded lazily once the form shows; `raw`: the reason is sent as typed (the server trims it).
  const reopen = useForm({ resolver, defaultValues: { reason: '' } });
  const warm = useWarmResolver(resolver, asking.isOpen);
  const reason = reopen.watch('reason');
  if (!canMove(workspace, 'reopen')) return null;
  if (!asking.isOpen)
    return (
      <p>
        <button ref={asking.opener} type="button" className="btn btn-sm btn-secondary" onClick={asking.open}>
          {role === 'client' ? 'Request a revision' : 'Reopen for a revision'}
        </button>
      </p>
    );
  return (
    <form
      ref={asking.form}
      onFocus={warm}
      onSubmit={reopen.handleSubmit(
        (form) => {
          // Reopened, the request has no button here (it shows again for a moment, till the reload).
          rescueFocus(() => afterReopen.current);
          step.mutate(() => requestMoves.reopen(query._id, form), {
            onSuccess: () => {
              asking.close();
              reopen.reset();
            },
          });
        },
        // The button waits for a reason, so this is the schema's sentence the server would answer.
        (errors) => {
          const text = firstError(errors);
          if (text) toast.error(text);
        },
      )}
    >
      <label htmlFor={reasonId}>What should change?</label>
      <textarea id={reasonId} required aria-describedby={countId} {...reopen.register('reason')} />
      {/* Nothing is cut (docs/product.md §18): past the limit the schema's sentence refuses it. */}
      <CharCount id={countId} value={reason} max={REOPEN_REASON_MAX} />
      <div className="rqp-actions">
        <button type="submit" className="btn btn-sm" disabled={!reason.trim()} {...busyButton(step.isPending)}>
          {role === 'client' ? 'Send revision request' : 'Reopen for a revision'}
        </button>
        <button type="button" className="btn btn-sm btn-secondary" onClick={asking.cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
