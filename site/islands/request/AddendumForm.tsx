import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { api, ApiError, upload } from '../../lib/api.ts';

/** The client's 'Add addendum': files and a note, uploaded as the next Addendum N (issue 13). */
export function AddendumForm({ queryId, isAnswered }: { queryId: string; isAnswered: boolean }) {
  const client = useQueryClient();
  const ids = { files: useId(), note: useId() };
  const [open, setOpen] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');

  if (!open) {
    return (
      <p>
        <button type="button" className="btn btn-sm btn-secondary" onClick={() => setOpen(true)}>
          Add addendum
        </button>
      </p>
    );
  }
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!files.length) {
      setError('Please choose at least one file.');
      return;
    }
    const form = new FormData();
    if (note.trim()) form.append('note', note.trim());
    for (const f of files) form.append('files[]', f, f.name);
    setError('');
    setProgress(0);
    try {
      const res = await upload(api.queries[':id'].addenda, '$post', form, setProgress, { id: queryId });
      toast.success(res.message);
      setOpen(false);
      setFiles([]);
      setNote('');
      void client.invalidateQueries({ queryKey: ['workspace'] });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong');
    } finally {
      setProgress(null);
    }
  };
  return (
    <form className="addendum-form" onSubmit={submit} noValidate aria-label="Add addendum">
      <label htmlFor={ids.files}>Addendum files</label>
      <input id={ids.files} type="file" multiple accept=".pdf,.dwg,.zip,image/*" onChange={(e) => setFiles([...(e.target.files ?? [])])} />
      <label htmlFor={ids.note}>Note (optional)</label>
      <textarea id={ids.note} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      {isAnswered && <p className="rqp-meta">This request is answered: an addendum asks for a revision.</p>}
      {progress !== null && <p role="status">Uploading… {progress}%</p>}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      <div className="rqp-actions">
        <button type="submit" className="btn btn-sm" disabled={progress !== null}>
          Upload addendum
        </button>
        <button type="button" className="btn btn-sm btn-secondary" onClick={() => setOpen(false)} disabled={progress !== null}>
          Cancel
        </button>
      </div>
    </form>
  );
}
