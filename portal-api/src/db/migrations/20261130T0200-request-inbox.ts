import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The estimator's inbox (docs/product.md §15, §16):
// - queries.last_activity_at: the newer of the request's creation and its newest chat message,
//   the order of the admin chat's per-request list, read page by page through an index;
// - queries.firm_unread: the client's messages the firm has not read, kept with each message and
//   each read, so 'Unread' is a partial index instead of a count over every message;
// - chat_messages.file_id: a file sent in the chat (a query_files row of kind 'chat').

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('queries').addColumn('last_activity_at', 'text').execute();
  await db.schema
    .alterTable('queries')
    .addColumn('firm_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('chat_messages').addColumn('file_id', 'text').execute();

  await sql`update queries set last_activity_at = coalesce(
      (select max(m.created_at) from chat_messages m where m.query_id = queries.id and m.created_at > queries.created_at),
      created_at)`.execute(db);
  await sql`update queries set firm_unread = (
      select count(*) from chat_messages m
      where m.query_id = queries.id and m.sender_id = queries.user_id
        and m.created_at > coalesce((select r.read_at from query_reads r where r.query_id = queries.id and r.reader_id = 'firm'), ''))`.execute(
    db,
  );

  // One index per filter of the list (All, Open, Unread), each in the list's order.
  await db.schema.createIndex('queries_activity_idx').on('queries').columns(['last_activity_at', 'id']).execute();
  await db.schema
    .createIndex('queries_open_activity_idx')
    .on('queries')
    .columns(['last_activity_at', 'id'])
    .where(sql.ref('status'), '<>', 'closed')
    .execute();
  await db.schema
    .createIndex('queries_unread_activity_idx')
    .on('queries')
    .columns(['last_activity_at', 'id'])
    .where(sql.ref('firm_unread'), '>', 0)
    .execute();
  // The queue's 'Due in 24 h' view: requests the firm still owes, by delivery due time.
  await db.schema
    .createIndex('queries_owed_delivery_idx')
    .on('queries')
    .column('delivery_due_at')
    .where(sql<boolean>`status in ('pending', 'in_progress') and delivery_due_at is not null`)
    .execute();
  // The queue's 'Waiting for client' view: requests with a quote sent and not decided.
  await db.schema.createIndex('quotes_sent_idx').on('quotes').column('query_id').where(sql.ref('state'), '=', 'sent').execute();
  await db.schema
    .createIndex('chat_messages_file_idx')
    .on('chat_messages')
    .column('file_id')
    .where(sql.ref('file_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'chat_messages_file_idx',
    'quotes_sent_idx',
    'queries_owed_delivery_idx',
    'queries_unread_activity_idx',
    'queries_open_activity_idx',
    'queries_activity_idx',
  ])
    await db.schema.dropIndex(name).ifExists().execute();
  await db.schema.alterTable('chat_messages').dropColumn('file_id').execute();
  await db.schema.alterTable('queries').dropColumn('firm_unread').execute();
  await db.schema.alterTable('queries').dropColumn('last_activity_at').execute();
}
