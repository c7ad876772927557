import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The firm's desk (docs/product.md §25): invitations of new admins (only the SHA-256 of the
// link's token is stored, like session and reset tokens), an optional assignee per request,
// internal notes kept in their own table so that no client read of chat_messages can ever
// return one, and the shared saved replies with their files. users.status gains 'disabled'
// for admins; it is text, so no column changes for that.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_invitations_email_idx').on('staff_invitations').column('email').execute();

  await db.schema
    .alterTable('queries')
    .addColumn('assignee_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('queries_assignee_idx').on('queries').columns(['assignee_id', 'created_at']).execute();

  await db.schema
    .createTable('query_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('query_notes_query_idx').on('query_notes').columns(['query_id', 'created_at']).execute();

  await db.schema
    .createTable('saved_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    // The title folded to lower case: 'Plans received' and 'plans received' are one title.
    .addColumn('title_key', 'text', (c) => c.notNull().unique())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('saved_reply_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reply_id', 'text', (c) => c.notNull().references('saved_replies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_reply_files_reply_idx').on('saved_reply_files').column('reply_id').execute();
  await db.schema.createIndex('saved_reply_files_key_idx').on('saved_reply_files').column('storage_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_reply_files').ifExists().execute();
  await db.schema.dropTable('saved_replies').ifExists().execute();
  await db.schema.dropTable('query_notes').ifExists().execute();
  await db.schema.dropIndex('queries_assignee_idx').ifExists().execute();
  await db.schema.alterTable('queries').dropColumn('assignee_id').execute();
  await db.schema.dropTable('staff_invitations').ifExists().execute();
}
