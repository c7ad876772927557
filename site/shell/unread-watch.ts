import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../ui/toast-on-demand.ts';
import { ALERT_ACTION, ALERT_TOAST_MS, lifecycleAlert } from '../../portal-api/src/modules/queries/queries.alerts.labels.ts';
import type { Note } from '../../portal-api/src/modules/chats/chats.frames.schema.ts';
import type { LifecycleFrame } from '../../portal-api/src/modules/queries/queries.schema.ts';
import { useAuth } from '../lib/auth-store.ts';
import { REQUEST_VIEWS } from '../lib/cache-keys.ts';
import { workspacePath } from '../lib/routes.ts';
import { type SocketConsumer, tabSocket } from './tab-socket.ts';
import { useUnread } from './unread-store.ts';

/**
 * Watches the signed-in user's unread counts and alerts over the tab's one socket (tab-socket.ts),
 * which also carries an open chat room: it sends watchUnread and the waiting markRead frames on
 * every open, and on every reconnect asks for the counts again and refreshes the lists, so nothing
 * missed while down stays wrong. Loaded by use-unread-socket.ts after the page's first paint.
 * Returns the function that stops watching.
 */
export function watchUnread(token: string, queryClient: QueryClient): () => void {
  // A request changed (new, status, quote, revision…): the lists and counts of this page refresh
  // (the client's My Queries and dashboard, the admin's queue, dashboard and chat list).
  const refreshLists = (queryId?: string) => {
    for (const queryKey of [REQUEST_VIEWS.mine, REQUEST_VIEWS.activities, REQUEST_VIEWS.admin])
      void queryClient.invalidateQueries({ queryKey });
    if (queryId) void queryClient.invalidateQueries({ queryKey: [...REQUEST_VIEWS.workspace, queryId] });
  };
  let opened = false;
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

  const unread: SocketConsumer = {
    opened: (send) => {
      // Back after a drop (a phone asleep, a lost connection): what changed meanwhile was not heard.
      if (opened) refreshLists();
      opened = true;
      send({ type: 'watchUnread' });
      const pending = useUnread.getState().pendingReads;
      for (const queryId of pending) send({ type: 'markRead', queryId });
      useUnread.setState({ send, pendingReads: [] });
    },
    frame: (frame) => {
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
        void queryClient.invalidateQueries({ queryKey: [...REQUEST_VIEWS.notes, frame.note.query] });
        noteAlert(frame.note);
      } else if (frame.type === 'error') {
        // A refused markRead (a request this user may not see) changes nothing on screen.
        console.warn('unread:', frame.message);
      }
    },
    closed: () => useUnread.setState({ send: null }),
  };
  return tabSocket.attach(token, unread);
}
