import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { requestKeys, useMyQueries, ChatQuoteCard, RequestPanel, StatusBadge, usePanelPlace } from '../../request/index.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useProgressiveCount } from '../../../lib/progressive.ts';
import { idFromPath, paths } from '../../../lib/routes.ts';
import { sidebarQueryTitle } from '../../../lib/truncate.ts';
import { Composer } from './Composer.tsx';
import { useChatFile } from '../api.ts';
import { MessageList } from './MessageList.tsx';
import { useChatRoom, type ChatMessage } from '../useChatRoom.ts';
import { useUnread } from '../../../shell/unread-store.ts';
import { useMarkRead } from '../../../shell/use-unread-socket.ts';
import { PortalShell } from '../../../shell/PortalShell.tsx';
import type { MyQuery } from '../../../../portal-api/src/modules/queries/queries.schema.ts';
import './chat.css';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';
import { CHAT_CLOSED, CHAT_NOT_YOURS } from '../../../../portal-api/src/modules/chats/chats.labels.ts';
import { rescueFocus } from '../../../ui/focus-rescue.ts';

/** /chat and /chat/{id} (docs/product.md §2): the client's queries on the left, the live chat of one on the right. */
export function ChatScreen() {
  return (
    <PortalShell>
      <ClientChat />
    </PortalShell>
  );
}

/** docs/product.md §2: closed queries last; otherwise the newest first, as the API answers. */
function byClosedLast(list: MyQuery[]): MyQuery[] {
  return [...list].sort((a, b) => Number(a.status === 'closed') - Number(b.status === 'closed'));
}

/** The conversation's title: the project name, then the query's own title. */
function headTitle(q: MyQuery): string {
  return `${q.projectName ? `${q.projectName} · ` : ''}${sidebarQueryTitle(q.message)}`;
}

function ClientChat() {
  const queryClient = useQueryClient();
  const userId = useAuth((s) => s.userId);
  const { data, error, isPending } = useMyQueries();
  const queries = useMemo(() => byClosedLast(data ?? []), [data]);
  const [selectedId, setSelectedId] = useState<string | undefined>(() => idFromPath('chat'));
  // Under 768 px one pane shows at a time (docs/product.md §2: back arrow and a list/window toggle).
  const [pane, setPane] = useState<'list' | 'window'>(() => (idFromPath('chat') ? 'window' : 'list'));

  const select = useCallback((id: string, mode: 'push' | 'replace' = 'push') => {
    const url = paths.chat(id);
    if (window.location.pathname !== url) window.history[mode === 'push' ? 'pushState' : 'replaceState']({}, '', url);
    setSelectedId(id);
  }, []);

  useEffect(() => {
    const onPop = () => setSelectedId(idFromPath('chat'));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  // docs/product.md §2: with no id in the address it goes to the first query.
  useEffect(() => {
    if (!selectedId && queries[0]) select(queries[0]._id, 'replace');
  }, [selectedId, queries, select]);

  const selected = queries.find((q) => q._id === selectedId);
  // An id in the address that the list, once in, does not hold: say so instead of an empty chat.
  const notYours = Boolean(selectedId) && !selected && data !== undefined;
  const shown = useProgressiveCount(queries.length);
  const room = useChatRoom(selected?._id);
  const chatFile = useChatFile(selected?._id);
  const status = room.queryStatus ?? selected?.status;
  const isClosed = status === 'closed';

  // A live status change (queryStatus frame) also updates the list: '(Closed)' and its order.
  useEffect(() => {
    if (!room.queryStatus || !selected) return;
    queryClient.setQueryData<MyQuery[]>(requestKeys.mine, (list) =>
      list?.map((q) => (q._id === selected._id ? { ...q, status: room.queryStatus as MyQuery['status'] } : q)),
    );
  }, [room.queryStatus, selected, queryClient]);

  // Each row of /queries/me carries its last message and unread count (one call for the list).
  const lastFor = (q: MyQuery): string | undefined =>
    q._id === selected?._id && room.messages.length ? room.messages.at(-1)!.message : q.lastMessage?.text;
  const liveUnread = useUnread((s) => (s.total === null ? null : s.byQuery));
  const unreadFor = (q: MyQuery) => (q._id === selected?._id ? 0 : liveUnread ? (liveUnread[q._id] ?? 0) : q.unread);
  useMarkRead(selected?._id, !room.loading);
  // A new reply in another request: refresh the list for its last line.
  const lastEvent = useUnread((s) => s.lastEvent);
  useEffect(() => {
    if (lastEvent && lastEvent.count > 0 && lastEvent.queryId !== selected?._id)
      void queryClient.invalidateQueries({ queryKey: requestKeys.mine });
  }, [lastEvent, selected?._id, queryClient]);

  // Under 768 px the back arrow hides the conversation: the focus goes to the list, on the open
  // query (or the list's heading), not to <body>.
  const listPane = useRef<HTMLElement>(null);
  const back = () => {
    rescueFocus(
      () => listPane.current?.querySelector<HTMLElement>('.cchat-item[aria-current]') ?? listPane.current?.querySelector<HTMLElement>('h1'),
    );
    setPane('list');
  };

  // The request's details come before the conversation where they fold above it, after it where
  // they sit beside it (usePanelPlace, docs/product.md §10).
  const { onFolded, inPageOrder } = usePanelPlace();

  // docs/product.md §4: a message is 'me' when its sender id is the user's id (else the estimating team).
  const isMine = (m: ChatMessage) => (userId ? m.sender._id === userId : m.sender.role === 'client');

  const conversation = (
    <section key="conversation" className="cchat-window" aria-label="Conversation">
      <header className="cchat-head">
        <button type="button" className="cchat-back" aria-label="Back to the list of queries" onClick={back}>
          ←
        </button>
        {selected ? (
          <div className="cchat-head-text">
            {/* The project name leads; the selected query (docs/product.md §2) follows. Cut to a
                line or two on a narrow screen: the whole title shows on pointing at it. */}
            <h2 title={headTitle(selected)}>{headTitle(selected)}</h2>
            <span className="cchat-head-meta">
              <span className="cchat-head-service">
                {[selected.service?.title, selected.subservice?.title].filter(Boolean).join(' · ')}
              </span>
              <span className="cchat-head-status">
                {status && <StatusBadge status={status} />}
                <span className={`cchat-dot${room.connected ? ' is-on' : ''}`} title={room.connected ? 'Connected' : 'Reconnecting…'}>
                  <span className="sr-only">{room.connected ? 'Connected' : 'Reconnecting…'}</span>
                </span>
              </span>
            </span>
          </div>
        ) : (
          <h2>{notYours ? CHAT_NOT_YOURS.title : 'Select a query'}</h2>
        )}
      </header>
      {selected ? (
        <>
          {/* The log (a live region) mounts once the history is in, so opening a chat does not read it all out (as the admin chat). */}
          {room.loading ? (
            <p className="cchat-loading" role="status">
              Loading…
            </p>
          ) : (
            <MessageList messages={room.messages} isMine={isMine} emptyText="No messages to show" />
          )}
          <ChatQuoteCard queryId={selected._id} />
          {isClosed ? (
            <p className="cchat-closed" role="status">
              {CHAT_CLOSED}
            </p>
          ) : (
            <>
              {chatFile.status && (
                <p className="composer-upload" role="status">
                  {chatFile.status}
                </p>
              )}
              {/* The file button attaches through the resumable upload (docs/product.md §16). */}
              <Composer onSend={(text) => room.send(text)} onFile={chatFile.send} fileRule={chatFile.rule} />
            </>
          )}
        </>
      ) : (
        <div className="cchat-empty">{notYours ? <p role="alert">{CHAT_NOT_YOURS.text}</p> : <p>No messages to show</p>}</div>
      )}
    </section>
  );
  const details = selected && (
    <RequestPanel
      key={selected._id}
      queryId={selected._id}
      role="client"
      liveStatus={room.queryStatus}
      liveStamp={room.lifecycleStamp}
      onFolded={onFolded}
    />
  );

  return (
    <div className="cchat-frame">
      <div className={`cchat pane-${pane}`}>
        <div className="cchat-toggle" role="group" aria-label="Show">
          <button type="button" aria-pressed={pane === 'list'} onClick={() => setPane('list')}>
            Queries
          </button>
          <button type="button" aria-pressed={pane === 'window'} onClick={() => setPane('window')}>
            Chat
          </button>
        </div>
        <aside ref={listPane} className="cchat-list" aria-label="Your queries">
          <h1 className="cchat-title" tabIndex={-1}>
            Chats
          </h1>
          {error ? (
            <p className="error-text" role="alert">
              Error: {error.message || PRODUCT_TEXTS.myQueriesFailed}
            </p>
          ) : isPending ? (
            <p role="status">Loading…</p>
          ) : queries.length === 0 ? (
            <p className="cchat-none">
              {PRODUCT_TEXTS.noQueriesFound} <a href={paths.request}>Submit your first request</a>
            </p>
          ) : (
            <ul>
              {queries.slice(0, shown).map((q) => {
                const last = lastFor(q);
                const unread = unreadFor(q);
                return (
                  <li key={q._id}>
                    <button
                      type="button"
                      className="cchat-item"
                      aria-current={q._id === selected?._id ? 'true' : undefined}
                      onClick={() => {
                        select(q._id);
                        setPane('window');
                      }}
                    >
                      <span className="cchat-item-title">
                        {/* The project name leads; the query message stays (docs/product.md §2). */}
                        {q.projectName && <>{q.projectName} · </>}
                        {sidebarQueryTitle(q.message)}
                        {q.status === 'closed' && <em> (Closed)</em>}
                      </span>
                      <span className="cchat-item-last">
                        <span className="cchat-item-text">{last ?? PRODUCT_TEXTS.noMessagesYet}</span>
                        {unread > 0 && (
                          <span className="cchat-unread">
                            {unread}
                            <span className="sr-only"> unread</span>
                          </span>
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </aside>
        {inPageOrder(conversation, details)}
      </div>
    </div>
  );
}
