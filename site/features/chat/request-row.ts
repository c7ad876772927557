import type { ChatRequest } from '../../../portal-api/src/modules/chats/chats.schema.ts';
import { formatDate, formatTime } from '../../lib/date-format.ts';

// How a row of the admin chat's per-request list reads (docs/product.md §16): the project name
// (or the request's own text), the client, who wrote last and what, and when: the time today,
// the date on any other day.

/** The row's title: the project name, else the subject, else the request's text. */
export function requestTitle(row: Pick<ChatRequest, 'projectName' | 'subject' | 'message'>): string {
  return row.projectName?.trim() || row.subject?.trim() || row.message.trim().split('\n')[0] || 'Unnamed Query';
}

/** 'You: …' for the firm's own line, '{client}: …' for the client's; 'No messages yet' before any. */
export function lastLine(row: Pick<ChatRequest, 'lastMessage' | 'client'>): string {
  const last = row.lastMessage;
  if (!last) return 'No messages yet';
  const who = last.senderRole === 'admin' ? 'You' : row.client.fullName;
  return `${who}: ${last.text}`;
}

/** The time of the row's last activity when it is today (in the browser's zone), else its date. */
export function whenText(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const sameDay = at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  return sameDay ? formatTime(iso) : formatDate(iso);
}
