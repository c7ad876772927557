import type { ChatMessage } from '../../../portal-api/src/modules/chats/chats.schema.ts';

// A room's messages come twice over: live frames and the history, read as the room opens and
// again when a join shows it missed something (historyLacks) or after a reconnect.

/** Adds messages not already present (by _id), oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const known = new Set(current.map((m) => m._id));
  const fresh = incoming.filter((m) => !known.has(m._id) && (known.add(m._id), true));
  if (!fresh.length) return current;
  return [...current, ...fresh].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/**
 * Whether the history read as the room opened must be read again, once the join names the room's
 * newest message at that moment: the read failed (null), the server named nothing (undefined), or
 * the read does not hold that message (it was stored between the read and the join).
 */
export function historyLacks(readIds: readonly string[] | null, lastMessageId: string | null | undefined): boolean {
  if (readIds === null || lastMessageId === undefined) return true;
  return lastMessageId !== null && !readIds.includes(lastMessageId);
}
