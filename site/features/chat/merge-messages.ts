import type { ChatMessage } from '../../../portal-api/src/modules/chats/chats.schema.ts';

// A room's messages come twice over: live frames and the history fetched on every join.

/** Adds messages not already present (by _id), oldest first. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  const known = new Set(current.map((m) => m._id));
  const fresh = incoming.filter((m) => !known.has(m._id) && (known.add(m._id), true));
  if (!fresh.length) return current;
  return [...current, ...fresh].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}
