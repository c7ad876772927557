import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../../ui/toast-on-demand.ts';
import { addAddendum, requestKeys, useQueryLimits } from '../api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { firstError, lazyZodResolver, useWarmResolver } from '../../../lib/form.ts';
import { useSubmissionKey } from '../../../lib/idempotency-key.ts';
import { useLeaveGuard } from '../../../lib/leave-guard.ts';
import { overallPercent, UPLOAD_WAITING, useResumableUploads } from '../../../lib/resumable-uploads.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { useInlineForm } from '../../../ui/use-inline-form.ts';
import { FilePicker } from './FilePicker.tsx';

const resolver = lazyZodResolver(() =>
  import('../../../../portal-api/src/modules/files/files.schema.ts').then((m) => m.AddendumFormSchema),
);

/**
 * The client's 'Add addendum': files and a note, uploaded as the next Addendum N through the
 * request form's picker (drop zone, per-file progress, resume: docs/product.md §14).
 */
export function AddendumForm({ queryId, isAnswered }: { queryId: string; isAnswered: boolean }) {
  const client = useQueryClient();
  const ids = { note: useId(), error: useId() };
  // 'Choose files' takes the focus as the form opens; as it closes (Cancel, or uploaded) the focus goes back to 'Add addendum'.
  const addendum = useInlineForm('button');
  const limits = useQueryLimits(addendum.isOpen);
  // react-hook-form over the shared form schema (files.schema.ts, loaded lazily once the form shows), checked on submit.
  const { register, handleSubmit, watch, setValue, reset, clearErrors, formState } = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { files: [], note: '' },
  });
  const files = watch('files');
  const warm = useWarmResolver(resolver, addendum.isOpen);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState('');
  const error = firstError(formState.errors) ?? failure;
  // A shown error goes once the person changes the files it was about, as on the request form.
  useEffect(() => {
    setFailure('');
    clearErrors();
  }, [files, clearErrors]);
  // Each file goes up on its own through tus; the addendum is made once all are complete.
  const uploads = useResumableUploads(useAuth((s) => s.token));
  // One Idempotency-Key per addendum: a retry after a lost answer does not add it twice.
  const submission = useSubmissionKey();
  // Leaving mid-upload asks first.
  useLeaveGuard(progress !== null);

  if (!addendum.isOpen) {
    return (
      <p>
        <button ref={addendum.opener} type="button" className="btn btn-sm btn-secondary" onClick={addendum.open}>
          Add addendum
        </button>
      </p>
    );
  }
  const submit = handleSubmit(async ({ note }) => {
    setFailure('');
    setProgress(0);
    const key = submission.for({ queryId, files, note });
    try {
      const uploadIds = await uploads.uploadAll(files);
      const res = await addAddendum(queryId, { uploadIds, note }, key);
      submission.renew();
      toast.success(res.message);
      addendum.close();
      for (const f of files) if (f.preview) URL.revokeObjectURL(f.preview);
      reset();
      void client.invalidateQueries({ queryKey: requestKeys.workspaces });
    } catch (err) {
      // A refused file comes back as the server's sentence naming it, a dropped one as the upload's own (resumable-uploads.ts).
      setFailure(uploads.failureOf(err, PRODUCT_TEXTS.somethingWrong));
    } finally {
      setProgress(null);
    }
  });
  return (
    <form
      ref={addendum.form}
      className="addendum-form"
      onSubmit={(e) => {
        addendum.returnFocus();
        void submit(e);
      }}
      onFocus={warm}
      noValidate
      aria-label="Add addendum"
    >
      <FilePicker
        label="Addendum files"
        files={files}
        onChange={(next) => setValue('files', next)}
        limits={limits.data}
        disabled={progress !== null}
        progress={uploads.progress}
        errorId={formState.errors.files ? ids.error : undefined}
      />
      <label htmlFor={ids.note}>Note (optional)</label>
      <textarea id={ids.note} maxLength={2000} {...register('note')} />
      {isAnswered && <p className="rqp-meta">This request is answered: an addendum asks for a revision.</p>}
      {progress !== null && (
        <p role="status">
          Uploading… {overallPercent(uploads.progress, files)}%{uploads.waiting && <> {UPLOAD_WAITING}</>}
        </p>
      )}
      {error && (
        <p id={ids.error} className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="rqp-actions">
        <button type="submit" className="btn btn-sm" {...busyButton(progress !== null)}>
          Upload addendum
        </button>
        <button type="button" className="btn btn-sm btn-secondary" onClick={addendum.cancel} disabled={progress !== null}>
          Cancel
        </button>
      </div>
    </form>
  );
}
