import { QUERY_STATUSES, STATUS_LABELS, type QueryStatus } from './queries.labels.ts';

// SPEC §4 shows only one rule ("any status other than closed can become closed");
// the rest is the product's answering workflow (issue 6):
//   pending → in_progress → answered, and any non-closed status → closed (final).
// No step goes back, none is skipped, and setting the current status again is refused.

export { QUERY_STATUSES, STATUS_LABELS };

const NEXT: Record<QueryStatus, readonly QueryStatus[]> = {
  pending: ['in_progress', 'closed'],
  in_progress: ['answered', 'closed'],
  answered: ['closed'],
  closed: [],
};

export function allowedNext(from: QueryStatus): readonly QueryStatus[] {
  return NEXT[from];
}

export function canTransition(from: QueryStatus, to: QueryStatus): boolean {
  return NEXT[from].includes(to);
}

/** The sentence a refused change answers with (409). */
export function transitionError(from: QueryStatus, to: QueryStatus): string {
  if (from === 'closed') return 'This query is closed. A closed query cannot change status.';
  if (from === to) return `This query is already ${STATUS_LABELS[to]}.`;
  const next = NEXT[from].map((s) => STATUS_LABELS[s]).join(' or ');
  return `A query that is ${STATUS_LABELS[from]} can only become ${next}.`;
}

/** Human description of the rules, used in the OpenAPI description. */
export const TRANSITIONS_DOC =
  'Allowed transitions: pending → in_progress → answered; pending, in_progress or answered → closed. ' +
  'closed is final. No step goes back or is skipped (pending → answered is refused). ' +
  'A refused transition answers 409 with a sentence; an unknown status answers 400.';
