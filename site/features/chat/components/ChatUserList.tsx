import { memo, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { adminChatListText } from '../../../lib/truncate.ts';
import { useUnread } from '../../../shell/unread-store.ts';
import { Avatar } from '../../../ui/Avatar.tsx';
import { busyButton } from '../../../ui/busy-button.ts';
import { rescueFocus } from '../../../ui/focus-rescue.ts';
import { formatDate, formatTime, statusLabel } from '../../request/index.ts';
import { useDismiss, useFocusFirstItem } from '../../../ui/use-dismiss.ts';
import type { ChatUser, ChatUserQuery } from '../types.ts';
import { PRODUCT_TEXTS } from '../../../lib/product-texts.ts';

type Props = {
  users: ChatUser[];
  loading: boolean;
  currentQueryId: string | undefined;
  online: (user: ChatUser) => boolean;
  onOpen: (queryId: string) => void;
  search: string;
  onSearch: (text: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
};

/** docs/product.md §2: the placeholder on every user of the list. */
const LOAD_CHAT = 'Click to load chat';

/** A user's query list gets a search box above this many queries. */
const QUERY_SEARCH_FROM = 10;

/**
 * docs/product.md §2 admin chat sidebar: users who have queries, each with an options menu and a
 * dropdown of queries. Newest conversation first with its last line, time and
 * unread count, searched on the server and loaded a page at a time.
 */
export const ChatUserList = memo(function ChatUserList({
  users,
  loading,
  currentQueryId,
  online,
  onOpen,
  search,
  onSearch,
  hasMore,
  loadingMore,
  onLoadMore,
}: Props) {
  const [text, setText] = useState(search);
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  const live = useUnread((s) => (s.total === null ? null : s.byQuery));
  // 'Load more' keeps the focus while it loads (aria-disabled); once the last page is in it goes,
  // and the focus goes to the first client it brought, not to <body>.
  const listRef = useRef<HTMLUListElement>(null);
  const loadMore = () => {
    const first = users.length;
    rescueFocus(() => listRef.current?.children[first]?.querySelector<HTMLElement>('button'));
    onLoadMore();
  };

  return (
    <>
      <div className="acl-search">
        <label className="sr-only" htmlFor="acl-search">
          Search clients
        </label>
        <input id="acl-search" type="search" placeholder="Search clients" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      {/* One live region for the loading note and the search's answer, so both are read out. */}
      <div role="status">
        {loading ? (
          <p className="acl-note">Loading users…</p>
        ) : (
          !users.length && <p className="acl-note">{search ? `No clients match “${search}”.` : PRODUCT_TEXTS.noChatUsers}</p>
        )}
      </div>
      {loading || !users.length ? null : (
        <>
          <ul ref={listRef} className="acl-list">
            {users.map((u) => (
              <UserItem key={u._id} user={u} online={online(u)} currentQueryId={currentQueryId} onOpen={onOpen} live={live} />
            ))}
          </ul>
          {hasMore && (
            <button type="button" className="btn btn-sm btn-secondary acl-more" {...busyButton(loadingMore, loadMore)}>
              {loadingMore ? 'Loading…' : 'Load more'}
            </button>
          )}
        </>
      )}
    </>
  );
});

function queryTitle(q: { subject: string | null; message: string; projectName?: string | null }): string {
  // docs/product.md §2: shown by subject or message, else 'Unnamed Query'; shortened by the list rule (docs/product.md §9).
  // A project name leads when the request has one.
  if (q.projectName) return q.projectName;
  const text = (q.subject || q.message || '').trim();
  return text ? adminChatListText(text) : 'Unnamed Query';
}

/** Today's messages show their time, older ones their date. */
function when(iso: string): string {
  return new Date(iso).toDateString() === new Date().toDateString() ? formatTime(iso) : formatDate(iso);
}

type ItemProps = {
  user: ChatUser;
  online: boolean;
  currentQueryId?: string;
  onOpen: (id: string) => void;
  live: Record<string, number> | null;
};

function UserItem({ user, online, currentQueryId, onOpen, live }: ItemProps) {
  const hasCurrent = user.queries.some((q) => q._id === currentQueryId);
  const [expanded, setExpanded] = useState(hasCurrent);
  const [menu, setMenu] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenu(false), []);
  useDismiss(menuRef, menu, closeMenu, menuButton);
  useFocusFirstItem(menuRef, menu);
  const listId = `acl-q-${user._id}`;
  const first = user.queries[0];
  // The open room is being read; the live counts (firm-wide) win over the page's.
  const unreadOf = (q: ChatUserQuery) => (q._id === currentQueryId ? 0 : live ? (live[q._id] ?? 0) : q.unread);
  const unread = user.queries.reduce((sum, q) => sum + unreadOf(q), 0);

  const preview = user.lastMessage ? `${user.lastMessage.senderRole === 'admin' ? 'You: ' : ''}${user.lastMessage.text}` : null;

  // docs/product.md §2: selecting a user opens that user's first query, unless it is already open.
  const select = () => {
    setExpanded(true);
    if (first && first._id !== currentQueryId) onOpen(first._id);
  };

  return (
    <li className={`acl-user${hasCurrent ? ' is-current' : ''}`}>
      <div className="acl-row">
        <button
          type="button"
          className="acl-main"
          onClick={select}
          // WCAG 2.5.3: the name holds the visible text, in its order: 'Click to load chat' and the last message's time.
          aria-label={`${user.fullName}${online ? ', online' : ''}${unread ? `, ${unread} unread` : ''}: ${LOAD_CHAT}${user.lastMessage ? ` ${when(user.lastMessage.createdAt)}` : ''}`}
          title={preview ?? undefined}
        >
          <span className="acl-avatar">
            <Avatar name={user.fullName} image={user.profileImage} size={40} />
            {online && <span className="acl-dot" aria-hidden="true" />}
          </span>
          {/* The name has its line (with the unread count); docs/product.md §2's placeholder shares the next with the last message's time. */}
          <span className="acl-text">
            <span className="acl-line">
              <span className="acl-name">{user.fullName}</span>
              {unread > 0 && (
                <span className="acl-unread" aria-hidden="true">
                  {unread}
                </span>
              )}
            </span>
            <span className="acl-line">
              {/* On every row; the last message is the row's tooltip. */}
              <span className="acl-sub">{LOAD_CHAT}</span>
              {user.lastMessage && (
                <time className="acl-time" dateTime={user.lastMessage.createdAt}>
                  {when(user.lastMessage.createdAt)}
                </time>
              )}
            </span>
          </span>
        </button>
        <button
          type="button"
          className="icon-btn acl-caret"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={`Queries of ${user.fullName}`}
          onClick={() => setExpanded((v) => !v)}
        >
          <span aria-hidden="true">{expanded ? '▴' : '▾'}</span>
        </button>
        <div ref={menuRef} className="acl-menu">
          <button
            ref={menuButton}
            type="button"
            className="icon-btn"
            aria-expanded={menu}
            aria-label={`More options for ${user.fullName}`}
            onClick={() => setMenu((v) => !v)}
          >
            ⋮
          </button>
          {menu && (
            <div className="menu-pop">
              {first && (
                <button
                  type="button"
                  onClick={() => {
                    setMenu(false);
                    onOpen(first._id);
                  }}
                >
                  Open latest query
                </button>
              )}
              <button
                type="button"
                onClick={() => {
                  setMenu(false);
                  setExpanded((v) => !v);
                  menuButton.current?.focus();
                }}
              >
                {expanded ? 'Hide queries' : 'Show queries'}
              </button>
              <a href={`mailto:${user.email}`} onClick={() => setMenu(false)}>
                E-mail {user.fullName}
              </a>
            </div>
          )}
        </div>
      </div>
      {expanded && <QueryList id={listId} user={user} currentQueryId={currentQueryId} onOpen={onOpen} unreadOf={unreadOf} />}
    </li>
  );
}

type QueryListProps = {
  id: string;
  user: ChatUser;
  currentQueryId?: string;
  onOpen: (id: string) => void;
  unreadOf: (q: ChatUserQuery) => number;
};

/** One user's queries, newest first (as the API sends them): label, status, date, unread; a filter above 10. */
function QueryList({ id, user, currentQueryId, onOpen, unreadOf }: QueryListProps) {
  const [filter, setFilter] = useState('');
  const searchId = useId();
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    if (!needle) return user.queries;
    // Everything a row shows (its project name leads it) and its last line.
    return user.queries.filter((q) =>
      [q.projectName, q.subject, q.message, q.lastMessage?.text, statusLabel(q.status), formatDate(q.createdAt)].some((t) =>
        t?.toLowerCase().includes(needle),
      ),
    );
  }, [filter, user.queries]);
  return (
    <div id={id} className="acl-queries">
      {user.queries.length > QUERY_SEARCH_FROM && (
        <>
          <label className="sr-only" htmlFor={searchId}>
            Search the queries of {user.fullName}
          </label>
          <input
            id={searchId}
            type="search"
            className="acl-qsearch"
            placeholder={`Search ${user.queries.length} queries`}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
        </>
      )}
      <ul>
        {shown.map((q) => {
          const unread = unreadOf(q);
          return (
            <li key={q._id}>
              <a
                href={`/admin-chat/${encodeURIComponent(q._id)}`}
                aria-current={q._id === currentQueryId ? 'page' : undefined}
                title={q.projectName || q.subject || q.message}
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(q._id);
                }}
              >
                <span className="acl-qtitle">
                  {queryTitle(q)}
                  {q.status === 'closed' && <span className="acl-closed"> (Closed)</span>}
                </span>
                <span className="acl-qmeta">
                  {statusLabel(q.status)} · {formatDate(q.createdAt)}
                  {unread > 0 && (
                    <span className="acl-unread">
                      {unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  )}
                </span>
              </a>
            </li>
          );
        })}
        {!shown.length && <li className="acl-note">No query matches.</li>}
      </ul>
    </div>
  );
}
