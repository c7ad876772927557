import { useCallback, useRef, useState } from 'react';
import { adminChatListText } from '../../../lib/truncate.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { useDismiss } from '../use-dismiss.ts';
import type { ChatUser } from './types.ts';

type Props = {
  users: ChatUser[];
  loading: boolean;
  currentQueryId: string | undefined;
  online: (user: ChatUser) => boolean;
  onOpen: (queryId: string) => void;
};

/** SPEC §2 admin chat sidebar: users who have queries, each with an options menu and a dropdown of queries. */
export function ChatUserList({ users, loading, currentQueryId, online, onOpen }: Props) {
  if (loading) return <p className="acl-note" role="status">Loading users…</p>;
  if (!users.length) return <p className="acl-note">No users found. Please check back later.</p>;
  return (
    <ul className="acl-list">
      {users.map((u) => (
        <UserItem key={u._id} user={u} online={online(u)} currentQueryId={currentQueryId} onOpen={onOpen} />
      ))}
    </ul>
  );
}

function queryTitle(q: { subject: string | null; message: string }): string {
  // SPEC §2: shown by subject or message, else 'Unnamed Query'; shortened by the list rule (SPEC §9).
  const text = (q.subject || q.message || '').trim();
  return text ? adminChatListText(text) : 'Unnamed Query';
}

function UserItem({ user, online, currentQueryId, onOpen }: { user: ChatUser; online: boolean; currentQueryId?: string; onOpen: (id: string) => void }) {
  const hasCurrent = user.queries.some((q) => q._id === currentQueryId);
  const [expanded, setExpanded] = useState(hasCurrent);
  const [menu, setMenu] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeMenu = useCallback(() => setMenu(false), []);
  useDismiss(menuRef, menu, closeMenu);
  const listId = `acl-q-${user._id}`;
  const first = user.queries[0];

  // SPEC §2: selecting a user opens that user's first query, unless it is already open.
  const select = () => {
    setExpanded(true);
    if (first && first._id !== currentQueryId) onOpen(first._id);
  };

  return (
    <li className={`acl-user${hasCurrent ? ' is-current' : ''}`}>
      <div className="acl-row">
        <button type="button" className="acl-main" onClick={select} aria-label={`${user.fullName}${online ? ', online' : ''}: open chat`}>
          <span className="acl-avatar">
            <Avatar name={user.fullName} image={user.profileImage} size={40} />
            {online && <span className="acl-dot" aria-hidden="true" />}
          </span>
          <span className="acl-text">
            <span className="acl-name">{user.fullName}</span>
            <span className="acl-sub">Click to load chat</span>
          </span>
        </button>
        <button type="button" className="icon-btn acl-caret" aria-expanded={expanded} aria-controls={listId} aria-label={`Queries of ${user.fullName}`} onClick={() => setExpanded((v) => !v)}>
          <span aria-hidden="true">{expanded ? '▴' : '▾'}</span>
        </button>
        <div ref={menuRef} className="acl-menu">
          <button type="button" className="icon-btn" aria-haspopup="true" aria-expanded={menu} aria-label={`More options for ${user.fullName}`} onClick={() => setMenu((v) => !v)}>
            ⋮
          </button>
          {menu && (
            <div className="menu-pop">
              {first && <button type="button" autoFocus onClick={() => { setMenu(false); onOpen(first._id); }}>Open latest query</button>}
              <button type="button" onClick={() => { setMenu(false); setExpanded((v) => !v); }}>{expanded ? 'Hide queries' : 'Show queries'}</button>
              <a href={`mailto:${user.email}`} onClick={() => setMenu(false)}>E-mail {user.fullName}</a>
            </div>
          )}
        </div>
      </div>
      {expanded && (
        <ul id={listId} className="acl-queries">
          {user.queries.map((q) => (
            <li key={q._id}>
              <a
                href={`/admin-chat/${encodeURIComponent(q._id)}`}
                aria-current={q._id === currentQueryId ? 'page' : undefined}
                title={q.subject || q.message}
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(q._id);
                }}
              >
                {queryTitle(q)}
                {q.status === 'closed' && <span className="acl-closed"> (Closed)</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
