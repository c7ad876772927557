import { useId, useRef, useState } from 'react';
import { MAX_CHAT_MESSAGE } from '../../../../portal-api/src/modules/chats/chats.limits.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import { CharCount } from '../../../ui/CharCount.tsx';
import { rescueFocus } from '../../../ui/focus-rescue.ts';
import { repliesMatching } from '../../../../portal-api/src/modules/saved-replies/saved-replies.rules.ts';
import { acceptOf, type FileKindRule, hasAcceptedName, refusalOf } from '../../../../portal-api/src/shared/file-kinds.ts';
import { toast } from '../../../ui/toast-on-demand.ts';
import './composer.css';

/** A saved reply the composer offers after '/' (docs/product.md §25): its text as filled for this request. */
export type SlashReply = { _id: string; title: string; text: string; hasFiles: boolean };

/** The file button: what picking a file does (docs/product.md §16), and the upload rule the file must meet first. */
type FileProps =
  | {
      /** docs/product.md §2: the file button has no upload; the screen decides what picking a file does. */
      onFile: (file: File) => void;
      /** The sender's upload rule (uploadRuleOf): the picker offers its kinds, and any other name is refused here. */
      fileRule: FileKindRule;
    }
  | { onFile?: undefined; fileRule?: undefined };

type Props = FileProps & {
  /** Resolves true once the server has the message (its echo came back); false leaves the text in the box. */
  onSend: (text: string, savedReplyId?: string) => Promise<boolean>;
  /** Admin chats: typing '/' and a title offers these; the chosen one's files go with the message. */
  savedReplies?: SlashReply[];
  disabled?: boolean;
  /** Admin replies: 'Reply to:' preview with a cancel control. */
  replyTo?: { message: string } | null;
  onCancelReply?: () => void;
};

/** The chat input: text box (Enter sends), file button, send button disabled while blank. */
export function Composer({ onSend, onFile, fileRule, disabled, replyTo, onCancelReply, savedReplies }: Props) {
  const [text, setText] = useState('');
  // The saved reply inserted into the box, until it is sent or the box is emptied.
  const [chosen, setChosen] = useState<SlashReply | null>(null);
  const [highlight, setHighlight] = useState(0);
  const listId = useId();
  const suggestions = savedReplies ? repliesMatching(text, savedReplies).slice(0, 8) : [];
  const pick = (reply: SlashReply) => {
    setText(reply.text);
    setChosen(reply);
    setHighlight(0);
  };
  // From Enter until the server's echo: the text stays, read-only, and a second Enter sends nothing.
  const [sending, setSending] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const countId = useId();
  const tooLong = text.trim().length > MAX_CHAT_MESSAGE;
  const submit = async () => {
    const message = text.trim();
    if (!message || disabled || sending) return; // docs/product.md §5: blank text is not sent
    if (tooLong) return; // refused, not cut: the counter below says by how much
    setSending(true);
    const sent = await onSend(message, chosen?.hasFiles ? chosen._id : undefined);
    setSending(false);
    // Cleared only once the server has it; not sent (no connection, refused, no answer), it stays to send again.
    if (sent) {
      setText('');
      setChosen(null);
    }
  };
  return (
    <div className="composer">
      {replyTo && (
        <div className="composer-reply">
          <span>
            <strong>Reply to:</strong> {replyTo.message}
          </span>
          <button
            type="button"
            className="btn-link"
            onClick={() => {
              // The preview and this button go: the focus goes on to the message box, not to <body>.
              document.getElementById(inputId)?.focus();
              onCancelReply?.();
            }}
            aria-label="Cancel reply"
          >
            ×
          </button>
        </div>
      )}
      <form
        className="composer-row"
        aria-busy={sending || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          // Sent by the Send button, which is disabled once the box is empty: the focus goes back to
          // the box (the next message; a phone's keyboard stays open), not to <body>.
          rescueFocus(() => document.getElementById(inputId));
          void submit();
        }}
      >
        {onFile && fileRule && (
          <>
            <button
              type="button"
              className="composer-icon"
              onClick={() => fileRef.current?.click()}
              aria-label="Attach a file"
              disabled={disabled}
            >
              <svg
                viewBox="0 0 24 24"
                width="20"
                height="20"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48" />
              </svg>
            </button>
            <input
              ref={fileRef}
              type="file"
              hidden
              accept={acceptOf(fileRule)}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                // A kind the server would refuse is refused by its name, with the server's sentence
                // (as the request form's picker does), before anything is uploaded.
                if (!hasAcceptedName(file.name, fileRule)) toast.error(refusalOf(file.name, fileRule));
                else onFile(file);
              }}
            />
          </>
        )}
        <label htmlFor={inputId} className="sr-only">
          Message
        </label>
        <input
          id={inputId}
          className="input composer-input"
          placeholder="Type a message"
          value={text}
          aria-describedby={countId}
          aria-invalid={tooLong || undefined}
          disabled={disabled}
          readOnly={sending}
          autoComplete="off"
          onChange={(e) => {
            setText(e.target.value);
            setHighlight(0);
            if (!e.target.value.trim()) setChosen(null);
          }}
          onKeyDown={(e) => {
            if (!suggestions.length) return;
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              setHighlight((h) => (h + (e.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
            } else if (e.key === 'Enter' || e.key === 'Tab') {
              // Enter inserts the highlighted reply instead of sending '/title'.
              e.preventDefault();
              pick(suggestions[highlight] ?? suggestions[0]!);
            }
          }}
        />
        <button type="submit" className="btn composer-send" disabled={disabled || !text.trim() || tooLong} {...busyButton(sending)}>
          <svg
            className="composer-send-icon"
            viewBox="0 0 24 24"
            width="24"
            height="24"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z" />
          </svg>
          <span className="composer-send-text">Send</span>
        </button>
      </form>
      {savedReplies && suggestions.length > 0 && (
        <ul id={listId} role="listbox" className="composer-slash" aria-label="Saved replies">
          {suggestions.map((r, i) => (
            <li
              key={r._id}
              role="option"
              aria-selected={i === highlight}
              onMouseDown={(e) => {
                e.preventDefault(); // keeps the focus in the box
                pick(r);
              }}
            >
              <strong>{r.title}</strong>
              {r.hasFiles && <span> · with files</span>}
            </li>
          ))}
        </ul>
      )}
      <CharCount id={countId} value={text.trim()} max={MAX_CHAT_MESSAGE} />
    </div>
  );
}
