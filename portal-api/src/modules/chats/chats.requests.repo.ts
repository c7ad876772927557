import { sql, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Database, QueriesTable, QueryStatus } from '../../db/schema.ts';
import { decodeCursor, nextCursorOf } from '../../http/cursor.ts';
import type { ChatRequestFilter } from './chats.schema.ts';
import { lastMessages, type LastMessage } from './unread.repo.ts';

// The admin chat's per-request list (docs/product.md §16): one row per request, the newest
// activity first, a keyset page at a time through the index of its filter (migration 20261130T0200).

type Page = SelectQueryBuilder<Database & { q: QueriesTable }, 'q', object>;

/**
 * What each filter keeps, as a condition on the request row. Each has its own index in the
 * list's order (last_activity_at, id), so a page costs the same at 100 requests and at 100,000.
 * A new filter (say, by assignee) is one more entry and, if it is common, one more partial index.
 * Their values are literals in the SQL: SQLite matches a partial index's WHERE to the text it is given.
 */
const FILTERS: Record<ChatRequestFilter, (qb: Page) => Page> = {
  all: (qb) => qb,
  open: (qb) => qb.where('q.status', '<>', sql.lit('closed')),
  unread: (qb) => qb.where('q.firm_unread', '>', sql.lit(0)),
};

export type ChatRequestRow = {
  _id: string;
  projectName: string | null;
  subject: string | null;
  message: string;
  status: QueryStatus;
  createdAt: string;
  bidDueDate: string | null;
  deliveryDueAt: string | null;
  lastActivityAt: string;
  unread: number;
  lastMessage: LastMessage | null;
  client: { _id: string; fullName: string; email: string; profileImage: string | null };
};

/** The request's text as a row shows it when it has no project name: the first line, cut. */
const PREVIEW_CHARS = 160;

export async function listChatRequests(
  db: DB,
  opts: { filter: ChatRequestFilter; limit: number; cursor?: string },
): Promise<{ data: ChatRequestRow[]; nextCursor: string | null }> {
  let page = FILTERS[opts.filter](db.selectFrom('queries as q'));
  if (opts.cursor) {
    const [at, id] = decodeCursor(opts.cursor, 2);
    page = page.where((eb) => eb(eb.refTuple('q.last_activity_at', 'q.id'), '<', eb.tuple(at!, id!)));
  }
  const rows = await page
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .select([
      'q.id',
      'q.project_name',
      'q.subject',
      (eb) => eb.fn<string>('substr', ['q.message', eb.lit(1), eb.lit(PREVIEW_CHARS)]).as('message'),
      'q.status',
      'q.created_at',
      'q.bid_due_date',
      'q.delivery_due_at',
      'q.last_activity_at',
      'q.firm_unread',
      'u.id as user_id',
      'u.full_name',
      'u.email',
      'u.profile_image',
    ])
    .orderBy('q.last_activity_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const { page: shown, nextCursor } = nextCursorOf(rows, opts.limit, (r) => [r.last_activity_at ?? r.created_at, r.id]);
  const last = await lastMessages(
    db,
    shown.map((r) => r.id),
  );
  return {
    data: shown.map((r) => ({
      _id: r.id,
      projectName: r.project_name,
      subject: r.subject,
      message: r.message,
      status: r.status,
      createdAt: r.created_at,
      bidDueDate: r.bid_due_date,
      deliveryDueAt: r.delivery_due_at,
      lastActivityAt: r.last_activity_at ?? r.created_at,
      unread: Number(r.firm_unread),
      lastMessage: last.get(r.id) ?? null,
      client: { _id: r.user_id, fullName: r.full_name, email: r.email, profileImage: r.profile_image },
    })),
    nextCursor,
  };
}
