import { useId, useState } from 'react';
import { NOTE_MAX } from '../../../../portal-api/src/modules/notes/notes.rules.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { CharCount } from '../../../ui/CharCount.tsx';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useAddNote, useNotes } from '../api.ts';
import './notes-thread.css';

/** Room for the open thread: at least 48 rem wide and 40 rem tall, in the page's own rem. */
const roomy = () => {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return window.innerHeight / rem >= 40 && window.innerWidth / rem >= 48;
};

/**
 * Internal notes beside a request's messages (docs/product.md §25): the admins' own thread, in
 * its own colour, which the client never sees. '@Name' tells that admin.
 */
export function NotesThread({ queryId }: { queryId: string }) {
  const notes = useNotes(queryId);
  const [text, setText] = useState('');
  const inputId = useId();
  const countId = useId();
  const add = useAddNote(queryId, {
    onSuccess: () => setText(''),
    onError: (err) => toast.error(err.message || 'Failed to save the note'),
  });
  const tooLong = text.trim().length > NOTE_MAX;
  // Open where the screen has room; closed on a phone or under 40 rem tall (a short window, or text
  // at 200 %), where the open thread left the conversation a line or two.
  const [open, setOpen] = useState(roomy);
  return (
    <details className="notes" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Internal notes{notes.data?.length ? ` (${notes.data.length})` : ''} <span className="notes-hint">· only admins see these</span>
      </summary>
      <ol className="notes-list" aria-label="Internal notes">
        {notes.data?.map((n) => (
          <li key={n._id} className="note">
            <span className="note-meta">
              {n.author?.fullName ?? 'A former admin'} · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
            </span>
            <p>{n.body}</p>
          </li>
        ))}
      </ol>
      <form
        className="notes-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() && !tooLong) add.mutate(text.trim());
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Internal note
        </label>
        <textarea
          id={inputId}
          className="input"
          rows={2}
          placeholder="Internal note (@Name alerts a colleague)"
          value={text}
          aria-describedby={countId}
          aria-invalid={tooLong || undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-sm" disabled={!text.trim() || tooLong || add.isPending}>
          Add note
        </button>
      </form>
      <CharCount id={countId} value={text.trim()} max={NOTE_MAX} />
    </details>
  );
}
