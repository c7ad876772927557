import { SESSION_ENDED_CLOSE } from '../../portal-api/src/modules/chats/chats.labels.ts';
import type { ServerFrame } from '../../portal-api/src/modules/chats/chats.schema.ts';

// What the tab's /ws connection (tab-socket.ts) needs:
// the address, the wait before reconnecting, and how a socket says its session is over.

export function socketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** Exponential backoff with jitter (±25 %), so a restarted server is not hit by every tab at once. */
export function reconnectDelay(attempt: number, minMs: number, maxMs: number): number {
  return Math.min(maxMs, minMs * 2 ** attempt) * (0.75 + Math.random() * 0.5);
}

/** The server closed the socket because its session ended (logout or password reset, anywhere). */
export const sessionEndedClose = (event: CloseEvent): boolean => event.code === SESSION_ENDED_CLOSE;

/** The server refused the token of this socket's frames: its session is over. */
export const sessionRefusedFrame = (frame: ServerFrame): boolean => frame.type === 'error' && frame.code === 'session_expired';
