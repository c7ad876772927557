import { decodeCursor, nextCursorOf } from '../../http/cursor.ts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { laterIso, newId } from '../../lib/ids.ts';
import type { ChatMessage } from './chats.schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

function baseSelect(db: Executor) {
  return db
    .selectFrom('chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_id')
    .leftJoin('chat_messages as r', 'r.id', 'm.reply_to_id')
    .leftJoin('query_files as f', 'f.id', 'm.file_id')
    .select([
      'f.id as file_id',
      'f.name as file_name',
      'f.storage_key as file_key',
      'f.size as file_size',
      'f.type as file_type',
      'm.id',
      'm.query_id',
      'm.message',
      'm.created_at',
      'm.sender_id',
      'u.role as sender_role',
      'u.full_name as sender_name',
      'r.id as reply_id',
      'r.query_id as reply_query_id',
      'r.message as reply_message',
    ]);
}
type MessageRow = Awaited<ReturnType<ReturnType<typeof baseSelect>['executeTakeFirstOrThrow']>>;

/** Makes a private file's short-lived link (Storage.signedUrl). */
export type SignLink = (key: string, name: string) => string;

/** Row → the ChatMessage of docs/product.md §3 and the OpenAPI document. */
export function toChatMessage(row: MessageRow, sign: SignLink): ChatMessage {
  return {
    _id: row.id,
    query: row.query_id,
    message: row.message,
    sender: { _id: row.sender_id, role: row.sender_role, fullName: row.sender_name },
    createdAt: row.created_at,
    replyTo: row.reply_id ? { _id: row.reply_id, query: row.reply_query_id ?? row.query_id, message: row.reply_message ?? '' } : null,
    file:
      row.file_id && row.file_key && row.file_name
        ? {
            _id: row.file_id,
            name: row.file_name,
            url: sign(row.file_key, row.file_name),
            size: Number(row.file_size),
            type: row.file_type ?? '',
          }
        : null,
  };
}

/** When each message of a query was sent, oldest first: the workspace counts them per day. */
export async function messageTimes(db: Executor, queryId: string): Promise<string[]> {
  const rows = await db.selectFrom('chat_messages').select('created_at').where('query_id', '=', queryId).orderBy('created_at').execute();
  return rows.map((r) => r.created_at);
}

/** The id of a query's newest message, or null (through chat_messages_query_created_id_idx). */
export async function latestMessageId(db: Executor, queryId: string): Promise<string | null> {
  const row = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('query_id', '=', queryId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A query's messages, oldest first. */
export async function listMessages(db: Executor, queryId: string, sign: SignLink): Promise<ChatMessage[]> {
  const rows = await baseSelect(db).where('m.query_id', '=', queryId).orderBy('m.created_at').orderBy('m.id').execute();
  return rows.map((r) => toChatMessage(r, sign));
}

/**
 * The newest `limit` messages of a query before the cursor (all when none), oldest
 * first, through chat_messages_query_created_id_idx; the cursor of the older page.
 */
export async function listLatestMessages(db: Executor, queryId: string, opts: { limit: number; cursor?: string; sign: SignLink }) {
  let qb = baseSelect(db).where('m.query_id', '=', queryId);
  if (opts.cursor) {
    const [at, id] = decodeCursor(opts.cursor, 2);
    qb = qb.where((eb) => eb(eb.refTuple('m.created_at', 'm.id'), '<', eb.tuple(at!, id!)));
  }
  const rows = await qb
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(opts.limit + 1)
    .execute();
  const { page, nextCursor } = nextCursorOf(rows, opts.limit, (r) => [r.created_at, r.id]);
  return { data: page.reverse().map((r) => toChatMessage(r, opts.sign)), olderCursor: nextCursor };
}

/** The bare message a reply points at (to check it belongs to the same query). */
export function findReplyTarget(db: Executor, id: string) {
  return db.selectFrom('chat_messages').select(['id', 'query_id', 'message']).where('id', '=', id).executeTakeFirst();
}

/**
 * Stores a message and moves its request in the inbox (docs/product.md §16): its last activity,
 * and one more unread for the firm when the request's client sent it. Every chat write goes
 * through here, so the kept count and the list's order never drift from the messages.
 */
export async function insertMessage(
  trx: Executor,
  input: { queryId: string; senderId: string; message: string; replyTo: string | null; fileId?: string | null },
): Promise<{ id: string; createdAt: string }> {
  const id = newId();
  const createdAt = laterIso();
  // Written as SQL, as every chat message runs both (docs/decisions/0014-hot-statements-as-sql.md).
  await sql`insert into chat_messages (id, query_id, sender_id, message, reply_to_id, created_at, file_id)
    values (${id}, ${input.queryId}, ${input.senderId}, ${input.message}, ${input.replyTo}, ${createdAt}, ${input.fileId ?? null})`.execute(
    trx,
  );
  // The request's last activity, and one more unread for the firm when its client wrote.
  await sql`update queries set last_activity_at = ${createdAt},
    firm_unread = firm_unread + case when user_id = ${input.senderId} then 1 else 0 end
    where id = ${input.queryId}`.execute(trx);
  return { id, createdAt };
}
