import type { DB } from '../../db/database.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { listQueryHistory } from '../activities/activities.repo.ts';
import { unreadCounts } from '../chats/unread.repo.ts';
import { getQueryForUser, QUERY_NOT_FOUND } from './queries.repo.ts';
import type { Workspace } from './queries.workspace.schema.ts';
import { allowedNext } from './status-transitions.ts';

type Viewer = Pick<AuthUser, 'id' | 'role'>;

// Lines written since 20261124T1400 say who acted. Older ones are told by their text: these are
// written by a client's own action (queries.routes.ts, chats.socket.ts, quotes, addenda, outcome);
// every other line is the estimating team's.
const CLIENT_ACTIVITIES = /^(Query submitted|Message sent|Quote accepted|Quote declined|Addendum \d+ added|Bid outcome)/;

/** The ZIP of a query's plan files is signed under this pseudo-key (never a stored file). */
export const zipKey = (queryId: string) => `zip/${queryId}/plans`;
export const zipName = (queryId: string) => `request-${queryId}-plans.zip`;

/** The request workspace for its owner or an admin; 404 for anyone else (as GET /queries/{id}). */
export async function loadWorkspace(db: DB, storage: Storage, id: string, viewer: Viewer): Promise<Workspace> {
  const query = await getQueryForUser(db, storage, id, viewer);
  const [client, history, unread] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'full_name', 'email', 'company', 'phone_number'])
      .where('id', '=', query.user._id)
      .executeTakeFirst(),
    listQueryHistory(db, id),
    unreadCounts(db, viewer, [id]),
  ]);
  if (!client) throw new HttpError(404, QUERY_NOT_FOUND);
  return {
    query,
    client: { _id: client.id, fullName: client.full_name, email: client.email, company: client.company, phone: client.phone_number },
    history: history.map((h) => ({ ...h, by: h.by ?? (CLIENT_ACTIVITIES.test(h.activity) ? 'client' : 'firm') })),
    actions: viewer.role === 'admin' ? [...allowedNext(query.status)] : [],
    filesZipUrl: query.files.length ? filesZipUrl(storage, id) : null,
    unread: unread.get(id) ?? 0,
  };
}

/** /api/queries/{id}/files.zip with a signature, so a plain link (no bearer header) downloads it. */
export function filesZipUrl(storage: Storage, queryId: string): string {
  const signed = new URL(storage.signedUrl(zipKey(queryId), zipName(queryId)), 'http://local');
  const params = new URLSearchParams({ exp: signed.searchParams.get('exp') ?? '', sig: signed.searchParams.get('sig') ?? '' });
  return `/api/queries/${encodeURIComponent(queryId)}/files.zip?${params}`;
}

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
