import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { api, call, jsonBody, serverMessage } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { firstError, lazyZodResolver, useWarmResolver } from '../../lib/form.ts';
import { overallPercent, useResumableUploads } from '../../lib/resumable-uploads.ts';
import { SPEC_TEXTS } from '../../lib/spec-texts.ts';
import { busyButton } from '../ui/busy-button.ts';
import { rescueFocus } from '../ui/focus-rescue.ts';
import { useFocusFirstItem } from '../ui/use-dismiss.ts';

const resolver = lazyZodResolver(() =>
  import('../../../portal-api/src/modules/queries/lifecycle.schema.ts').then((m) => m.AddendumFormSchema),
);

/** The client's 'Add addendum': files and a note, uploaded as the next Addendum N (issue 13). */
export function AddendumForm({ queryId, isAnswered }: { queryId: string; isAnswered: boolean }) {
  const client = useQueryClient();
  const ids = { files: useId(), note: useId() };
  const [open, setOpen] = useState(false);
  // The files field takes the focus as the form opens; as it closes (Cancel, or uploaded) the focus goes back to 'Add addendum'.
  const openButton = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstItem(form, open, 'input');
  const backToOpen = () => rescueFocus(() => openButton.current);
  // react-hook-form over the shared form schema (lifecycle.schema.ts, loaded lazily once the form shows), checked on submit.
  const { register, handleSubmit, watch, setValue, reset, formState } = useForm({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { files: [], note: '' },
  });
  const files = watch('files');
  const warm = useWarmResolver(resolver, open);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState('');
  const error = firstError(formState.errors) ?? failure;
  // Each file goes up on its own through tus (issue 14); the addendum is made once all are complete.
  const uploads = useResumableUploads(useAuth((s) => s.token));
  const picked = files.map((file, i) => ({ id: `${i}-${file.name}-${file.size}-${file.lastModified}`, file }));

  if (!open) {
    return (
      <p>
        <button ref={openButton} type="button" className="btn btn-sm btn-secondary" onClick={() => setOpen(true)}>
          Add addendum
        </button>
      </p>
    );
  }
  const submit = handleSubmit(async ({ note }) => {
    setFailure('');
    setProgress(0);
    try {
      const uploadIds = await uploads.uploadAll(picked);
      const res = await call(api.queries[':id'].addenda.$post({ param: { id: queryId } }, jsonBody({ uploadIds, note })));
      toast.success(res.message);
      setOpen(false);
      reset();
      void client.invalidateQueries({ queryKey: ['workspace'] });
    } catch (err) {
      // A refused file comes back as the server's sentence naming it (resumable-uploads.ts).
      setFailure(serverMessage(err) || SPEC_TEXTS.somethingWrong);
    } finally {
      setProgress(null);
    }
  });
  return (
    <form
      ref={form}
      className="addendum-form"
      onSubmit={(e) => {
        backToOpen();
        void submit(e);
      }}
      onFocus={warm}
      noValidate
      aria-label="Add addendum"
    >
      <label htmlFor={ids.files}>Addendum files</label>
      <input
        id={ids.files}
        type="file"
        multiple
        accept=".pdf,.dwg,.zip,image/*"
        onChange={(e) => setValue('files', [...(e.target.files ?? [])])}
      />
      <label htmlFor={ids.note}>Note (optional)</label>
      <textarea id={ids.note} maxLength={2000} {...register('note')} />
      {isAnswered && <p className="rqp-meta">This request is answered: an addendum asks for a revision.</p>}
      {progress !== null && <p role="status">Uploading… {overallPercent(uploads.progress, picked)}%</p>}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="rqp-actions">
        <button type="submit" className="btn btn-sm" {...busyButton(progress !== null)}>
          Upload addendum
        </button>
        <button
          type="button"
          className="btn btn-sm btn-secondary"
          onClick={() => {
            backToOpen();
            setOpen(false);
          }}
          disabled={progress !== null}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
