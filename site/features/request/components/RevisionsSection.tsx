import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast-on-demand.ts';
import { FileList } from './FileList.tsx';
import { canMove } from '../moves.ts';
import type { SectionProps } from '../section.ts';
import { useRequestStep } from '../use-request-step.ts';
import { api, call } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { firstError, lazyZodResolver, useWarmResolver } from '../../../lib/form.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { rescueFocus } from '../../../ui/focus-rescue.ts';
import { useInlineForm } from '../../../ui/use-inline-form.ts';

const resolver = lazyZodResolver(
  () => import('../../../../portal-api/src/modules/deliverables/deliverables.schema.ts').then((m) => m.ReopenSchema),
  undefined,
  { raw: true },
);

/**
 * Deliverables by revision (Rev A, Rev B, …) with each one's change note and date.
 * On an answered request the client asks for a revision with a reason
 * and the admin may reopen it; either way it goes back to in progress.
 */
export function RevisionsSection({ workspace, role }: SectionProps) {
  const { query } = workspace;
  const step = useRequestStep();
  const reasonId = useId();
  // The reason box takes the focus as the form opens; Cancel gives it back to the button,
  // sending it to this section's heading (the request is reopened: no button).
  const asking = useInlineForm('textarea');
  const heading = useRef<HTMLHeadingElement>(null);
  // The revision request over ReopenSchema (loaded lazily, once the form shows); `raw`: the reason is sent as typed (the server trims it).
  const reopen = useForm({ resolver, defaultValues: { reason: '' } });
  const warm = useWarmResolver(resolver, asking.isOpen);
  const reason = reopen.watch('reason');
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        Deliverables ({query.deliverables.length})
      </h2>
      {!query.revisions.length && <p>{role === 'admin' ? 'Nothing delivered yet.' : 'Your estimate files will appear here.'}</p>}
      {query.revisions.map((rev) => (
        <div key={rev.letter} className="rqp-set" aria-label={rev.label}>
          <h3>
            {rev.label}
            {rev.answeredAt && <span className="rqp-meta"> · {formatDateTime(rev.answeredAt)}</span>}
            {!rev.answeredAt && <span className="rqp-meta"> · in progress</span>}
          </h3>
          {rev.reason && <p className="rqp-meta">Requested: {rev.reason}</p>}
          {rev.changeNote && <p className="rqp-meta">Changes: {rev.changeNote}</p>}
          <FileList files={rev.files} empty="No files yet." />
        </div>
      ))}
      {canMove(workspace, 'reopen') && !asking.isOpen && (
        <p>
          <button ref={asking.opener} type="button" className="btn btn-sm btn-secondary" onClick={asking.open}>
            {role === 'client' ? 'Request a revision' : 'Reopen for a revision'}
          </button>
        </p>
      )}
      {canMove(workspace, 'reopen') && asking.isOpen && (
        <form
          ref={asking.form}
          onFocus={warm}
          onSubmit={reopen.handleSubmit(
            (form) => {
              // Reopened, the request has no button here (it shows again for a moment, till the reload): the heading takes the focus.
              rescueFocus(() => heading.current);
              step.mutate(() => call(api.queries[':id'].reopen.$post({ param: { id: query._id }, json: form })), {
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
          <textarea id={reasonId} maxLength={2000} required {...reopen.register('reason')} />
          <div className="rqp-actions">
            <button type="submit" className="btn btn-sm" disabled={!reason.trim()} {...busyButton(step.isPending)}>
              Send revision request
            </button>
            <button type="button" className="btn btn-sm btn-secondary" onClick={asking.cancel}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </>
  );
}
