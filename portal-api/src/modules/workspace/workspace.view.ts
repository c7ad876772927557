import type { DB } from '../../db/database.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { listQueryHistory } from '../activities/activities.repo.ts';
import { messageTimes } from '../chats/chats.repo.ts';
import { unreadCounts } from '../chats/unread.repo.ts';
import { isFollowing } from '../companies/companies.repo.ts';
import { firmDay } from '../../shared/firm-time.ts';
import { QUERY_NOT_FOUND } from '../queries/queries.labels.ts';
import { getQueryForUser } from '../queries/queries.public.ts';
import { findQueryRow } from '../queries/queries.repo.ts';
import { allowedMoves, allowedNext } from '../queries/queries.rules.ts';
import { findClientContact, zipKey, zipName } from './workspace.repo.ts';
import type { ChatDay, Workspace } from './workspace.schema.ts';

// The request workspace, the read model of the panel beside a chat: the request, its client's
// contact, its history, the moves the viewer may take now, the plans' ZIP and the unread count.

type Viewer = Pick<AuthUser, 'id' | 'role' | 'companyId'>;

// Lines written since 20261124T1400 say who acted. Older ones are told by their text: these are
// written by a client's own action (queries.routes.ts, chats.socket.ts, quotes, addenda, outcome);
// every other line is the estimating team's.
const CLIENT_ACTIVITIES = /^(Query submitted|Message sent|Quote accepted|Quote declined|Addendum \d+ added|Bid outcome)/;

/** The request workspace for its owner or an admin; 404 for anyone else (as GET /queries/{id}). */
export async function loadWorkspace(db: DB, storage: Storage, id: string, viewer: Viewer): Promise<Workspace> {
  const query = await getQueryForUser(db, storage, id, viewer);
  const [row, client, history, unread, following, sent] = await Promise.all([
    findQueryRow(db, id),
    findClientContact(db, query.user._id),
    listQueryHistory(db, id),
    unreadCounts(db, viewer, [id]),
    viewer.role === 'client' ? isFollowing(db, id, viewer.id) : null,
    messageTimes(db, id),
  ]);
  if (!client || !row) throw new HttpError(404, QUERY_NOT_FOUND);
  const facts = {
    status: query.status,
    firstAnsweredAt: row.first_answered_at,
    bidDueDate: query.bidDueDate,
    outcome: query.outcome.value,
    quotes: query.quotes,
  };
  return {
    query,
    client: { _id: client.id, fullName: client.full_name, email: client.email, company: client.company, phone: client.phone_number },
    history: history.map((h) => ({ ...h, by: h.by ?? (CLIENT_ACTIVITIES.test(h.activity) ? 'client' : 'firm') })),
    chatDays: chatDays(sent),
    actions: viewer.role === 'admin' ? allowedNext(query.status) : [],
    moves: allowedMoves(facts, viewer.role),
    filesZipUrl: query.files.length ? filesZipUrl(storage, id) : null,
    unread: unread.get(id) ?? 0,
    ...(following === null ? {} : { following }),
  };
}

/** Message times (oldest first) counted per Miami day, the firm's calendar. */
export function chatDays(times: string[]): ChatDay[] {
  const days: ChatDay[] = [];
  for (const at of times) {
    const day = firmDay(at);
    const last = days.at(-1);
    if (last?.day === day) {
      last.count += 1;
      last.lastAt = at;
    } else days.push({ day, count: 1, lastAt: at });
  }
  return days;
}

/** /api/queries/{id}/files.zip with a signature, so a plain link (no bearer header) downloads it. */
export function filesZipUrl(storage: Storage, queryId: string): string {
  const signed = new URL(storage.signedUrl(zipKey(queryId), zipName(queryId)), 'http://local');
  const params = new URLSearchParams({ exp: signed.searchParams.get('exp') ?? '', sig: signed.searchParams.get('sig') ?? '' });
  const viewer = signed.searchParams.get('u');
  if (viewer) params.set('u', viewer);
  return `/api/queries/${encodeURIComponent(queryId)}/files.zip?${params}`;
}
