// The request statuses and how every screen names them (docs/product.md §2, §4), plus the
// request form's docs/product.md §5 texts. The server, the schemas, the database types and
// every island read them from here, so each exists once; the only import is en-us.ts, which
// imports nothing.

import { mediumDate } from '../../shared/en-us.ts';

export const QUERY_STATUSES = ['pending', 'in_progress', 'answered', 'closed'] as const;
export type QueryStatus = (typeof QUERY_STATUSES)[number];

export const STATUS_LABELS: Record<QueryStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  answered: 'Answered',
  closed: 'Closed',
};

/** 'in progress', 'In_Progress' and 'in_progress' are one status (docs/product.md §4 shows both spellings). */
export function statusKey(status: string): string {
  return status.trim().replace(/\s+/g, '_').toLowerCase();
}

/** docs/product.md §2 and §4: 'in_progress' and 'in progress' both read 'In Progress'; an unknown value is shown as sent. */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return '';
  return STATUS_LABELS[statusKey(status) as QueryStatus] ?? status;
}

/**
 * A bid due date (YYYY-MM-DD, a calendar day with no time zone) as every screen and the
 * quote warning show it: '2026-12-01' reads 'Dec 1, 2026'. Read at UTC midnight and
 * formatted in UTC, so no browser's time zone moves it a day.
 */
export function formatBidDueDate(day: string): string {
  return mediumDate(new Date(`${day}T00:00:00Z`), true);
}

/** docs/product.md §5: one sentence for every missing field of the request and blog forms, as the product shows it. */
export const REQUIRED_FIELDS = 'Please fill in all required fields.';
export const QUERY_NOT_FOUND = 'Query not found.';
/** A request's form or addendum sent without a file. */
export const NO_FILES = 'Please choose at least one file.';
export const QUERY_CHANGED = 'This query was changed by someone else. Reload it and try again.';
/** docs/product.md §5: the request form without a session; two spaces, as the product shows it. */
export const NOT_AUTHENTICATED = 'User  not authenticated.';
/** docs/product.md §2: the request form's success toast, also the answer of POST /queries. */
export const QUERY_CREATED = 'Query submitted successfully!';
/** docs/product.md §4: the success message of 'Close Query', also the answer of PATCH /queries/{id}/status. */
export const QUERY_CLOSED = 'Query closed successfully';

/** The longest change note of a revision's answer, in the schema and the answer dialog. */
export const CHANGE_NOTE_MAX = 2000;
