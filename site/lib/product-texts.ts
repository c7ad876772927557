// docs/product.md §2 and §8 texts that more than one screen shows (the client and admin areas, or two
// screens of one area): written once here. Texts the server also says live beside its schemas
// (queries.labels.ts, auth.labels.ts, users.labels.ts, blogs.rules.ts).
import { BLOG_TEXTS } from '../../portal-api/src/modules/blogs/blogs.rules.ts';

export const PRODUCT_TEXTS = {
  noMessagesYet: 'No messages yet',
  noChatUsers: 'No users found. Please check back later.',
  confirmClose: 'Yes, Close Query',
  noQueriesFound: 'No queries found.',
  myQueriesFailed: 'Failed to fetch your queries',
  noActivities: 'No recent activities found.',
  activitiesFailed: 'Failed to fetch recent activities',
  servicesFailed: 'Failed to fetch services',
  usersFailed: 'Failed to fetch users',
  queriesLoadFailed: 'Failed to load queries',
  uncategorized: BLOG_TEXTS.uncategorized,
  /** docs/product.md §3 fallback for a user without a name. */
  unknownUser: 'Unknown User',
  /** docs/product.md §2 /admin-queries: a client without requests. */
  noQueries: 'No queries',
  /** docs/product.md §8: a network exception, or a failure without a sentence of its own. */
  somethingWrong: 'Something went wrong',
} as const;

/** docs/product.md §2 "Footer" and §9: the copyright line's year, a fixed text (not the clock's year). */
export const COPYRIGHT_YEAR = 2025;
