import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The outbox (docs/decisions/0002-mail-outbox.md): every mail is a row written in the same
// transaction as the change that causes it; a worker sends it later.
// chat_mail_marks: when a chat notice last went out per query and audience, so
// the "at most one mail per 10 minutes" rule survives a restart.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_status_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('chat_mail_marks')
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_mail_marks_pk', ['query_id', 'audience'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_mail_marks').ifExists().execute();
  await db.schema.dropTable('outbox').ifExists().execute();
}
