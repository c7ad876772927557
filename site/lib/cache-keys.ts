// The roots of the browser's cache keys (TanStack Query) that more than one part of the site
// refreshes. Each area builds its own keys under them in its api.ts; a change to a request
// refreshes them all (the tab's socket watch in shell/unread-watch.ts, a workflow step), so every
// list and panel that shows the request follows it, whichever area drew it.
export const REQUEST_VIEWS = {
  /** The admin's lists: the queue and its clients, the dashboard's figures, the chat lists. */
  admin: ['admin'],
  /** The client's own requests: My Queries, the chat list, the dashboard's counts. */
  mine: ['queries'],
  /** Recent Activities on the client's dashboard. */
  activities: ['recent-activities'],
  /** The workspace panels, one per request id under it. */
  workspace: ['workspace'],
  /** The admins' internal notes, one list per request id under it (a noteAdded frame refreshes it). */
  notes: ['notes'],
} as const;
