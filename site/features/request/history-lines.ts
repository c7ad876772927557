import type { ChatDay, HistoryEntry } from '../../../portal-api/src/modules/workspace/workspace.schema.ts';
import { formatBidDueDate } from '../../../portal-api/src/modules/queries/queries.labels.ts';

// The workspace history (docs/product.md §10): every lifecycle step keeps its own line, while the
// chat, which can run to hundreds of messages, is one 'N messages' line per day. The stored chat
// activity lines ('Message sent', 'Reply from the estimating team', written at most once per ten
// minutes of a burst) are left out: the counts come from the messages themselves.

/** The activity texts a chat message writes (chats.frames.ts). */
export const CHAT_ACTIVITIES: ReadonlySet<string> = new Set(['Message sent', 'Reply from the estimating team']);

export type HistoryLine =
  { kind: 'step'; key: string; entry: HistoryEntry; at: string } | { kind: 'chat'; key: string; text: string; day: string; at: string };

/** '1 message', '12 messages'. */
export const messagesText = (count: number) => `${count} message${count === 1 ? '' : 's'}`;

/** The day of a chat line as the history shows it: 'Nov 24, 2026' (a calendar day, never moved by a time zone). */
export const chatDayLabel = (day: string) => formatBidDueDate(day);

/** The lifecycle steps, and one line per day of chat, oldest first. */
export function historyLines(history: readonly HistoryEntry[], chatDays: readonly ChatDay[]): HistoryLine[] {
  const steps: HistoryLine[] = history
    .filter((h) => !CHAT_ACTIVITIES.has(h.activity))
    .map((entry) => ({ kind: 'step', key: entry._id, entry, at: entry.createdAt }));
  const chats: HistoryLine[] = chatDays.map((d) => ({
    kind: 'chat',
    key: `chat-${d.day}`,
    text: messagesText(d.count),
    day: d.day,
    at: d.lastAt,
  }));
  // ISO times compare as text; a step and the day's last message at the same instant keep the step first.
  return [...steps, ...chats].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.kind === 'step' ? -1 : 1));
}
