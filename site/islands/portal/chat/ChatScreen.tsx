import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { idFromPath, paths } from '../../../lib/routes.ts';
import { sidebarQueryTitle } from '../../../lib/truncate.ts';
import { Composer } from '../../chat/Composer.tsx';
import { MessageList } from '../../chat/MessageList.tsx';
import { useChatRoom, type ChatMessage } from '../../chat/useChatRoom.ts';
import { PortalShell } from '../PortalShell.tsx';
import { StatusBadge, type Query } from '../query-format.tsx';
import './chat.css';

const CLOSED_TEXT = 'This conversation is closed. You cannot send more messages.';

/** /chat and /chat/{id} (SPEC §2): the client's queries on the left, the live chat of one on the right. */
export function ChatScreen() {
  return (
    <PortalShell>
      <ClientChat />
    </PortalShell>
  );
}

/** SPEC §2: closed queries last; otherwise the newest first, as the API answers. */
function byClosedLast(list: Query[]): Query[] {
  return [...list].sort((a, b) => Number(a.status === 'closed') - Number(b.status === 'closed'));
}

function ClientChat() {
  const queryClient = useQueryClient();
  const userId = useAuth((s) => s.userId);
  const { data, error, isPending } = useQuery({ queryKey: ['queries', 'me'], queryFn: () => api<{ data: Query[] }>('/queries/me').then((r) => r.data) });
  const queries = useMemo(() => byClosedLast(data ?? []), [data]);
  const [selectedId, setSelectedId] = useState<string | undefined>(() => idFromPath('chat'));
  // Under 768 px one pane shows at a time (SPEC §2: back arrow and a list/window toggle).
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

  // SPEC §2: with no id in the address it goes to the first query.
  useEffect(() => {
    if (!selectedId && queries[0]) select(queries[0]._id, 'replace');
  }, [selectedId, queries, select]);

  const selected = queries.find((q) => q._id === selectedId);
  const room = useChatRoom(selected?._id);
  const status = room.queryStatus ?? selected?.status;
  const isClosed = status === 'closed';

  // A live status change (queryStatus frame) also updates the list: '(Closed)' and its order.
  useEffect(() => {
    if (!room.queryStatus || !selected) return;
    queryClient.setQueryData<Query[]>(['queries', 'me'], (list) =>
      list?.map((q) => (q._id === selected._id ? { ...q, status: room.queryStatus as Query['status'] } : q)),
    );
  }, [room.queryStatus, selected, queryClient]);

  const lastMessages = useQueries({
    queries: queries.map((q) => ({
      queryKey: ['chat-last', q._id],
      queryFn: () => api<ChatMessage[]>(`/chats/query/${encodeURIComponent(q._id)}/message`).then((list) => list.at(-1) ?? null),
      staleTime: 60_000,
    })),
  });
  const lastFor = (q: Query, i: number): string | undefined =>
    q._id === selected?._id && room.messages.length ? room.messages.at(-1)!.message : lastMessages[i]?.data?.message;

  // SPEC §4: a message is 'me' when its sender id is the user's id (else the estimating team).
  const isMine = (m: ChatMessage) => (userId ? m.sender._id === userId : m.sender.role === 'client');

  return (
    <div className={`cchat pane-${pane}`}>
      <div className="cchat-toggle" role="group" aria-label="Show">
        <button type="button" aria-pressed={pane === 'list'} onClick={() => setPane('list')}>
          Queries
        </button>
        <button type="button" aria-pressed={pane === 'window'} onClick={() => setPane('window')}>
          Chat
        </button>
      </div>
      <aside className="cchat-list" aria-label="Your queries">
        <h1 className="cchat-title">Chats</h1>
        {error ? (
          <p className="error-text" role="alert">
            Error: {error.message || 'Failed to fetch your queries'}
          </p>
        ) : isPending ? (
          <p role="status">Loading…</p>
        ) : queries.length === 0 ? (
          <p className="cchat-none">No queries found.</p>
        ) : (
          <ul>
            {queries.map((q, i) => {
              const last = lastFor(q, i);
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
                      {sidebarQueryTitle(q.message)}
                      {q.status === 'closed' && <em> (Closed)</em>}
                    </span>
                    <span className="cchat-item-last">{last ?? 'No messages yet'}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </aside>
      <section className="cchat-window" aria-label="Conversation">
        <header className="cchat-head">
          <button type="button" className="cchat-back" aria-label="Back to the list of queries" onClick={() => setPane('list')}>
            ←
          </button>
          {selected ? (
            <div className="cchat-head-text">
              <h2>{sidebarQueryTitle(selected.message)}</h2>
              <span className="cchat-head-meta">
                {[selected.service?.title, selected.subservice?.title].filter(Boolean).join(' · ')} {status && <StatusBadge status={status} />}
                <span className={`cchat-dot${room.connected ? ' is-on' : ''}`} title={room.connected ? 'Connected' : 'Reconnecting…'}>
                  <span className="sr-only">{room.connected ? 'Connected' : 'Reconnecting…'}</span>
                </span>
              </span>
            </div>
          ) : (
            <h2>Select a query</h2>
          )}
        </header>
        {selected ? (
          <>
            <MessageList messages={room.messages} isMine={isMine} emptyText={room.loading ? 'Loading…' : 'No messages to show'} />
            {isClosed ? (
              <p className="cchat-closed" role="status">
                {CLOSED_TEXT}
              </p>
            ) : (
              // SPEC §2: the file button only logs the file name.
              <Composer onSend={(text) => room.send(text)} onFile={(file) => console.log(file.name)} />
            )}
          </>
        ) : (
          <div className="cchat-empty">
            <p>No messages to show</p>
          </div>
        )}
      </section>
    </div>
  );
}
