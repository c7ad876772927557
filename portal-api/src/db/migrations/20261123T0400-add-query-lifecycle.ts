import type { Kysely } from 'kysely';

// The request's life after submission (project name, quotes, addenda,
// revisions, bid outcome). Frozen in time: never edit after merge. Money is
// integer cents, times are ISO-8601 UTC text, states are text.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('queries').addColumn('project_name', 'text').execute();
  await db.schema.alterTable('queries').addColumn('location', 'text').execute();
  await db.schema.alterTable('queries').addColumn('delivery_due_at', 'text').execute();
  await db.schema.alterTable('queries').addColumn('first_answered_at', 'text').execute();
  await db.schema.alterTable('queries').addColumn('outcome', 'text').execute();
  await db.schema.alterTable('queries').addColumn('outcome_margin_pct', 'integer').execute();
  await db.schema.alterTable('queries').addColumn('outcome_at', 'text').execute();
  await db.schema.alterTable('queries').addColumn('outcome_asked_at', 'text').execute();

  // 0 = the original submission, N = Addendum N (attachments only).
  await db.schema
    .alterTable('query_files')
    .addColumn('file_set', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Deliverables only: the revision letter they answer (A, B, …).
  await db.schema.alterTable('query_files').addColumn('revision', 'text').execute();

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('standard_hours', 'integer', (c) => c.notNull())
    .addColumn('rush_price_cents', 'integer')
    .addColumn('rush_hours', 'integer')
    .addColumn('note', 'text')
    .addColumn('sent_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('accepted_option', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('decline_reason', 'text')
    .execute();
  await db.schema.createIndex('quotes_query_idx').on('quotes').columns(['query_id', 'sent_at']).execute();

  await db.schema
    .createTable('query_addenda')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('query_addenda_number_uq', ['query_id', 'number'])
    .execute();

  await db.schema
    .createTable('query_revisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('letter', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('requested_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('change_note', 'text')
    .addColumn('answered_at', 'text')
    .addUniqueConstraint('query_revisions_letter_uq', ['query_id', 'letter'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('query_revisions').ifExists().execute();
  await db.schema.dropTable('query_addenda').ifExists().execute();
  await db.schema.dropTable('quotes').ifExists().execute();
  await db.schema.alterTable('query_files').dropColumn('revision').execute();
  await db.schema.alterTable('query_files').dropColumn('file_set').execute();
  for (const column of [
    'outcome_asked_at',
    'outcome_at',
    'outcome_margin_pct',
    'outcome',
    'first_answered_at',
    'delivery_due_at',
    'location',
    'project_name',
  ]) {
    await db.schema.alterTable('queries').dropColumn(column).execute();
  }
}
