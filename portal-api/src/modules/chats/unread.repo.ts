import { sql, type Kysely, type Transaction } from 'kysely';
import { readOffLoop } from '../../db/database.ts';
import type { Database, Role } from '../../db/schema.ts';
import { markCovering } from '../../lib/ids.ts';

type Executor = Kysely<Database> | Transaction<Database>;
/** companyId: a client reader's company (queries/queries.access.ts); absent for the firm. */
export type Reader = { id: string; role: Role; companyId?: string | null };

// Unread state (docs/product.md §16): one read time per reader and query (query_reads), no
// per-message writes. Every admin reads for the firm, so admins share the reader 'firm'.
// A client's unread messages are those on their company's requests written by anyone else (the
// firm, a colleague); the firm's are those written by clients.

export const FIRM_READER = 'firm';
export const readerIdOf = (reader: Reader) => (reader.role === 'admin' ? FIRM_READER : reader.id);

export type LastMessage = { text: string; createdAt: string; senderRole: Role };

/** Marks a query read up to its newest message (or now, whichever is later). */
export async function markRead(db: Executor, queryId: string, reader: Reader): Promise<string> {
  const newest = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('query_id', '=', queryId)
    .executeTakeFirst();
  const readAt = markCovering(newest?.at);
  await db
    .insertInto('query_reads')
    .values({ query_id: queryId, reader_id: readerIdOf(reader), read_at: readAt })
    .onConflict((oc) => oc.columns(['query_id', 'reader_id']).doUpdateSet({ read_at: readAt }))
    .execute();
  // The firm's kept count (queries.firm_unread): recounted, not zeroed, so a message that
  // arrived after the newest one read above still counts.
  if (reader.role === 'admin') {
    await db
      .updateTable('queries as q')
      .set((eb) => ({
        firm_unread: eb
          .selectFrom('chat_messages as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.query_id', '=', 'q.id')
          .whereRef('m.sender_id', '=', 'q.user_id')
          .where('m.created_at', '>', readAt),
      }))
      .where('q.id', '=', queryId)
      .execute();
  }
  return readAt;
}

/**
 * Unread message counts by query for a reader: a client's over its own queries,
 * the firm's over every query (or only `queryIds` when given). Queries with none are absent.
 */
export async function unreadCounts(db: Executor, reader: Reader, queryIds?: string[]): Promise<Map<string, number>> {
  if (queryIds && !queryIds.length) return new Map();
  let qb = db
    .selectFrom('chat_messages as m')
    .innerJoin('queries as q', 'q.id', 'm.query_id')
    .leftJoin('query_reads as r', (join) => join.onRef('r.query_id', '=', 'm.query_id').on('r.reader_id', '=', readerIdOf(reader)))
    .select(['m.query_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where(sql<boolean>`m.created_at > coalesce(r.read_at, '')`);
  qb =
    reader.role === 'admin'
      ? qb.where((eb) =>
          eb.exists(eb.selectFrom('users as su').select('su.id').whereRef('su.id', '=', 'm.sender_id').where('su.role', '!=', 'admin')),
        )
      : qb.where('q.company_id', '=', reader.companyId ?? '').where('m.sender_id', '!=', reader.id);
  if (queryIds) qb = qb.where('m.query_id', 'in', queryIds);
  // The firm's counts scan every unread message: after each chat message they ran on the
  // event loop between deliveries and raised the chat p99. They are read off it. A client's
  // span its own requests only (queries_user_created_id_idx); for them the trip to the
  // worker and back costs more than the read.
  const compiled = qb.groupBy('m.query_id').compile();
  const rows = reader.role === 'admin' ? await readOffLoop(db, compiled) : (await db.executeQuery(compiled)).rows;
  return new Map(rows.map((r) => [r.query_id, Number(r.n)]));
}

/** The newest message of each query (text, time, sender's role), for list previews. */
export async function lastMessages(db: Executor, queryIds: string[]): Promise<Map<string, LastMessage>> {
  const result = new Map<string, LastMessage>();
  for (let i = 0; i < queryIds.length; i += 500) {
    const rows = await db
      .selectFrom('chat_messages as m')
      .innerJoin('users as u', 'u.id', 'm.sender_id')
      .select(['m.query_id', 'm.message', 'm.created_at', 'u.role'])
      .where('m.query_id', 'in', queryIds.slice(i, i + 500))
      .where(({ eb, selectFrom }) =>
        eb(
          'm.created_at',
          '=',
          selectFrom('chat_messages as m2')
            .select((e) => e.fn.max('m2.created_at').as('t'))
            .whereRef('m2.query_id', '=', 'm.query_id'),
        ),
      )
      .execute();
    for (const r of rows)
      if (!result.has(r.query_id)) result.set(r.query_id, { text: r.message, createdAt: r.created_at, senderRole: r.role });
  }
  return result;
}

/**
 * Adds each query's last chat message and the reader's unread count, in two
 * queries for the whole list, so a chat list needs no call per row.
 */
export async function withChatPreview<T extends { _id: string }>(
  db: Executor,
  reader: Reader,
  rows: T[],
): Promise<Array<T & { lastMessage: LastMessage | null; unread: number }>> {
  const ids = rows.map((r) => r._id);
  const [last, unread] = await Promise.all([lastMessages(db, ids), unreadCounts(db, reader, ids)]);
  return rows.map((r) => ({ ...r, lastMessage: last.get(r._id) ?? null, unread: unread.get(r._id) ?? 0 }));
}
