import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../ui/toast-on-demand.ts';
import { ALERT_ACTION, ALERT_TOAST_MS, lifecycleAlert } from '../../portal-api/src/modules/queries/queries.alerts.labels.ts';
import type { ClientFrame, Note } from '../../portal-api/src/modules/chats/chats.frames.schema.ts';
import { frameParser } from '../lib/frame-parser.ts';
import type { LifecycleFrame } from '../../portal-api/src/modules/queries/queries.schema.ts';
import { sessionRefused } from '../lib/api.ts';
import { useAuth } from '../lib/auth-store.ts';
import { workspacePath } from '../lib/routes.ts';
import { reconnectDelay, sessionEndedClose, sessionRefusedFrame, socketUrl } from './chat-socket.ts';
import { type UnsignedFrame, useUnread } from './unread-store.ts';

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

/**
 * One /ws connection per signed-in page that watches the user's unread counts
 * (watchUnread) and carries markRead frames. Reconnects with backoff; every
 * reconnect asks for the counts again, so nothing missed while down stays wrong.
 * A session ended elsewhere (close code SESSION_ENDED_CLOSE, or its token refused)
 * is a sign-out, decided as for a 401 by lib/api.ts, on pages without a chat too.
 */
export function useUnreadSocket(): void {
  const token = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return;
    // A request changed (new, status, quote, revision…): the lists and counts of this page refresh
    // (the client's My Queries and dashboard, the admin's queue, dashboard and chat list).
    const refreshLists = (queryId?: string) => {
      for (const queryKey of [['queries'], ['recent-activities'], ['admin']]) void queryClient.invalidateQueries({ queryKey });
      if (queryId) void queryClient.invalidateQueries({ queryKey: ['workspace', queryId] });
    };
    let opened = false;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ws: WebSocket | null = null;
    let seq = 0;

    // The other side took a step on a request: said on every page but that request's own workspace.
    const alertOf = (frame: LifecycleFrame) => {
      const role = useAuth.getState().role;
      if (!role) return;
      const text = lifecycleAlert(role, frame.by, frame.event, frame.projectName ?? null);
      const path = workspacePath(role, frame.queryId);
      if (!text || window.location.pathname.replace(/\/+$/, '') === path) return;
      toast.info(text, { duration: ALERT_TOAST_MS, action: { label: ALERT_ACTION, onClick: () => window.location.assign(path) } });
    };

    // An internal note naming this admin (docs/product.md §25): said on every page, the request's own too.
    const noteAlert = (note: Note) => {
      const me = useAuth.getState().userId;
      if (!me || !note.mentions.some((m) => m._id === me)) return;
      const path = workspacePath('admin', note.query);
      toast.info(`${note.author?.fullName ?? 'A colleague'} mentioned you in a note`, {
        duration: ALERT_TOAST_MS,
        action: { label: ALERT_ACTION, onClick: () => window.location.assign(path) },
      });
    };

    const sessionEnded = () => {
      stopped = true;
      clearTimeout(retry);
      ws?.close();
      sessionRefused(token);
    };

    const connect = () => {
      if (stopped) return;
      const socket = (ws = new WebSocket(socketUrl()));
      socket.onopen = () => {
        attempt = 0;
        // Back after a drop (a phone asleep, a lost connection): what changed meanwhile was not heard.
        if (opened) refreshLists();
        opened = true;
        const send = (frame: UnsignedFrame) => {
          if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ ...frame, token } as ClientFrame));
        };
        send({ type: 'watchUnread' });
        const pending = useUnread.getState().pendingReads;
        for (const queryId of pending) send({ type: 'markRead', queryId });
        useUnread.setState({ send, pendingReads: [] });
      };
      socket.onmessage = (event) => {
        void frameParser().then((parse) => {
          // A frame that does not parse (chats.frames.schema.ts) is never acted on.
          const frame = parse(event.data);
          if (!frame) return;
          if (frame.type === 'unread') {
            if (frame.queries) {
              useUnread.setState({ total: frame.total, byQuery: frame.queries });
            } else if (frame.queryId) {
              const { byQuery } = useUnread.getState();
              const event = { queryId: frame.queryId, userId: frame.userId, count: frame.count ?? 0, seq: ++seq };
              useUnread.setState({ total: frame.total, byQuery: { ...byQuery, [frame.queryId]: event.count }, lastEvent: event });
            }
          } else if (frame.type === 'queryStatus' || frame.type === 'queryLifecycle') {
            refreshLists(frame.queryId);
            if (frame.type === 'queryLifecycle') alertOf(frame);
          } else if (frame.type === 'queryAssigned') {
            // Admins only (docs/product.md §25): the queue's rows and the workspace show the new assignee.
            refreshLists(frame.queryId);
          } else if (frame.type === 'noteAdded') {
            void queryClient.invalidateQueries({ queryKey: ['notes', frame.note.query] });
            noteAlert(frame.note);
          } else if (frame.type === 'error') {
            if (sessionRefusedFrame(frame)) return sessionEnded();
            // A refused markRead (a request this user may not see) changes nothing on screen.
            console.warn('unread:', frame.message);
          }
        });
      };
      socket.onclose = (event) => {
        if (ws === socket) ws = null;
        useUnread.setState({ send: null });
        if (stopped) return;
        // The server closed it because the session ended: do not knock again.
        if (sessionEndedClose(event)) return sessionEnded();
        retry = setTimeout(connect, reconnectDelay(attempt++, BACKOFF_MIN_MS, BACKOFF_MAX_MS));
      };
      socket.onerror = () => console.warn('unread socket error');
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      ws?.close();
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
