import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { api, ApiError, upload } from '../../../lib/api.ts';
import { Modal } from '../../ui/Modal.tsx';
import type { Query } from '../admin-format.tsx';
import { useStatusChange } from './use-status-change.ts';
import { SPEC_TEXTS } from '../../../lib/spec-texts.ts';

const ACCEPT = '.pdf,.xlsx,.xls,.csv,.dwg,.zip,.docx,image/*';

type Props = { query: Query | null; onClose: () => void };

/**
 * Answering a request (issue 6): attach the deliverables (takeoff PDF, XLSX/CSV
 * cost breakdown, marked-up plans, ZIP), then mark the query answered, which
 * e-mails the client. An answered query can take more files ("Add files").
 */
export function AnswerDialog({ query, onClose }: Props) {
  const client = useQueryClient();
  const change = useStatusChange();
  const inputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const willAnswer = query?.status === 'in_progress';
  const existing = query?.deliverables ?? [];
  const busy = progress !== null || change.isPending;

  const close = () => {
    if (busy) return;
    setFiles([]);
    setError('');
    onClose();
  };

  async function submit() {
    if (!query) return;
    setError('');
    if (!files.length && !existing.length) {
      setError('Please attach at least one deliverable.');
      return;
    }
    try {
      if (files.length) {
        const form = new FormData();
        for (const f of files) form.append('files[]', f, f.name);
        setProgress(0);
        await upload(api.queries[':id'].deliverables, '$post', form, setProgress, { id: query._id });
        setProgress(null);
        void client.invalidateQueries({ queryKey: ['admin'] });
        if (!willAnswer) toast.success(files.length === 1 ? 'File uploaded.' : `${files.length} files uploaded.`);
      }
      if (willAnswer) await change.mutateAsync({ id: query._id, status: 'answered' });
      setFiles([]);
      onClose();
    } catch (err) {
      setProgress(null);
      setError(err instanceof ApiError ? err.message : SPEC_TEXTS.somethingWrong);
    }
  }

  return (
    <Modal
      open={!!query}
      title={willAnswer ? 'Mark answered' : 'Add deliverables'}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn" onClick={() => void submit()} disabled={busy}>
            {busy ? 'Saving…' : willAnswer ? (files.length ? 'Upload and mark answered' : 'Mark answered') : 'Upload'}
          </button>
        </>
      }
    >
      {query && (
        <>
          <p style={{ marginTop: 0 }}>
            {query.user.fullName} · {query.subservice?.title ?? query.service?.title ?? 'No service'}
          </p>
          {existing.length > 0 && (
            <>
              <h3 style={{ fontSize: '1rem' }}>Already attached</h3>
              <ul>
                {existing.map((d) => (
                  <li key={d._id}>
                    <a href={d.url}>{d.name}</a>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="field">
            <label htmlFor={inputId}>Deliverables (PDF, XLSX, CSV, DWG, ZIP or images)</label>
            <input
              id={inputId}
              type="file"
              multiple
              accept={ACCEPT}
              disabled={busy}
              onChange={(e) => {
                setFiles([...(e.target.files ?? [])]);
                setError(''); // a refusal was about the files chosen before (issue 17)
              }}
            />
          </div>
          {files.length > 0 && (
            <p>
              {files.length} file{files.length === 1 ? '' : 's'} selected: {files.map((f) => f.name).join(', ')}
            </p>
          )}
          {willAnswer && <p style={{ color: 'var(--muted)', fontSize: '.9rem' }}>The client is e-mailed that the estimate is ready.</p>}
          {progress !== null && <progress max={100} value={progress} aria-label="Upload progress" style={{ width: '100%' }} />}
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </Modal>
  );
}
