import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { QUERY_NOT_FOUND } from './queries.labels.ts';
import { findQueryRow, loadQueriesByIds } from './queries.repo.ts';
import type { Query } from './queries.schema.ts';

// Who may read a request: its owner or an admin. Anyone else gets the 404 of an unknown id, so
// ids of other clients' requests reveal nothing.

type Executor = Kysely<Database> | Transaction<Database>;
type Viewer = Pick<AuthUser, 'id' | 'role'>;

/** The bare row of a query the viewer may see; 404 for unknown ids and for someone else's query. */
export async function findQueryForUser(db: Executor, id: string, user: Viewer) {
  const row = await findQueryRow(db, id);
  if (!row || (user.role !== 'admin' && row.user_id !== user.id)) throw new HttpError(404, QUERY_NOT_FOUND);
  return row;
}

/** The full Query JSON for its owner or an admin; 404 otherwise. */
export async function getQueryForUser(db: Executor, storage: Storage, id: string, user: Viewer): Promise<Query> {
  await findQueryForUser(db, id, user);
  const [query] = await loadQueriesByIds(db, storage, [id]);
  if (!query) throw new HttpError(404, QUERY_NOT_FOUND);
  return query;
}
