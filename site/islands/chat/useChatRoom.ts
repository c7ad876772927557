import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { ChatMessage, ServerFrame } from '../../../portal-api/src/modules/chats/chats.schema.ts';
import { api, call } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';

export type { ChatMessage };

// The chat connection of CONTRACTS.md, shared by the client and admin chats:
// one socket per open room, history from the API, live frames merged by _id.
// After a dropped connection it reconnects with exponential backoff and
// re-joins; every `joined` refetches the history (once per join) and, after a reconnect, the request's status, so
// nothing sent while the socket was down is missed, and the _id merge keeps nothing twice.

const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 15_000;
/** Loads the history over HTTP when no `joined` came this long after opening. */
const HISTORY_FALLBACK_MS = 4000;

export type ChatRoom = {
  messages: ChatMessage[];
  connected: boolean;
  queryStatus: string | null;
  /** Changes on every `queryLifecycle` frame of the open query (issue 13): the request panel reloads on it. */
  lifecycleStamp: number;
  /** Trims, and sends nothing blank (SPEC §5 "Chat"). */
  /** False when nothing was sent (no open socket): the composer keeps the text. */
  send: (text: string, replyTo?: string | null) => boolean;
  presence: Record<string, boolean>;
  /** True until the first history load of the current room finished. */
  loading: boolean;
};

/** Adds messages not already present (by _id), oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const known = new Set(current.map((m) => m._id));
  const fresh = incoming.filter((m) => !known.has(m._id) && (known.add(m._id), true));
  if (!fresh.length) return current;
  return [...current, ...fresh].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

export function socketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

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
        // SPEC §8: the client logs 'Failed to fetch messages' and keeps what it shows; the admin
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

    const connect = () => {
      if (stopped) return;
      const ws = new WebSocket(socketUrl());
      socketRef.current = ws;
      ws.onopen = () => {
        attempt = 0;
        setConnected(true);
        if (admin) ws.send(JSON.stringify({ type: 'authenticateAdmin', token }));
        if (queryId) ws.send(JSON.stringify({ type: 'joinRoom', token, queryId }));
      };
      ws.onmessage = (event) => {
        let frame: ServerFrame;
        try {
          frame = JSON.parse(String(event.data));
        } catch {
          return;
        }
        switch (frame.type) {
          case 'joined':
            // The history is fetched once per join: the first one and after each reconnect.
            if (frame.queryId === queryId) {
              void loadHistory();
              refreshAfterRejoin();
            }
            break;
          case 'receiveMessage':
            // SPEC §4: only messages of the open query are appended, each once.
            if (frame.message?.query === queryId) setMessages((cur) => mergeMessages(cur, [frame.message]));
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
            toast.error(frame.message);
            break;
        }
      };
      ws.onclose = () => {
        if (socketRef.current === ws) socketRef.current = null;
        setConnected(false);
        if (stopped) return;
        // Exponential backoff with jitter so a restarted server is not hit by every tab at once.
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt) * (0.75 + Math.random() * 0.5);
        attempt += 1;
        retry = setTimeout(connect, delay);
      };
      // SPEC §8: socket connection errors are only logged; onclose schedules the retry.
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
      const ws = socketRef.current;
      socketRef.current = null;
      ws?.close();
      setConnected(false);
    };
  }, [queryId, token, admin, queryClient]);

  const send = useCallback(
    /** True once the frame is handed to an open socket; false leaves the text with the person to send again. */
    (text: string, replyTo: string | null = null): boolean => {
      const message = text.trim();
      if (!message || !queryId || !token) return false;
      const ws = socketRef.current;
      if (!ws || ws.readyState !== WebSocket.OPEN) {
        toast.error('Socket not connected');
        return false;
      }
      ws.send(JSON.stringify({ type: 'sendMessage', token, queryId, message, replyTo }));
      return true;
    },
    [queryId, token],
  );

  return { messages, connected, queryStatus, lifecycleStamp, send, presence, loading };
}
