import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { namesContain } from '../../db/search.ts';
import type { QueryStatus } from '../../db/schema.ts';
import { FIRM_READER, lastMessages, unreadCounts, type LastMessage } from './unread.repo.ts';

// The admin chat's user list (docs/product.md §16): clients who have requests, the
// most recent conversation first, one page at a time, searchable on the server.

export type ChatUserQuery = {
  _id: string;
  subject: string | null;
  projectName: string | null;
  message: string;
  status: QueryStatus;
  createdAt: string;
  unread: number;
  lastMessageAt: string | null;
  lastMessage: LastMessage | null;
};
export type ChatUser = {
  _id: string;
  fullName: string;
  email: string;
  profileImage: string | null;
  lastMessage: LastMessage | null;
  lastActivityAt: string;
  unread: number;
  queries: ChatUserQuery[];
};

export async function listChatUsers(
  db: DB,
  opts: { search?: string; page: number; pageSize: number },
): Promise<{ users: ChatUser[]; hasMore: boolean }> {
  const latest = db
    .selectFrom('chat_messages')
    .select(['query_id', (eb) => eb.fn.max('created_at').as('at')])
    .groupBy('query_id')
    .as('lm');
  // The newer of the client's last message and last request: a returning client's new request
  // brings them up as a message does. (A null last message compares false: the request's time.)
  const activeAt = sql<string>`case when max(lm.at) > max(q.created_at) then max(lm.at) else max(q.created_at) end`;
  let qb = db
    .selectFrom('users as u')
    .innerJoin('queries as q', 'q.user_id', 'u.id')
    .leftJoin(latest, 'lm.query_id', 'q.id')
    .select(['u.id', 'u.full_name', 'u.email', 'u.profile_image', activeAt.as('active_at')])
    .groupBy(['u.id', 'u.full_name', 'u.email', 'u.profile_image']);
  if (opts.search) {
    qb = qb.where(namesContain(db, 'users', 'u', opts.search));
  }
  const rows = await qb
    .orderBy(activeAt, 'desc')
    .orderBy('u.id')
    .limit(opts.pageSize + 1)
    .offset((opts.page - 1) * opts.pageSize)
    .execute();
  const hasMore = rows.length > opts.pageSize;
  const page = rows.slice(0, opts.pageSize);
  if (!page.length) return { users: [], hasMore: false };

  const queries = await db
    .selectFrom('queries')
    .select(['id', 'user_id', 'subject', 'project_name', 'message', 'status', 'created_at'])
    .where(
      'user_id',
      'in',
      page.map((r) => r.id),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const ids = queries.map((q) => q.id);
  const [last, unread] = await Promise.all([lastMessages(db, ids), unreadCounts(db, { id: FIRM_READER, role: 'admin' }, ids)]);

  const users = new Map<string, ChatUser>(
    page.map((r) => [
      r.id,
      {
        _id: r.id,
        fullName: r.full_name,
        email: r.email,
        profileImage: r.profile_image,
        lastMessage: null,
        lastActivityAt: r.active_at,
        unread: 0,
        queries: [],
      },
    ]),
  );
  for (const q of queries) {
    const user = users.get(q.user_id)!;
    const message = last.get(q.id) ?? null;
    const count = unread.get(q.id) ?? 0;
    user.queries.push({
      _id: q.id,
      subject: q.subject,
      projectName: q.project_name,
      message: q.message,
      status: q.status,
      createdAt: q.created_at,
      unread: count,
      lastMessageAt: message?.createdAt ?? null,
      lastMessage: message,
    });
    user.unread += count;
    if (message && (!user.lastMessage || message.createdAt > user.lastMessage.createdAt)) user.lastMessage = message;
  }
  return { users: [...users.values()], hasMore };
}
