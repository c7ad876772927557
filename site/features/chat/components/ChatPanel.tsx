import { useQueryClient } from '@tanstack/react-query';
import { REQUEST_VIEWS } from '../../../lib/cache-keys.ts';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { Composer, type SlashReply } from './Composer.tsx';
import { useChatFile } from '../api.ts';
import { MessageList, type MessageListHandle } from './MessageList.tsx';
import type { ChatMessage, ChatRoom } from '../useChatRoom.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { rescueFocus } from '../../../ui/focus-rescue.ts';
import { useWorkspace, formatDateTime, StatusBadge } from '../../request/index.ts';
import { busyButton } from '../../../ui/busy-button.ts';
import type { ChatUser } from '../types.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';

// What the conversation opens on demand loads beside it, not with the page (first-load JavaScript,
// docs/performance.md): the internal notes below the messages and the saved replies of the
// composer's '/' are requested as the panel first renders; the 'Close Query' question (with the
// queue's status calls) when its button is reached.
let notesChunk: Promise<typeof import('../../desk/index.ts')> | undefined;
const loadNotes = () => (notesChunk ??= import('../../desk/index.ts'));
const NotesThread = lazy(() => loadNotes().then((m) => ({ default: m.NotesThread })));
const loadCloseDialog = () => import('./CloseQueryDialog.tsx');
const CloseQueryDialog = lazy(loadCloseDialog);
const SlashReplies = lazy(() => import('./SlashReplies.tsx'));

type Props = {
  queryId: string;
  room: ChatRoom;
  knownUser: (userId: string) => ChatUser | undefined;
  onBack: () => void;
  /** Opens another request of the workspace (the 'Next request' button). */
  onOpen?: (queryId: string) => void;
};

/** The open conversation of the admin chat: header, original query, messages, composer (docs/product.md §2). */
export function ChatPanel({ queryId, room, knownUser, onBack, onOpen }: Props) {
  const client = useQueryClient();
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [confirming, setConfirming] = useState(false);
  /** The close question is mounted from its first opening on, so it closes as a dialog does. */
  const [closeAsked, setCloseAsked] = useState(false);
  void loadNotes();
  const [closedHere, setClosedHere] = useState(false);
  // On a narrow header at large text, Close Query and Next fold behind a '⋮' button (admin-chat.css).
  const [actionsOpen, setActionsOpen] = useState(false);
  const actionsId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);
  const messagesRef = useRef<MessageListHandle>(null);

  // The same cached call as the request panel beside the chat: one request for both.
  const info = useWorkspace(queryId);
  const chatFile = useChatFile(queryId);
  useEffect(() => {
    if (info.isError) toast.error('Failed to load chat');
  }, [info.isError]);
  useEffect(() => {
    setReplyTo(null);
    setClosedHere(false);
  }, [queryId]);

  const query = info.data?.query;
  // Saved replies for the composer's '/' (SlashReplies.tsx).
  const [slashReplies, setSlashReplies] = useState<SlashReply[]>([]);
  const status = closedHere ? 'closed' : (room.queryStatus ?? query?.status);
  const isClosed = status === 'closed';
  const known = query ? knownUser(query.user._id) : undefined;
  // Presence frames are live; the list's flag covers the time before the first frame.
  const online = query ? (room.presence[query.user._id] ?? known?.online ?? false) : false;

  // docs/product.md §2: when loaded messages include a reply to a message of this query, scroll
  // smoothly to the replied-to message, centred. Done once after the history loads and
  // whenever the newest message is a reply, so ordinary new messages still show at the bottom.
  const lastId = room.messages.at(-1)?._id;
  const scrolledFor = useRef<string | null>(null);
  const scrolledAt = useRef<string | undefined>(undefined);
  useEffect(() => {
    // The room is shared by the screen: wait until it holds this query's loaded messages.
    if (room.loading || !room.messages.length || room.messages.some((m) => m.query !== queryId)) return;
    const initial = scrolledFor.current !== queryId;
    // Only a new last message (or a newly opened query) scrolls: a refetch of the same list does not.
    if (!initial && scrolledAt.current === lastId) return;
    scrolledFor.current = queryId;
    scrolledAt.current = lastId;
    const newest = room.messages.at(-1);
    const target = initial
      ? [...room.messages].reverse().find((m) => m.replyTo?.query === queryId)?.replyTo
      : newest?.replyTo?.query === queryId
        ? newest.replyTo
        : null;
    if (target) scrollToMessage(target._id);
  }, [room.loading, room.messages, lastId, queryId]);

  function scrollToMessage(id: string) {
    const el = document.getElementById(`msg-${id}`);
    if (!el) return;
    messagesRef.current?.showMessage(id);
    el.classList.add('msg-flash');
    setTimeout(() => el.classList.remove('msg-flash'), 1600);
  }

  const startReply = (m: ChatMessage) => {
    if (isClosed) return;
    setReplyTo(m);
    bodyRef.current?.parentElement?.querySelector<HTMLInputElement>('.composer-input')?.focus();
  };

  return (
    <section id="conversation" className="acp" aria-label="Conversation" tabIndex={-1}>
      <header className="acp-head">
        <button type="button" className="icon-btn acp-back" onClick={onBack} aria-label="Back to the list of chats">
          ←
        </button>
        {info.isPending ? (
          <span role="status">Loading user info...</span>
        ) : !query ? (
          <span>No user info found</span>
        ) : (
          <>
            <span className="acp-avatar">
              <Avatar name={(query.user.fullName || 'U').charAt(0)} image={known?.profileImage} size={40} />
              <span className={`acp-dot${online ? ' is-on' : ''}`} aria-hidden="true" />
            </span>
            {/* The project name leads (docs/product.md §11); the client's name and dot follow (§2). */}
            <span className="acp-who">
              {query.projectName && <strong className="acp-project">{query.projectName}</strong>}
              <span className={query.projectName ? 'acp-client' : undefined}>
                {query.projectName ? (
                  <span>{query.user.fullName || PRODUCT_TEXTS.unknownUser}</span>
                ) : (
                  <strong>{query.user.fullName || PRODUCT_TEXTS.unknownUser}</strong>
                )}
                <span className="acp-sep" aria-hidden="true">
                  {' · '}
                </span>
                <span className="acp-online">{online ? 'Online' : 'Offline'}</span>
              </span>
            </span>
            {status && <StatusBadge status={status} />}
            {(!isClosed || onOpen) && (
              <>
                {/* Shown only where the header is narrow for its text (a phone at large text): the
                    project, the client and the status keep to two lines, the actions open below. */}
                <button
                  type="button"
                  className="icon-btn acp-more"
                  aria-label="More actions"
                  aria-expanded={actionsOpen}
                  aria-controls={actionsId}
                  onClick={() => setActionsOpen((v) => !v)}
                >
                  ⋮
                </button>
                <span id={actionsId} className={`acp-actions${actionsOpen ? ' is-open' : ''}`}>
                  {!isClosed && (
                    <button
                      type="button"
                      className="btn btn-sm btn-danger acp-close"
                      onPointerEnter={() => void loadCloseDialog()}
                      onFocus={() => void loadCloseDialog()}
                      onClick={() => {
                        setCloseAsked(true);
                        setConfirming(true);
                      }}
                    >
                      Close Query
                    </button>
                  )}
                  {onOpen && <NextRequest queryId={queryId} onOpen={onOpen} />}
                </span>
              </>
            )}
          </>
        )}
      </header>
      <div
        className="acp-body"
        ref={bodyRef}
        onClick={(e) => {
          // A quoted reply links to #msg-{id}: scroll to it smoothly, centred, instead of jumping.
          const link = (e.target as HTMLElement).closest<HTMLAnchorElement>('a.msg-quote');
          if (!link) return;
          e.preventDefault();
          scrollToMessage(link.hash.replace(/^#msg-/, ''));
        }}
      >
        {room.loading ? (
          <p className="acp-note" role="status">
            Loading chats...
          </p>
        ) : (
          <MessageList
            ref={messagesRef}
            messages={room.messages}
            isMine={(m) => m.sender.role === 'admin'}
            emptyText={PRODUCT_TEXTS.noMessagesYet}
            onReply={isClosed ? undefined : startReply}
            header={
              query && (
                <div className="acp-original">
                  <span className="acp-original-label">Original query · {formatDateTime(query.createdAt)}</span>
                  <p>{query.message}</p>
                  {(query.service || query.subservice) && (
                    <span className="acp-original-meta">{[query.service?.title, query.subservice?.title].filter(Boolean).join(' › ')}</span>
                  )}
                </div>
              )
            }
          />
        )}
      </div>
      <Suspense fallback={null}>
        <NotesThread queryId={queryId} />
      </Suspense>
      {isClosed ? (
        <p className="acp-closed" role="status">
          This query is closed. No more messages can be sent.
        </p>
      ) : (
        <>
          {chatFile.status && (
            <p className="composer-upload" role="status">
              {chatFile.status}
            </p>
          )}
          <Suspense fallback={null}>
            <SlashReplies
              clientFullName={query?.user.fullName ?? ''}
              projectName={query?.projectName ?? null}
              bidDueDate={query?.bidDueDate ?? null}
              onReplies={setSlashReplies}
            />
          </Suspense>
          <Composer
            savedReplies={slashReplies}
            onSend={async (text, savedReplyId) => {
              const sent = await room.send(text, replyTo?._id ?? null, savedReplyId);
              if (sent) setReplyTo(null);
              return sent;
            }}
            onFile={chatFile.send}
            fileRule={chatFile.rule}
            disabled={!query}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
          />
        </>
      )}
      {closeAsked && (
        <Suspense fallback={null}>
          <CloseQueryDialog
            queryId={queryId}
            open={confirming}
            // 'Close Query' goes once the request is closed: the focus goes to the conversation, not to <body>.
            onClosing={() => rescueFocus(() => bodyRef.current?.querySelector<HTMLElement>('[role="log"]'))}
            onClosed={() => {
              setClosedHere(true);
              void client.invalidateQueries({ queryKey: REQUEST_VIEWS.admin });
            }}
            onDone={() => setConfirming(false)}
          />
        </Suspense>
      )}
    </section>
  );
}

/** docs/product.md §15: the next row of the queue's view the admin came from (remembered for the tab). */
function NextRequest({ queryId, onOpen }: { queryId: string; onOpen: (id: string) => void }) {
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      const { nextInQueue } = await import('../../queue/index.ts');
      const next = await nextInQueue(queryId);
      if (next) onOpen(next);
      else toast.info('This was the last request of the view.');
    } catch {
      toast.error('Failed to load the queue');
    } finally {
      setBusy(false);
    }
  };
  return (
    // On a phone it reads 'Next', so the status and both buttons share the header's second line.
    <button type="button" className="btn btn-sm btn-secondary acp-next" aria-label="Next request" {...busyButton(busy, () => void go())}>
      Next<span className="acp-next-more"> request</span>
    </button>
  );
}
