import type { ClientFrame, ServerFrame } from '../../portal-api/src/modules/chats/chats.frames.schema.ts';
import { frameParser } from '../lib/frame-parser.ts';
import { sessionRefused } from '../lib/api.ts';
import { reconnectDelay, sessionEndedClose, sessionRefusedFrame, socketUrl } from './chat-socket.ts';
import type { UnsignedFrame } from './unread-store.ts';

// The one /ws connection of a tab (docs/architecture.md §5), shared by the open chat room
// (features/chat/useChatRoom.ts) and the unread counts and alerts (use-unread-socket.ts). The server
// lets one socket carry every subscription (joinRoom, authenticateAdmin, watchUnread), so each
// consumer says what it needs on every open, and the connection reconnects with backoff for all of
// them. A frame sent while it is down can wait in the outbox (chat messages do): it goes out in
// order, after every consumer has re-subscribed, once the socket is back.

const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 15_000;
/**
 * A socket in a request's room and in its reader's unread room hears a request's change twice (the
 * server publishes it to both, modules/queries/queries.step.ts): the copy right behind it is dropped.
 */
const DUPLICATE_WINDOW_MS = 1000;

export type Send = (frame: UnsignedFrame) => void;

export type SocketConsumer = {
  /** The socket is open (first time, or back after a drop): subscribe again with `send`. */
  opened?: (send: Send) => void;
  /** A frame that parsed (chats.frames.schema.ts); one that did not is never handed on. */
  frame: (frame: ServerFrame) => void;
  /** The socket is gone: it will reconnect unless the session ended. */
  closed?: () => void;
};

/** A frame waiting for the socket: `sending` runs just before it goes, `dropped` if it never will. */
type Queued = { owner: SocketConsumer; frame: UnsignedFrame; sending?: () => void; dropped?: () => void };

class TabSocket {
  private consumers = new Set<SocketConsumer>();
  private outbox: Queued[] = [];
  private ws: WebSocket | null = null;
  private token: string | null = null;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private lastChange = { text: '', at: 0 };
  /** How many WebSockets this tab has opened: what the tests count. */
  opens = 0;

  get open(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /**
   * Adds a consumer with the tab's session token and opens the socket if none is open; a newer
   * token (another tab signed in again) replaces the socket. Returns the detach function.
   */
  attach(token: string, consumer: SocketConsumer): () => void {
    this.consumers.add(consumer);
    if (token !== this.token) {
      this.token = token;
      this.restart();
    } else if (this.open) {
      consumer.opened?.(this.sender());
    } else if (!this.ws && this.retry === undefined) {
      this.connect();
    }
    return () => this.detach(consumer);
  }

  /** Sends now; while the socket is down, nothing is sent (false), unless `queue` keeps it for the reconnect. */
  send(owner: SocketConsumer, frame: UnsignedFrame, queue?: Omit<Queued, 'owner' | 'frame'>): boolean {
    if (this.open && this.outbox.length === 0) {
      queue?.sending?.();
      this.write(frame);
      return true;
    }
    if (!queue) return false;
    this.outbox.push({ owner, frame, ...queue });
    // Someone is waiting on this frame (a chat message waits 10 s): try the connection now, with the
    // backoff started over, rather than at its next turn, which after a long drop is up to 15 s away.
    if (!this.ws && this.retry !== undefined) {
      clearTimeout(this.retry);
      this.attempt = 0;
      this.connect();
    }
    return false;
  }

  /** Takes back a frame still waiting for the socket (the wait was given up): true if it was waiting. */
  cancel(frame: UnsignedFrame): boolean {
    const index = this.outbox.findIndex((q) => q.frame === frame);
    if (index >= 0) this.outbox.splice(index, 1);
    return index >= 0;
  }

  private detach(consumer: SocketConsumer): void {
    if (!this.consumers.delete(consumer)) return;
    const kept: Queued[] = [];
    for (const q of this.outbox) {
      if (q.owner === consumer) q.dropped?.();
      else kept.push(q);
    }
    this.outbox = kept;
    if (this.consumers.size === 0) this.stop();
  }

  private sender(): Send {
    return (frame) => {
      if (this.open) this.write(frame);
    };
  }

  private write(frame: UnsignedFrame): void {
    this.ws?.send(JSON.stringify({ ...frame, token: this.token } as ClientFrame));
  }

  private stop(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    const ws = this.ws;
    this.ws = null;
    this.token = null;
    this.attempt = 0;
    for (const q of this.outbox.splice(0)) q.dropped?.();
    if (ws) {
      // onerror stays: closing a socket still connecting reports an error, only logged.
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close();
    }
  }

  private restart(): void {
    clearTimeout(this.retry);
    this.retry = undefined;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      // onerror stays: closing a socket still connecting reports an error, only logged.
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close();
      for (const c of this.consumers) c.closed?.();
    }
    this.attempt = 0;
    this.connect();
  }

  /** The server ended the sign-in (close code 4001, or its token refused): no reconnecting with it. */
  private sessionEnded(): void {
    const token = this.token;
    const consumers = [...this.consumers];
    this.consumers.clear();
    this.stop();
    for (const c of consumers) c.closed?.();
    // lib/api.ts decides as for a 401: signed out, or another tab's newer session (whose consumers attach again).
    if (token) sessionRefused(token);
  }

  private connect(): void {
    this.retry = undefined;
    if (!this.token || this.consumers.size === 0) return;
    const ws = (this.ws = new WebSocket(socketUrl()));
    // The frame parser loads while the socket opens, not after the first frame has come.
    void frameParser();
    this.opens++;
    ws.onopen = () => {
      this.attempt = 0;
      const send = this.sender();
      for (const c of this.consumers) c.opened?.(send);
      // What waited for the socket goes after the subscriptions (a message after its room's joinRoom), in order.
      for (const q of this.outbox.splice(0)) {
        q.sending?.();
        this.write(q.frame);
      }
    };
    ws.onmessage = (event) => {
      void frameParser().then((parse) => {
        if (this.ws !== ws) return;
        const frame = parse(event.data);
        if (!frame) return;
        if (frame.type === 'error' && sessionRefusedFrame(frame)) return this.sessionEnded();
        if (frame.type === 'queryStatus' || frame.type === 'queryLifecycle') {
          const now = Date.now();
          if (event.data === this.lastChange.text && now - this.lastChange.at < DUPLICATE_WINDOW_MS) return;
          this.lastChange = { text: event.data as string, at: now };
        }
        for (const c of [...this.consumers]) c.frame(frame);
      });
    };
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (sessionEndedClose(event)) return this.sessionEnded();
      for (const c of this.consumers) c.closed?.();
      if (this.consumers.size > 0)
        this.retry = setTimeout(() => this.connect(), reconnectDelay(this.attempt++, BACKOFF_MIN_MS, BACKOFF_MAX_MS));
    };
    // docs/product.md §8: socket connection errors are only logged; onclose schedules the retry.
    ws.onerror = () => console.warn('socket error');
  }

  /** Gives up on the open socket (it may be open to the browser and carry nothing): reconnects at once. */
  replace(): void {
    if (this.ws) this.restart();
  }
}

/** This tab's connection. */
export const tabSocket = new TabSocket();
