import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { rememberWayBack } from '../../../lib/guards.ts';
import { idFromPath, paths } from '../../../lib/routes.ts';
import { useChatRoom } from '../useChatRoom.ts';
import { RequestPanel, usePanelPlace } from '../../request/index.ts';
import { useUnread } from '../../../shell/unread-store.ts';
import { useMarkRead } from '../../../shell/use-unread-socket.ts';
import { AdminShell } from '../../../shell/AdminShell.tsx';
import '../../../shell/admin.css';
import { ChatPanel } from './ChatPanel.tsx';
import { ChatUserList } from './ChatUserList.tsx';
import { ChatRequestList } from './ChatRequestList.tsx';
import type { ChatRequestFilter } from '../../../../portal-api/src/modules/chats/chats.schema.ts';
import './admin-chat.css';
import type { ChatUser } from '../types.ts';
import { chatKeys, useChatUsers } from '../api.ts';
import { firstFocusable, rescueFocus } from '../../../ui/focus-rescue.ts';

const REQUEST_PANEL_ID = 'request-details';

const FILTER_KEY = 'admin-chat-filter';

/** /admin-chat and /admin-chat/{queryId} (docs/product.md §2 admin chat). */
export default function AdminChatScreen() {
  const token = useAuth((s) => s.token);
  // docs/product.md §2: without a stored token the screen says so and offers the login page; the sign-in comes back here.
  useEffect(() => {
    if (!token) rememberWayBack();
  }, [token]);
  if (!token) {
    return (
      <div className="card" style={{ maxWidth: 420, margin: '4rem auto', textAlign: 'center' }}>
        <p>Please login to access chats</p>
        <a className="btn" href={paths.login}>
          Go to Login
        </a>
      </div>
    );
  }
  return (
    <AdminShell>
      <AdminChat />
    </AdminShell>
  );
}

function AdminChat() {
  const [queryId, setQueryId] = useState<string | undefined>(() => idFromPath('admin-chat'));
  useEffect(() => {
    const onPop = () => setQueryId(idFromPath('admin-chat'));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const open = useCallback((id: string | undefined) => {
    const url = paths.adminChat(id);
    if (window.location.pathname !== url) window.history.pushState(null, '', url);
    setQueryId(id);
  }, []);

  const [search, setSearch] = useState('');
  const users = useChatUsers(search);
  useEffect(() => {
    if (users.isError) toast.error('Failed to load users');
  }, [users.isError]);
  // A client wrote: the order and last lines move. A read (this screen's own, on opening a
  // request, or another admin's) moves only counts, which both lists take live from the unread
  // store, and the rows of the Unread filter: only that list is marked stale, and refetched if shown.
  const queryClient = useQueryClient();
  const lastEvent = useUnread((s) => s.lastEvent);
  useEffect(() => {
    if (!lastEvent) return;
    if (lastEvent.count > 0) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.allUsers });
      void queryClient.invalidateQueries({ queryKey: chatKeys.allRequests });
    } else void queryClient.invalidateQueries({ queryKey: chatKeys.requests('unread') });
  }, [lastEvent, queryClient]);
  // The per-request list's filter, kept for the tab's session (Open unless chosen).
  const [filter, setFilter] = useState<ChatRequestFilter>(() => {
    const kept = sessionStorage.getItem(FILTER_KEY);
    return kept === 'unread' || kept === 'all' ? kept : 'open';
  });
  const chooseFilter = useCallback((f: ChatRequestFilter) => {
    sessionStorage.setItem(FILTER_KEY, f);
    setFilter(f);
  }, []);
  const list = useMemo(() => users.data?.pages.flatMap((p) => p.users) ?? [], [users.data]);
  // One connection for the whole screen: it joins the open query's room and, as an
  // admin socket, receives presence frames for every client in the list.
  const room = useChatRoom(queryId, { admin: true });
  useMarkRead(queryId, !room.loading);
  // The firm's own messages raise no unread frame (the firm has read them), so the lists would keep
  // the old last line and order: each new message of the firm in the open room, this admin's or a
  // colleague's, refreshes them as a client's does. The history as it loads moves nothing.
  const newest = room.messages.at(-1);
  const newestSeen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (room.loading) {
      newestSeen.current = undefined;
      return;
    }
    const before = newestSeen.current;
    newestSeen.current = newest?._id ?? null;
    if (before === undefined || !newest || newest._id === before || newest.sender.role !== 'admin') return;
    void queryClient.invalidateQueries({ queryKey: chatKeys.allUsers });
    void queryClient.invalidateQueries({ queryKey: chatKeys.allRequests });
  }, [room.loading, newest, queryClient]);
  // The open request's status changed live (a quote accepted, a revision asked for): its row in the list follows.
  useEffect(() => {
    if (room.queryStatus || room.lifecycleStamp) {
      void queryClient.invalidateQueries({ queryKey: chatKeys.allUsers });
      void queryClient.invalidateQueries({ queryKey: chatKeys.allRequests });
    }
  }, [room.queryStatus, room.lifecycleStamp, queryClient]);
  // Under 768 px the back arrow hides the conversation: the focus goes to the list, on the query
  // just left (or, its client's queries folded, the list's heading), not to <body>.
  const side = useRef<HTMLElement>(null);
  const back = () => {
    const left = queryId && paths.adminChat(queryId);
    rescueFocus(() => {
      const link = [...(side.current?.querySelectorAll<HTMLAnchorElement>('.acl-queries a') ?? [])].find(
        (a) => a.getAttribute('href') === left,
      );
      return link ?? side.current?.querySelector<HTMLElement>('h1 a');
    });
    open(undefined);
  };
  const skipToConversation = (e: { preventDefault(): void }) => {
    e.preventDefault();
    const panel = document.getElementById('conversation');
    // The message box when the query takes messages; else the messages (closed), else the panel.
    const target =
      panel?.querySelector<HTMLElement>('.composer-input:not(:disabled)') ?? panel?.querySelector<HTMLElement>('[role="log"]') ?? panel;
    target?.focus();
  };
  const skipToPanel = (e: { preventDefault(): void }) => {
    e.preventDefault();
    const panel = document.getElementById(REQUEST_PANEL_ID);
    // Folded (a narrow screen or large text): its toggle; else its first control, else the panel.
    const toggle = panel?.querySelector<HTMLElement>('.rqp-toggle');
    const target = (toggle?.checkVisibility() ? toggle : firstFocusable(panel?.querySelector('.rqp-body'))) ?? panel;
    target?.focus();
  };
  // The request details come before the conversation where they fold above it, after it where they
  // sit beside it (usePanelPlace, docs/product.md §10).
  const { onFolded, inPageOrder } = usePanelPlace();
  // The lists and the request panel are memoised and take stable callbacks, so a message or a
  // socket frame re-renders the conversation only, not every row of the screen.
  const presence = room.presence;
  const isOnline = useCallback((u: ChatUser) => presence[u._id] ?? u.online, [presence]);
  const { fetchNextPage } = users;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const knownUser = (userId: string) => {
    const u = list.find((x) => x._id === userId);
    return u && { ...u, online: isOnline(u) };
  };

  return (
    <div className="acs-frame">
      <div className={`acs${queryId ? ' has-chat' : ''}`}>
        <aside ref={side} className="acs-side" aria-label="Chats">
          {/* The list may hold hundreds of links before the conversation and the request details: one
              Tab and Enter pass them, to either, the links in the order of the two in the page. */}
          {queryId &&
            inPageOrder(
              <a key="conversation" className="skip-link" href="#conversation" onClick={skipToConversation}>
                Skip to the conversation
              </a>,
              <a key="details" className="skip-link" href={`#${REQUEST_PANEL_ID}`} onClick={skipToPanel}>
                Skip to the request details
              </a>,
            )}
          <h1 className="acs-title">
            <a href={paths.admin}>Chats</a>
          </h1>
          <ChatRequestList filter={filter} onFilter={chooseFilter} currentQueryId={queryId} onOpen={open} />
          {/* docs/product.md §2's list of clients, each with the dropdown of their requests. */}
          <h2 className="acr-title">Clients</h2>
          <ChatUserList
            users={list}
            loading={users.isPending}
            currentQueryId={queryId}
            online={isOnline}
            onOpen={open}
            search={search}
            onSearch={setSearch}
            hasMore={Boolean(users.hasNextPage)}
            loadingMore={users.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </aside>
        <div className="acs-main">
          {queryId ? (
            <div className="acs-work">
              {inPageOrder(
                <ChatPanel key={queryId} queryId={queryId} room={room} knownUser={knownUser} onBack={back} onOpen={open} />,
                <RequestPanel
                  key={`panel-${queryId}`}
                  id={REQUEST_PANEL_ID}
                  queryId={queryId}
                  role="admin"
                  liveStatus={room.queryStatus}
                  liveStamp={room.lifecycleStamp}
                  onFolded={onFolded}
                />,
              )}
            </div>
          ) : (
            // With no users at all, the list says so (docs/product.md §2 'No users found. …'), once: nothing to select here.
            !users.isPending && (list.length > 0 || !!search) && <p className="acp-note">Select a query to open the chat.</p>
          )}
        </div>
      </div>
    </div>
  );
}
