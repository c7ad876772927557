import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/toast-on-demand.ts';
import type { ChatMessage, ServerFrame } from '../../../portal-api/src/modules/chats/chats.frames.schema.ts';
import { getChatHistory } from './api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { type SocketConsumer, tabSocket } from '../../shell/tab-socket.ts';
import { requestKeys } from '../request/index.ts';
import { historyLacks, mergeMessages } from './merge-messages.ts';
import { ECHO_TIMEOUT_MS, PendingSends } from './pending-sends.ts';

export type { ChatMessage };

// The chat room of docs/architecture.md §5, shared by the client and admin chats: history from the
// API, live frames merged by _id, over the tab's one socket (shell/tab-socket.ts), which also carries
// the unread counts. The history is read as the room opens, while the socket joins, so the
// conversation does not wait for the join; the `joined` frame names the room's newest message, and a
// read without it is read again. After a dropped connection the socket reconnects with backoff and
// the room re-joins; each later `joined` refetches the history and the request's status, so nothing
// said while the socket was down is missed, and the _id merge keeps nothing twice.
// A message counts as sent only once the server echoes it back (pending-sends.ts); one typed while the
// socket is down waits for it, pending, and goes out in order once it is back. A socket whose session
// ended (close code SESSION_ENDED_CLOSE, or its token refused) is not reconnected: that is a sign-out
// (lib/api.ts sessionRefused).

/** How long a message typed while the socket is down waits for it: as long as a sent one waits for its echo. */
const OFFLINE_WAIT_MS = ECHO_TIMEOUT_MS;

/** docs/product.md §8 (admin chat): the toast of a message that was not sent; the description says why and that the text is kept. */
export const SEND_FAILED = 'Failed to send message';
export const NOT_SENT = {
  offline: 'The chat is not connected. Your message is still in the box: send it again once it reconnects.',
  noAnswer: 'The chat did not confirm it. Your message is still in the box: send it again.',
} as const;
const notSent = (description: string) => toast.error(SEND_FAILED, { description });

export type ChatRoom = {
  messages: ChatMessage[];
  connected: boolean;
  queryStatus: string | null;
  /** Changes on every `queryLifecycle` frame of the open query: the request panel reloads on it. */
  lifecycleStamp: number;
  /**
   * Trims, and sends nothing blank (docs/product.md §5 "Chat"). Resolves true once the server echoed the
   * message back (it is stored); false when it was not sent (no connection, refused, no answer in
   * time), which a toast has said: the composer then keeps the text.
   */
  send: (text: string, replyTo?: string | null, savedReplyId?: string) => Promise<boolean>;
  presence: Record<string, boolean>;
  /** True until the first history load of the current room finished. */
  loading: boolean;
};

export function useChatRoom(queryId: string | undefined, opts: { admin?: boolean } = {}): ChatRoom {
  const token = useAuth((s) => s.token);
  const admin = Boolean(opts.admin);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [connected, setConnected] = useState(false);
  const [queryStatus, setQueryStatus] = useState<string | null>(null);
  const [lifecycleStamp, setLifecycleStamp] = useState(0);
  const [presence, setPresence] = useState<Record<string, boolean>>({});
  const [loading, setLoading] = useState(Boolean(queryId));
  /** Sends into the open room's socket (set while a room is open). */
  const postRef = useRef<((message: string, replyTo: string | null, savedReplyId?: string) => Promise<boolean>) | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    setMessages([]);
    setQueryStatus(null);
    setLoading(Boolean(queryId));
    if (!token) return;
    let stopped = false;
    let history: AbortController | null = null;

    /** Reads the history and merges it in: the ids read, or null when the read failed or was replaced. */
    const loadHistory = async (): Promise<string[] | null> => {
      if (!queryId) return null;
      history?.abort();
      const controller = (history = new AbortController());
      try {
        const list = await getChatHistory(queryId, controller.signal);
        if (stopped) return null;
        if (!Array.isArray(list)) throw new Error('The history is not a list.');
        const own = list.filter((m) => m.query === queryId);
        setMessages((cur) => mergeMessages(cur, own));
        return own.map((m) => m._id);
      } catch (err) {
        if ((err as Error).name === 'AbortError' || stopped) return null;
        // docs/product.md §8: the client logs 'Failed to fetch messages' and keeps what it shows; the admin
        // chat says 'Failed to load messages' and empties its list.
        console.error('Failed to fetch messages', err);
        if (admin) {
          toast.error('Failed to load messages');
          setMessages([]);
        }
        return null;
      } finally {
        if (!stopped && history === controller) setLoading(false);
      }
    };

    // The history is read at once, beside the join, rather than after it (see the 'joined' case).
    const opening = queryId ? loadHistory() : null;

    // A queryStatus frame sent while the socket was down is missed: after a re-join the
    // request's cached reads (workspace, own list) are refreshed instead of read on every join.
    let joins = 0;
    const refreshAfterRejoin = () => {
      if (joins++ === 0) return;
      if (queryId) void queryClient.invalidateQueries({ queryKey: requestKeys.workspace(queryId) });
      void queryClient.invalidateQueries({ queryKey: requestKeys.mine });
    };

    // Own messages sent and not yet echoed. No echo in time: the socket is taken for dead (it may
    // be open to the browser and carry nothing) and replaced.
    const pending = new PendingSends(() => {
      notSent(NOT_SENT.noAnswer);
      tabSocket.replace();
    });
    const ownRole = admin ? 'admin' : 'client';
    const isOwn = (m: ChatMessage) => {
      const userId = useAuth.getState().userId;
      return m.query === queryId && m.sender.role === ownRole && (!userId || m.sender._id === userId);
    };

    const frame = (frame: ServerFrame) => {
      switch (frame.type) {
        case 'joined':
          if (frame.queryId === queryId) {
            // The first join checks the read begun as the room opened; a re-join reads again.
            const last = frame.lastMessageId;
            if (joins === 0 && opening)
              void opening.then((ids) => {
                if (!stopped && historyLacks(ids, last)) void loadHistory();
              });
            else void loadHistory();
            refreshAfterRejoin();
          }
          break;
        case 'receiveMessage':
          // docs/product.md §4: only messages of the open query are appended, each once.
          if (frame.message.query === queryId) {
            setMessages((cur) => mergeMessages(cur, [frame.message]));
            pending.echoed(frame.message, isOwn(frame.message));
            // A file sent in the chat joins the request's files ('From chat'): the panel reloads to
            // list it, on the sender's side as on the other.
            if (frame.message.file) void queryClient.invalidateQueries({ queryKey: requestKeys.workspace(queryId) });
          }
          break;
        case 'queryStatus':
          if (frame.queryId === queryId) setQueryStatus(frame.status);
          break;
        case 'queryLifecycle':
          if (frame.queryId === queryId) {
            setQueryStatus(frame.status);
            setLifecycleStamp((n) => n + 1);
          }
          break;
        case 'presence':
          setPresence((cur) => ({ ...cur, [frame.userId]: frame.online }));
          break;
        case 'error':
          // Said just before the close that ends the session (SESSION_ENDED_CLOSE), handled by the socket.
          if (frame.code === 'session_ended') break;
          if (pending.refuseOldest()) notSent(frame.message);
          else toast.error(frame.message);
          break;
      }
    };
    const room: SocketConsumer = {
      opened: (send) => {
        setConnected(true);
        if (admin) send({ type: 'authenticateAdmin' });
        if (queryId) send({ type: 'joinRoom', queryId });
      },
      frame,
      // What was sent and not echoed may or may not be stored: it is not sent again, and the composer keeps it.
      closed: () => {
        setConnected(false);
        if (pending.failAll()) notSent(NOT_SENT.offline);
      },
    };

    postRef.current = queryId
      ? (message, replyTo, savedReplyId) =>
          new Promise<boolean>((resolve) => {
            let waiting: ReturnType<typeof setTimeout> | undefined = undefined;
            const frame = { type: 'sendMessage' as const, queryId, message, replyTo, savedReplyId };
            const sentNow = tabSocket.send(room, frame, {
              sending: () => {
                clearTimeout(waiting);
                void pending.add(message, replyTo).then(resolve);
              },
              dropped: () => {
                clearTimeout(waiting);
                resolve(false);
              },
            });
            if (sentNow) return;
            // docs/product.md §8: 'Socket not connected' is only logged. The message waits, pending in the
            // composer, and goes out in order once the socket is back (docs/architecture.md §5); not back in
            // time, it is not sent and the person is told, the text kept to send again.
            console.warn(new Error('Socket not connected'));
            waiting = setTimeout(() => {
              if (!tabSocket.cancel(frame)) return;
              notSent(NOT_SENT.offline);
              resolve(false);
            }, OFFLINE_WAIT_MS);
          })
      : null;

    // A client screen without an open query needs no socket; the admin one listens for presence.
    const detach = queryId || admin ? tabSocket.attach(token, room) : null;
    return () => {
      stopped = true;
      history?.abort();
      postRef.current = null;
      // The room changed or closed: what was waiting (for the socket or an echo) stays in the composer, unsaid.
      detach?.();
      pending.failAll();
      setConnected(false);
    };
  }, [queryId, token, admin, queryClient]);

  const send = useCallback(async (text: string, replyTo: string | null = null, savedReplyId?: string): Promise<boolean> => {
    const message = text.trim();
    if (!message || !postRef.current) return false;
    return postRef.current(message, replyTo, savedReplyId);
  }, []);

  return { messages, connected, queryStatus, lifecycleStamp, send, presence, loading };
}
