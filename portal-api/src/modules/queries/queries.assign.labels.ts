// docs/product.md §25 "Assignment": the sentences of assigning a request, said by the server and
// shown by the screens. No imports: the browser takes them as they are.
export const ASSIGN_TEXTS = {
  invalidAssignee: 'A request can be assigned only to an active admin.',
  assigned: (name: string) => `Assigned to ${name}.`,
  unassigned: 'The request is now for the whole team.',
  /** The history line. */
  historyAssigned: (name: string) => `Assigned to ${name}`,
  historyUnassigned: 'Unassigned',
  /** What the client reads in the workspace. */
  estimator: (name: string | null) => (name ? `Your estimator: ${name}` : 'Our team'),
} as const;

/** The queue's assignment filter (docs/product.md §25); 'mine' is the default once the firm has more than one admin. */
export const ASSIGNEE_FILTERS = ['mine', 'unassigned', 'everyone'] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];
export const ASSIGNEE_FILTER_LABELS: Record<AssigneeFilter, string> = { mine: 'Mine', unassigned: 'Unassigned', everyone: 'Everyone' };
