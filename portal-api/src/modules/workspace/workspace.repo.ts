import type { DB } from '../../db/database.ts';

// The workspace's own reads: the client's contact and the plan files of its ZIP.

/** The contact the workspace shows of a request's client. */
export function findClientContact(db: DB, userId: string) {
  return db.selectFrom('users').select(['id', 'full_name', 'email', 'company', 'phone_number']).where('id', '=', userId).executeTakeFirst();
}

/** The ZIP of a query's plan files is signed under this pseudo-key (never a stored file). */
export const zipKey = (queryId: string) => `zip/${queryId}/plans`;
export const zipName = (queryId: string) => `request-${queryId}-plans.zip`;

/** The stored plan files of a query, for the ZIP (keys stay on the server). */
export function listPlanFiles(db: DB, queryId: string) {
  return db
    .selectFrom('query_files')
    .select(['name', 'storage_key'])
    .where('query_id', '=', queryId)
    .where('kind', '=', 'attachment')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
