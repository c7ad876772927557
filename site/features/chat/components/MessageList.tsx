import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../lib/date-format.ts';
import type { ChatMessage } from '../useChatRoom.ts';

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
      <style>{`
        .msg-list { display: flex; flex-direction: column; gap: .6rem; padding: 1rem; overflow-y: auto; flex: 1; min-height: 0; }
        .msg-empty { color: var(--muted); text-align: center; margin: auto; }
        .msg-thumb { display: block; max-width: min(100%, 240px); max-height: 180px; border-radius: 8px; margin: .3rem 0; object-fit: cover; }
        .msg-file { display: inline-block; margin: .2rem 0; font-weight: 600; overflow-wrap: anywhere; }
        .msg { max-width: min(75%, 560px); padding: .55rem .8rem; border-radius: 12px; background: #fff; border: 1px solid var(--line); box-shadow: 0 1px 2px rgb(0 0 0 / 4%); }
        .msg-mine { align-self: flex-end; background: var(--navy); color: #fff; border-color: var(--navy); }
        .msg-theirs { align-self: flex-start; }
        .msg-who { display: block; font-size: .75rem; font-weight: 700; opacity: .8; }
        .msg-text { margin: .15rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .msg-time { display: block; font-size: .72rem; opacity: .75; text-align: right; }
        .msg-quote { display: block; font-size: .82rem; border-left: 3px solid var(--orange); padding: .1rem .5rem; margin: .25rem 0; color: inherit; opacity: .85; text-decoration: none; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .msg:focus-visible { outline: 3px solid var(--orange); }
        .msg-list:focus-visible { outline: 3px solid var(--orange); outline-offset: -3px; }
      `}</style>
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
