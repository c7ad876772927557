import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../lib/auth-store.ts';
import { useUnread } from './unread-store.ts';

/**
 * The unread counts and alerts of a signed-in page (unread-watch.ts), over the tab's one socket
 * (tab-socket.ts), which also carries an open chat room. A session ended elsewhere is a sign-out
 * (tab-socket.ts), on pages without a chat too.
 */
export function useUnreadSocket(): void {
  const token = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    // The socket's code loads after the page's first paint (first-load JavaScript, docs/performance.md);
    // a chat page has it already (features/chat/useChatRoom.ts), and both use the one tabSocket.
    let stop: (() => void) | null = null;
    let left = false;
    void import('./unread-watch.ts').then(({ watchUnread }) => {
      if (!left) stop = watchUnread(token, queryClient);
    });
    return () => {
      left = true;
      stop?.();
      useUnread.setState({ send: null });
    };
  }, [token, queryClient]);
}

/**
 * Marks a request read while it is open and the page is visible: on
 * opening, when a new message makes it unread again, and when the tab comes back.
 */
export function useMarkRead(queryId: string | undefined, ready = true): void {
  const count = useUnread((s) => (queryId ? (s.byQuery[queryId] ?? 0) : 0));
  const markRead = useUnread((s) => s.markRead);
  useEffect(() => {
    if (!queryId || !ready) return;
    const mark = () => {
      if (document.visibilityState === 'visible') markRead(queryId);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [queryId, ready, count, markRead]);
}
