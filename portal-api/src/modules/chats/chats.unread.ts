import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { colleaguesOf } from '../companies/companies.repo.ts';
import { findQueryForUser } from '../queries/queries.public.ts';
import { FIRM_READER, markRead, unreadCounts, type Reader } from './unread.repo.ts';
import type { ServerFrame } from './chats.schema.ts';
import type { Peer } from './hub.ts';

// Live unread counts over /ws. A socket that sends watchUnread joins its
// reader's room: every admin socket the firm's, a client socket its own. Rooms go
// through hub.publish, so with PostgreSQL fan-out the counts reach every instance.

export const unreadRoom = (reader: Reader) => `unread:${reader.role === 'admin' ? FIRM_READER : `user:${reader.id}`}`;

/** watchUnread: join the reader's unread room and answer the current counts. */
export async function watchUnread(deps: Deps, peer: Peer, user: AuthUser): Promise<ServerFrame> {
  deps.hub.join(peer, unreadRoom(user));
  // An admin watching counts is an admin connection (presence frames, "is anyone at the desk").
  if (user.role === 'admin') peer.role = 'admin';
  const counts = await unreadCounts(deps.db, user);
  let total = 0;
  for (const n of counts.values()) total += n;
  return { type: 'unread', total, queries: Object.fromEntries(counts) };
}

/** markRead: the viewer has read a query up to now; 404-style refusal for a query it may not see. */
export async function markQueryRead(deps: Deps, user: AuthUser, queryId: string): Promise<void> {
  const query = await findQueryForUser(deps.db, queryId, user);
  await markRead(deps.db, query.id, user);
  await publishCount(deps, user, query.id, query.user_id);
}

/**
 * After a message: the count for that query and the total of everyone else concerned go out
 * live: each member of the request's company but the sender, and the firm when a client wrote.
 */
export async function pushUnreadAfterMessage(deps: Deps, sender: AuthUser, query: { id: string; user_id: string }): Promise<void> {
  try {
    const members = await clientReaders(deps, query.user_id);
    const readers: Reader[] = members.filter((m) => m.id !== sender.id);
    if (sender.role !== 'admin') readers.push({ id: FIRM_READER, role: 'admin' });
    for (const reader of readers) await publishCount(deps, reader, query.id, query.user_id);
  } catch (err) {
    deps.log.error({ err, queryId: query.id }, 'message stored but unread counts not pushed');
  }
}

/** The members of the author's company (docs/product.md, "Colleagues"), as unread readers. */
async function clientReaders(deps: Deps, authorId: string): Promise<Reader[]> {
  const { companyId, ids } = await colleaguesOf(deps.db, authorId);
  return ids.map((id) => ({ id, role: 'client' as const, companyId }));
}

async function publishCount(deps: Deps, reader: Reader, queryId: string, ownerId: string): Promise<void> {
  const room = unreadRoom(reader);
  // No socket watches these counts, here or (without a fan-out) anywhere: nothing to count.
  if (!deps.hub.mayReach(room)) return;
  // One read gives both: the reader's count of every query, so this query's and their sum.
  const counts = await unreadCounts(deps.db, reader);
  let total = 0;
  for (const n of counts.values()) total += n;
  const frame: ServerFrame = { type: 'unread', total, queryId, userId: ownerId, count: counts.get(queryId) ?? 0 };
  await deps.hub.publish(room, frame);
}

/**
 * A request changed (a new one, a status, a lifecycle step): the frame goes to the unread watchers
 * of its owner and of the firm too, so their lists and counts on pages without that chat open
 * (My Queries, the dashboards, the queue) refresh live. A failure is logged: the change is saved.
 */
export async function pushRequestChange(deps: Deps, ownerId: string, frame: ServerFrame): Promise<void> {
  try {
    for (const reader of await clientReaders(deps, ownerId)) await deps.hub.publish(unreadRoom(reader), frame);
    await deps.hub.publish(unreadRoom({ id: FIRM_READER, role: 'admin' }), frame);
  } catch (err) {
    deps.log.error({ err, ownerId }, 'request changed but not pushed to the unread watchers');
  }
}

/**
 * A frame for the admins only (an assignment, an internal note): the firm's unread room, which
 * only admin sockets join (watchUnread), on every instance. Never a request's room, where its
 * client listens. A failure is logged: the change is saved.
 */
export async function pushToFirm(deps: Deps, frame: ServerFrame): Promise<void> {
  try {
    await deps.hub.publish(unreadRoom({ id: FIRM_READER, role: 'admin' }), frame);
  } catch (err) {
    deps.log.error({ err }, 'change saved but not pushed to the admins');
  }
}
