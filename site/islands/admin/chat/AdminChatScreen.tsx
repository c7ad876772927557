import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { api } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { idFromPath, paths } from '../../../lib/routes.ts';
import { useChatRoom } from '../../chat/useChatRoom.ts';
import { AdminShell } from '../AdminShell.tsx';
import { AdminStyles } from '../AdminStyles.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { ChatUserList } from './ChatUserList.tsx';
import { chatStyles } from './chat-styles.ts';
import type { ChatUser } from './types.ts';

/** /admin-chat and /admin-chat/{queryId} (SPEC §2 admin chat). */
export default function AdminChatScreen() {
  const token = useAuth((s) => s.token);
  // SPEC §2: without a stored token the screen says so and offers the login page.
  if (!token) {
    return (
      <div className="card" style={{ maxWidth: 420, margin: '4rem auto', textAlign: 'center' }}>
        <p>Please login to access chats</p>
        <a className="btn" href={paths.login}>Go to Login</a>
      </div>
    );
  }
  return (
    <AdminShell>
      <AdminStyles />
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

  const users = useQuery({
    queryKey: ['admin', 'chat-users'],
    queryFn: () => api<{ users: ChatUser[] }>('/users/with-queries').then((r) => r.users),
    refetchInterval: 30_000,
  });
  useEffect(() => {
    if (users.isError) toast.error('Failed to load users');
  }, [users.isError]);
  const list = users.data ?? [];
  // One connection for the whole screen: it joins the open query's room and, as an
  // admin socket, receives presence frames for every client in the list.
  const room = useChatRoom(queryId, { admin: true });
  const isOnline = (u: ChatUser) => room.presence[u._id] ?? u.online;
  const knownUser = (userId: string) => {
    const u = list.find((x) => x._id === userId);
    return u && { ...u, online: isOnline(u) };
  };

  return (
    <div className={`acs${queryId ? ' has-chat' : ''}`}>
      <aside className="acs-side" aria-label="Chats">
        <h1 className="acs-title">
          <a href={paths.admin}>Chats</a>
        </h1>
        <ChatUserList users={list} loading={users.isPending} currentQueryId={queryId} online={isOnline} onOpen={open} />
      </aside>
      <div className="acs-main">
        {queryId ? (
          <ChatPanel key={queryId} queryId={queryId} room={room} knownUser={knownUser} onBack={() => open(undefined)} />
        ) : (
          <p className="acp-note">{!users.isPending && !list.length ? 'No users found. Please check back later.' : 'Select a query to open the chat.'}</p>
        )}
      </div>
      <style>{chatStyles}</style>
    </div>
  );
}
