import { create } from 'zustand';
import type { ClientFrame } from '../../portal-api/src/modules/chats/chats.frames.schema.ts';

// Unread chat counts of the signed-in user, filled by the shell's /ws
// connection (tab-socket.ts, use-unread-socket.ts) and read by the sidebar badge and the chat lists.
// For an admin they are the firm's counts: every admin shares one read time.

/** A client frame before the socket adds its session token. */
export type UnsignedFrame = ClientFrame extends infer F ? (F extends ClientFrame ? Omit<F, 'token'> : never) : never;

export type UnreadEvent = { queryId: string; userId?: string; count: number; seq: number };

type UnreadState = {
  /** Null until the server has answered watchUnread. */
  total: number | null;
  byQuery: Record<string, number>;
  /** The latest live change, so lists can refresh what the frame does not carry (the message text, the order). */
  lastEvent: UnreadEvent | null;
  /** Set by the socket while it is open; markRead queues until then. */
  send: ((frame: UnsignedFrame) => void) | null;
  pendingReads: string[];
  markRead: (queryId: string) => void;
};

export const useUnread = create<UnreadState>((set, get) => ({
  total: null,
  byQuery: {},
  lastEvent: null,
  send: null,
  pendingReads: [],
  markRead: (queryId) => {
    const { send, pendingReads } = get();
    if (send) send({ type: 'markRead', queryId });
    else if (!pendingReads.includes(queryId)) set({ pendingReads: [...pendingReads, queryId] });
  },
}));
