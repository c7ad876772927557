import { useId, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useAttachDeliverables } from '../api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useLeaveGuard } from '../../../lib/leave-guard.ts';
import { describeProgress, overallPercent, UPLOAD_WAITING, useResumableUploads } from '../../../lib/resumable-uploads.ts';
import { formatBytes } from '../../../../portal-api/src/shared/byte-size.ts';
import { acceptOf, hasAcceptedName, refusalOf } from '../../../../portal-api/src/shared/file-kinds.ts';
import { Modal } from '../../../ui/Modal.tsx';
import type { QueueRequest } from './StatusActions.tsx';
import { useStatusChange } from './use-status-change.ts';
import { firstWords } from '../../../lib/truncate.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import { CHANGE_NOTE_MAX } from '../../../../portal-api/src/modules/queries/queries.labels.ts';
import './answer-dialog.css';

const ACCEPT = acceptOf('deliverable');

type Props = { query: QueueRequest | null; onClose: () => void };

/**
 * Answering a request (docs/product.md §12): attach the deliverables (takeoff PDF, XLSX/CSV
 * cost breakdown, marked-up plans, ZIP), then mark the query answered, which
 * e-mails the client. An answered query can take more files ("Add files").
 * Each file goes up on its own through tus (docs/product.md §14), with its progress, speed
 * and time left; a dropped connection or a reload resumes when the same file is
 * picked again. The deliverables are attached once every upload is complete.
 */
export function AnswerDialog({ query, onClose }: Props) {
  const attachDeliverables = useAttachDeliverables();
  const change = useStatusChange();
  const inputId = useId();
  const noteId = useId();
  const [files, setFiles] = useState<File[]>([]);
  // What this revision changed (docs/product.md §12), shown with its Rev letter and in the 'estimate ready' mail.
  const [note, setNote] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  // The files already attached by this dialog: a failed status change is retried without sending them again.
  const [attached, setAttached] = useState<File[] | null>(null);
  const uploads = useResumableUploads(useAuth((s) => s.token));
  const picked = files.map((file, i) => ({ id: `${i}-${file.name}-${file.size}-${file.lastModified}`, file }));
  const willAnswer = query?.status === 'in_progress';
  const existing = query?.deliverables ?? [];
  const busy = progress !== null || change.isPending;
  // Leaving while deliverables upload or the answer is saved asks first.
  useLeaveGuard(busy);

  const close = () => {
    if (busy) return;
    setFiles([]);
    setAttached(null);
    setError('');
    setNote('');
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
      if (files.length && attached !== files) {
        setProgress(0);
        const uploadIds = await uploads.uploadAll(picked);
        const res = await attachDeliverables(query._id, uploadIds);
        setAttached(files);
        setProgress(null);
        if (!willAnswer) toast.success(res.message);
      }
      if (willAnswer) await change.mutateAsync({ id: query._id, status: 'answered', note });
      setFiles([]);
      setAttached(null);
      setNote('');
      onClose();
    } catch (err) {
      setProgress(null);
      // The server's message (ApiError), or the upload's own sentence naming the file.
      setError(uploads.failureOf(err, PRODUCT_TEXTS.somethingWrong));
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
            {query.user.fullName} · {query.projectName || firstWords(query.subject || query.message, 8)} ·{' '}
            {query.subservice?.title ?? query.service?.title ?? 'No service'}
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
                const chosen = [...(e.target.files ?? [])];
                setFiles(chosen.filter((f) => hasAcceptedName(f.name, 'deliverable')));
                setAttached(null);
                // A refusal was about the files chosen before; a file of another kind is refused now,
                // with the server's sentence, instead of after its upload.
                const refused = chosen.filter((f) => !hasAcceptedName(f.name, 'deliverable'));
                setError(refused.map((f) => refusalOf(f.name, 'deliverable')).join(' '));
              }}
            />
          </div>
          {files.length > 0 && (
            <p>
              {files.length} file{files.length === 1 ? '' : 's'} selected: {files.map((f) => f.name).join(', ')}
            </p>
          )}
          {progress !== null && (
            <ul className="answer-uploads" aria-label="Deliverable uploads">
              {picked.map((f) => {
                const p = uploads.progress[f.id];
                return (
                  <li key={f.id}>
                    <span className="answer-upload-name">
                      {f.file.name} <small>{formatBytes(f.file.size)}</small>
                    </span>
                    <small className="answer-upload-status" aria-live="polite">
                      {p ? describeProgress(p) : 'Waiting…'}
                    </small>
                    <progress max={p?.total || 1} value={p?.sent ?? 0} aria-label={`Upload of ${f.file.name}`} />
                  </li>
                );
              })}
            </ul>
          )}
          {willAnswer && (
            <div className="field">
              <label htmlFor={noteId}>Change note (optional)</label>
              <textarea
                id={noteId}
                rows={3}
                maxLength={CHANGE_NOTE_MAX}
                value={note}
                disabled={busy}
                placeholder="What this revision changed, e.g. 'Added the parking deck; updated the rebar schedule.'"
                onChange={(e) => setNote(e.target.value)}
              />
            </div>
          )}
          {willAnswer && <p style={{ color: 'var(--muted)', fontSize: '.9rem' }}>The client is e-mailed that the estimate is ready.</p>}
          {progress !== null && (
            <progress max={100} value={overallPercent(uploads.progress, picked)} aria-label="Upload progress" style={{ width: '100%' }} />
          )}
          {uploads.waiting && <p role="status">{UPLOAD_WAITING}</p>}
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
