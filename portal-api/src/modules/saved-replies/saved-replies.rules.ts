// docs/product.md §25 "Saved replies": the placeholders a reply may use and how they are filled.
// Pure and shared: the composer fills a reply as it inserts it, with what the workspace shows.

import { longDate } from '../../shared/en-us.ts';

export const SAVED_REPLY_LIMITS = { title: 80, body: 4_000, files: 5 } as const;

export const PLACEHOLDERS = ['{client_first_name}', '{project_name}', '{bid_due_date}'] as const;

export type PlaceholderValues = { clientFullName: string; projectName: string | null; bidDueDate: string | null };

/** '2026-12-04' → 'December 4, 2026' (a calendar date: no time zone moves it). */
function calendarDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return longDate(new Date(Date.UTC(y!, m! - 1, d!)), true);
}

/**
 * The reply's text with its placeholders filled. What a request lacks reads naturally: 'there'
 * for a client without a name, 'your project' without a project name, 'your bid date' without a
 * bid due date.
 */
export function fillPlaceholders(body: string, values: PlaceholderValues): string {
  const first = values.clientFullName.trim().split(/\s+/)[0] || 'there';
  const filled: Record<(typeof PLACEHOLDERS)[number], string> = {
    '{client_first_name}': first,
    '{project_name}': values.projectName?.trim() || 'your project',
    '{bid_due_date}': values.bidDueDate && /^\d{4}-\d{2}-\d{2}$/.test(values.bidDueDate) ? calendarDay(values.bidDueDate) : 'your bid date',
  };
  return body.replace(/\{(client_first_name|project_name|bid_due_date)\}/g, (token) => filled[token as keyof typeof filled]);
}

/** The replies whose title starts with (or contains) what follows '/', for the composer's list. */
export function repliesMatching<R extends { title: string }>(text: string, replies: R[]): R[] {
  const match = /^\/(.*)$/s.exec(text);
  if (!match) return [];
  const typed = match[1]!.trim().toLowerCase();
  const starts = replies.filter((r) => r.title.toLowerCase().startsWith(typed));
  const contains = replies.filter((r) => !starts.includes(r) && r.title.toLowerCase().includes(typed));
  return [...starts, ...contains];
}

/** The line a message answered with a saved reply ends with, naming the files it added to the request. */
export function attachedLine(names: string[]): string {
  return `Attached to this request's files: ${names.join(', ')}`;
}

/**
 * A message with the line naming its files added (unless it already ends with it). One line: the
 * chat's message box is a single-line input, which drops line breaks.
 */
export function withAttachedFiles(text: string, names: string[]): string {
  if (!names.length) return text;
  const line = attachedLine(names);
  return text.endsWith(line) ? text : `${text} · ${line}`;
}

/** A saved reply as the one-line message box holds it: its line breaks become spaces. */
export const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
