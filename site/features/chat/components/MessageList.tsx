import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../lib/date-format.ts';
import type { ChatMessage } from '../useChatRoom.ts';
import './message-list.css';

type Props = {
  messages: ChatMessage[];
  /** True for the viewer's own messages (they sit on the right). */
  isMine: (message: ChatMessage) => boolean;
  /** Text shown when there is nothing yet ('No messages to show' / 'No messages yet'). */
  emptyText: string;
  /** Double-click (or Enter on a focused message) starts a reply, when given. */
  onReply?: (message: ChatMessage) => void;
  /** Rendered above the messages (the admin chat shows the original query). */
  header?: React.ReactNode;
};

/** The messages of one chat, oldest first, scrolled to the newest on change. Elements carry id msg-{_id}. */
export function MessageList({ messages, isMine, emptyText, onReply, header }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?._id;
  // Scroll the list itself (not the page) to the newest message.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);

  return (
    // Focusable, so a keyboard can scroll the history (axe scrollable-region-focusable, WCAG 2.1.1).
    <div ref={list} className="msg-list" role="log" aria-live="polite" aria-label="Messages" tabIndex={0}>
      {header}
      {messages.length === 0 && <p className="msg-empty">{emptyText}</p>}
      {messages.map((m) => {
        const mine = isMine(m);
        return (
          <div
            key={m._id}
            id={`msg-${m._id}`}
            className={`msg ${mine ? 'msg-mine' : 'msg-theirs'}`}
            tabIndex={onReply ? 0 : undefined}
            onDoubleClick={onReply ? () => onReply(m) : undefined}
            onKeyDown={onReply ? (e) => e.key === 'Enter' && onReply(m) : undefined}
            title={onReply ? 'Double-click to reply' : undefined}
          >
            <span className="msg-who">{mine ? 'You' : m.sender.role === 'admin' ? 'Estimating team' : m.sender.fullName}</span>
            {m.replyTo && (
              <a className="msg-quote" href={`#msg-${m.replyTo._id}`}>
                {m.replyTo.message}
              </a>
            )}
            {m.file ? <MessageFile file={m.file} text={m.message} /> : <p className="msg-text">{m.message}</p>}
            <time className="msg-time" dateTime={m.createdAt}>
              {formatDateTime(m.createdAt)}
            </time>
          </div>
        );
      })}
    </div>
  );
}

type MessageFileProps = { file: NonNullable<ChatMessage['file']>; text: string };

/** A file sent in the chat: an image as a thumbnail, anything else by name; both download through the signed link. */
function MessageFile({ file, text }: MessageFileProps) {
  const isImage = file.type.startsWith('image/') && file.type !== 'image/vnd.dwg';
  return (
    <>
      {isImage && <img className="msg-thumb" src={file.url} alt={file.name} loading="lazy" />}
      <a className="msg-file" href={file.url} download={file.name}>
        Download {file.name}
      </a>
      {text !== file.name && <p className="msg-text">{text}</p>}
    </>
  );
}
