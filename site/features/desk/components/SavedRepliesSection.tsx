import { useId, useRef, useState } from 'react';
import { SAVED_REPLY_LIMITS } from '../../../../portal-api/src/modules/saved-replies/saved-replies.rules.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useCreateSavedReply, useDeleteSavedReply, useSavedReplies } from '../api.ts';
import './saved-replies-section.css';

/**
 * The firm's saved replies (docs/product.md §25), managed on /admin-service below the services:
 * a title, a body with {client_first_name}, {project_name} and {bid_due_date}, and files.
 * In a chat, '/' and the title inserts one.
 */
export function SavedRepliesSection() {
  const replies = useSavedReplies();
  const [deleting, setDeleting] = useState<{ _id: string; title: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const filesId = useId();
  const create = useCreateSavedReply({
    onSuccess: () => {
      form.current?.reset();
      toast.success('Saved reply created.');
    },
    onError: (err) => toast.error(err.message || 'Failed to save the reply'),
  });
  const remove = useDeleteSavedReply({
    onSuccess: () => toast.success('Saved reply deleted.'),
    onError: (err) => toast.error(err.message || 'Delete failed.'),
    onSettled: () => setDeleting(null),
  });
  return (
    <section className="saved-replies card" aria-labelledby="saved-replies-title">
      <h2 id="saved-replies-title">Saved replies</h2>
      <p className="muted">
        Shared by every admin. In a chat, type <kbd>/</kbd> and the title to insert one. The body may use {'{client_first_name}'},{' '}
        {'{project_name}'} and {'{bid_due_date}'}.
      </p>
      {replies.isPending ? (
        <p role="status">Loading saved replies…</p>
      ) : !replies.data?.length ? (
        <p className="muted">No saved replies yet.</p>
      ) : (
        <ul className="saved-reply-list">
          {replies.data.map((r) => (
            <li key={r._id}>
              <strong>{r.title}</strong>
              <p>{r.body}</p>
              {r.files.length > 0 && <span className="muted">Files: {r.files.map((f) => f.name).join(', ')}</span>}
              <button
                type="button"
                className="btn btn-sm btn-danger"
                onClick={() => setDeleting(r)}
                aria-label={`Delete saved reply ${r.title}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        ref={form}
        className="saved-reply-form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(new FormData(e.currentTarget));
        }}
      >
        <h3>New saved reply</h3>
        <label htmlFor={titleId}>Title</label>
        <input id={titleId} name="title" className="input" required maxLength={SAVED_REPLY_LIMITS.title} />
        <label htmlFor={bodyId}>Reply</label>
        <textarea id={bodyId} name="body" className="input" rows={4} required maxLength={SAVED_REPLY_LIMITS.body} />
        <label htmlFor={filesId}>Files (optional, up to {SAVED_REPLY_LIMITS.files})</label>
        <input id={filesId} name="files[]" type="file" multiple />
        <button type="submit" className="btn" disabled={create.isPending}>
          Save reply
        </button>
      </form>
      <ConfirmDialog
        open={!!deleting}
        title="Delete saved reply"
        message={`Delete the saved reply "${deleting?.title ?? ''}"?`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        danger
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting._id)}
      />
    </section>
  );
}
