import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/toast-on-demand.ts';
import type { ChatMessage, ClientFrame } from '../../../portal-api/src/modules/chats/chats.frames.schema.ts';
import { frameParser } from '../../lib/frame-parser.ts';
import { api, call, sessionRefused } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { reconnectDelay, sessionEndedClose, sessionRefusedFrame, socketUrl } from '../../shell/chat-socket.ts';
import { mergeMessages } from './merge-messages.ts';
import { PendingSends } from './pending-sends.ts';

export type { ChatMessage };

// The chat connection of docs/architecture.md §5, shared by the client and admin chats:
// one socket per open room, history from the API, live frames merged by _id.
// After a dropped connection it reconnects with exponential backoff and
// re-joins; every `joined` refetches the history (once per join) and, after a reconnect, the request's status, so
// nothing sent while the socket was down is missed, and the _id merge keeps nothing twice. A message counts as
// sent only once the server echoes it back (pending-sends.ts); a socket whose session ended (close code
// SESSION_ENDED_CLOSE, or its token refused) is not reconnected: that is a sign-out (lib/api.ts sessionRefused).

const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 15_000;
/** Loads the history over HTTP when no `joined` came this long after opening. */
const HISTORY_FALLBACK_MS = 4000;

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
  const socketRef = useRef<WebSocket | null>(null);
  /** Sends into the open room's socket (set while a room is open). */
  const postRef = useRef<((message: string, replyTo: string | null, savedReplyId?: string) => Promise<boolean>) | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    setMessages([]);
    setQueryStatus(null);
    setLoading(Boolean(queryId));
    if (!token) return;
    let stopped = false;
    let attempt = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let history: AbortController | null = null;

    const loadHistory = async () => {
      if (!queryId) return;
      history?.abort();
      const controller = (history = new AbortController());
      try {
        const list = await call(
          api.chats.query[':id'].message.$get({ param: { id: queryId }, query: {} }, { init: { signal: controller.signal } }),
        );
        if (stopped) return;
        if (!Array.isArray(list)) throw new Error('The history is not a list.');
        setMessages((cur) =>
          mergeMessages(
            cur,
            list.filter((m) => m.query === queryId),
          ),
        );
      } catch (err) {
        if ((err as Error).name === 'AbortError' || stopped) return;
        // docs/product.md §8: the client logs 'Failed to fetch messages' and keeps what it shows; the admin
        // chat says 'Failed to load messages' and empties its list.
        console.error('Failed to fetch messages', err);
        if (admin) {
          toast.error('Failed to load messages');
          setMessages([]);
        }
      } finally {
        if (!stopped && history === controller) setLoading(false);
      }
    };

    // A queryStatus frame sent while the socket was down is missed: after a re-join the
    // request's cached reads (workspace, own list) are refreshed instead of read on every join.
    let joins = 0;
    const refreshAfterRejoin = () => {
      if (joins++ === 0) return;
      void queryClient.invalidateQueries({ queryKey: ['workspace', queryId] });
      void queryClient.invalidateQueries({ queryKey: ['queries', 'me'] });
    };

    // Own messages sent and not yet echoed. No echo in time: the socket is taken for dead (it may
    // be open to the browser and carry nothing) and replaced.
    const pending = new PendingSends(() => {
      notSent(NOT_SENT.noAnswer);
      drop();
    });
    const ownRole = admin ? 'admin' : 'client';
    const isOwn = (m: ChatMessage) => {
      const userId = useAuth.getState().userId;
      return m.query === queryId && m.sender.role === ownRole && (!userId || m.sender._id === userId);
    };

    /** The socket is gone (closed, or given up on): what it carried is not sent; connect again. */
    const lost = (ws: WebSocket) => {
      if (socketRef.current !== ws) return;
      socketRef.current = null;
      ws.onopen = ws.onmessage = ws.onclose = null;
      setConnected(false);
      if (pending.failAll()) notSent(NOT_SENT.offline);
      if (stopped) return;
      retry = setTimeout(connect, reconnectDelay(attempt++, BACKOFF_MIN_MS, BACKOFF_MAX_MS));
    };
    /** Gives up on the open socket (handled as closed now, whenever its close completes). */
    const drop = () => {
      const ws = socketRef.current;
      if (!ws) return;
      lost(ws);
      ws.close();
    };

    /**
     * The server ended this socket's session (logout or password reset, here or in another tab) or
     * refused its token: no reconnecting with it. lib/api.ts decides as for a 401: signed out (to
     * /login), or another tab's newer session of the same person, which re-runs this effect.
     */
    const sessionEnded = () => {
      stopped = true;
      clearTimeout(retry);
      drop();
      sessionRefused(token);
    };

    postRef.current = queryId
      ? (message, replyTo, savedReplyId) => {
          const ws = socketRef.current;
          if (!ws || ws.readyState !== WebSocket.OPEN) {
            // docs/product.md §7: using the socket before it is connected raises 'Socket not connected';
            // §8: socket errors are only logged. The person is told in plain words.
            console.warn(new Error('Socket not connected'));
            notSent(NOT_SENT.offline);
            return Promise.resolve(false);
          }
          const sent = pending.add(message, replyTo);
          ws.send(JSON.stringify({ type: 'sendMessage', token, queryId, message, replyTo, savedReplyId } satisfies ClientFrame));
          return sent;
        }
      : null;

    const connect = () => {
      if (stopped) return;
      const ws = new WebSocket(socketUrl());
      socketRef.current = ws;
      ws.onopen = () => {
        attempt = 0;
        setConnected(true);
        if (admin) ws.send(JSON.stringify({ type: 'authenticateAdmin', token } satisfies ClientFrame));
        if (queryId) ws.send(JSON.stringify({ type: 'joinRoom', token, queryId } satisfies ClientFrame));
      };
      ws.onmessage = (event) => {
        void frameParser().then((parse) => {
          // A frame that does not parse (chats.frames.schema.ts) is never acted on.
          const frame = parse(event.data);
          if (!frame) return;
          switch (frame.type) {
            case 'joined':
              // The history is fetched once per join: the first one and after each reconnect.
              if (frame.queryId === queryId) {
                void loadHistory();
                refreshAfterRejoin();
              }
              break;
            case 'receiveMessage':
              // docs/product.md §4: only messages of the open query are appended, each once.
              if (frame.message.query === queryId) {
                setMessages((cur) => mergeMessages(cur, [frame.message]));
                pending.echoed(frame.message, isOwn(frame.message));
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
              if (sessionRefusedFrame(frame)) return sessionEnded();
              // Said just before the close that ends the session (SESSION_ENDED_CLOSE), handled there.
              if (frame.code === 'session_ended') break;
              if (pending.refuseOldest()) notSent(frame.message);
              else toast.error(frame.message);
              break;
          }
        });
      };
      ws.onclose = (event) => {
        if (sessionEndedClose(event) && socketRef.current === ws) sessionEnded();
        else lost(ws);
      };
      // docs/product.md §8: socket connection errors are only logged; onclose schedules the retry.
      ws.onerror = () => console.warn('chat socket error');
    };

    // A client screen without an open query needs no socket; the admin one listens for presence.
    if (queryId || admin) connect();
    // Without a working socket the history still comes once, over HTTP.
    const fallback = queryId
      ? setTimeout(() => {
          if (joins === 0) void loadHistory();
        }, HISTORY_FALLBACK_MS)
      : undefined;
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(fallback);
      history?.abort();
      postRef.current = null;
      // The room changed or closed: what was waiting for an echo stays in the composer, unsaid.
      pending.failAll();
      const ws = socketRef.current;
      socketRef.current = null;
      ws?.close();
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
