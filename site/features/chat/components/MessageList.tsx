import { useImperativeHandle, useLayoutEffect, useRef } from 'react';
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
  ref?: React.Ref<MessageListHandle>;
};

export type MessageListHandle = {
  /** Scrolls smoothly to message `id`, centred: the list no longer follows the newest message, until the reader is back at it. */
  showMessage: (id: string) => void;
};

/** How near the end (px) the reader counts as at the newest message: a pixel or two of rounding is no scroll up. */
const AT_NEWEST_PX = 16;

/**
 * The messages of one chat, oldest first. Elements carry id msg-{_id}. The list opens at the newest
 * message and goes to each new one (docs/product.md §2); between messages it stays at the newest
 * while the reader is there, as its box or its messages change size (the internal notes mounting
 * below it, the request's details folding open above it, an image loading). A reader scrolled up
 * to older messages keeps their place until the next message comes.
 */
export function MessageList({ messages, isMine, emptyText, onReply, header, ref }: Props) {
  const list = useRef<HTMLDivElement>(null);
  const atNewest = useRef(true);
  // Where the list's own last move to the end left it: the scroll event of that move says nothing of
  // the reader, and may come after a move to a message was asked for.
  const movedTo = useRef<number | null>(null);
  const scrollToEnd = (el: HTMLElement | null) => {
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    movedTo.current = el.scrollTop;
    atNewest.current = true;
  };
  useImperativeHandle(
    ref,
    () => ({
      showMessage: (id) => {
        const el = document.getElementById(`msg-${id}`);
        if (!el) return;
        atNewest.current = false;
        requestAnimationFrame(() => el.scrollIntoView({ behavior: 'smooth', block: 'center' }));
      },
    }),
    [],
  );
  const newestId = messages.at(-1)?._id;
  // A new newest message scrolls to it (docs/product.md §2: the list scrolls to the bottom on
  // change), whoever sent it and wherever the reader was; a re-render of the same list does not.
  useLayoutEffect(() => {
    scrollToEnd(list.current);
  }, [newestId]);
  // A change of size moves the end, not the scroll position: at the newest message, follow it. Each
  // message is observed as well as the box, as a message growing (an image) leaves the box's size.
  const sizes = useRef<ResizeObserver | null>(null);
  const observed = useRef(new WeakSet<Element>());
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = (sizes.current = new ResizeObserver(() => {
      if (atNewest.current) scrollToEnd(el);
    }));
    observed.current = new WeakSet();
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    for (const child of list.current?.children ?? []) {
      if (!sizes.current || observed.current.has(child)) continue;
      observed.current.add(child);
      sizes.current.observe(child);
    }
  });

  return (
    // Focusable, so a keyboard can scroll the history (axe scrollable-region-focusable, WCAG 2.1.1).
    <div
      ref={list}
      className="msg-list"
      role="log"
      aria-live="polite"
      aria-label="Messages"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        const own = movedTo.current === el.scrollTop;
        movedTo.current = null;
        if (own) return;
        atNewest.current = el.scrollHeight - el.scrollTop - el.clientHeight <= AT_NEWEST_PX;
      }}
    >
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
