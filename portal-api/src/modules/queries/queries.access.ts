import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { QUERY_NOT_FOUND } from './queries.labels.ts';
import { findLinkViewer, findQueryRow, loadQueriesByIds } from './queries.repo.ts';
import type { Query } from './queries.schema.ts';

// Who may see a request, decided here and nowhere else: an admin sees every request; a client
// sees the requests of their company (its author's company when it was made), whoever of the
// company wrote them (docs/product.md, "Colleagues"). Anyone else gets the 404 of an unknown
// id, so ids of other companies' requests reveal nothing. Lists use companyScope, single
// requests canSeeQuery; the step runner, the chat, the files, signed links and unread counts
// all come through one of the two.

type Executor = Kysely<Database> | Transaction<Database>;
export type Viewer = Pick<AuthUser, 'id' | 'role' | 'companyId'>;

/** A company id no request has: a client without a company (none should exist) sees nothing. */
const NO_COMPANY = '';

/** The company whose requests a list shows this viewer; null for an admin (every request). */
export function companyScope(viewer: Viewer): string | null {
  return viewer.role === 'admin' ? null : (viewer.companyId ?? NO_COMPANY);
}

/** The company whose requests are the viewer's own ("My Queries", the dashboard); none for an admin. */
export function ownCompany(viewer: Viewer): string {
  return viewer.role === 'client' ? (viewer.companyId ?? NO_COMPANY) : NO_COMPANY;
}

/** Whether the viewer may see a request whose company is `companyId`. */
export function canSeeQuery(viewer: Viewer, row: { company_id: string | null }): boolean {
  if (viewer.role === 'admin') return true;
  return viewer.role === 'client' && !!viewer.companyId && row.company_id === viewer.companyId;
}

/** The bare row of a query the viewer may see; 404 for unknown ids and for another company's query. */
export async function findQueryForUser(db: Executor, id: string, user: Viewer) {
  const row = await findQueryRow(db, id);
  if (!row || !canSeeQuery(user, row)) throw new HttpError(404, QUERY_NOT_FOUND);
  return row;
}

/** The full Query JSON for a member of its company or an admin; 404 otherwise. */
export async function getQueryForUser(db: Executor, storage: Storage, id: string, user: Viewer): Promise<Query> {
  await findQueryForUser(db, id, user);
  const [query] = await loadQueriesByIds(db, storage, [id]);
  if (!query) throw new HttpError(404, QUERY_NOT_FOUND);
  return query;
}

/**
 * Whether the user a signed link was handed to (lib/link-viewer.ts) may still see a request of
 * this company: an approved admin, or an approved member of it now. A removed colleague's links
 * stop here at once.
 */
export async function linkViewerMaySee(db: Executor, viewerId: string, row: { company_id: string | null }): Promise<boolean> {
  const viewer = await findLinkViewer(db, viewerId);
  if (!viewer || viewer.status !== 'approved') return false;
  return canSeeQuery({ id: viewerId, role: viewer.role, companyId: viewer.company_id }, row);
}
