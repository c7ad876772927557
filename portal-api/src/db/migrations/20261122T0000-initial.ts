import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1). Plain types that
// mean the same on SQLite and PostgreSQL: text ids and ISO times, integer counters.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('company', 'text')
    .addColumn('bio', 'text')
    .addColumn('profile_image', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role_created_idx').on('users').columns(['role', 'created_at']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('challenge_hash', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema.createIndex('codes_email_purpose_idx').on('one_time_codes').columns(['email', 'purpose']).execute();

  await db.schema
    .createTable('services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    .addColumn('parent_id', 'text', (c) => c.references('services.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('services_parent_idx').on('services').column('parent_id').execute();

  await db.schema
    .createTable('queries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('service_id', 'text', (c) => c.references('services.id').onDelete('set null'))
    .addColumn('subservice_id', 'text', (c) => c.references('services.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('bid_due_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('queries_user_created_idx').on('queries').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('queries_status_idx').on('queries').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('query_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('query_files_query_idx').on('query_files').column('query_id').execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('reply_to_id', 'text', (c) => c.references('chat_messages.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_query_idx').on('chat_messages').columns(['query_id', 'created_at']).execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('blogs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('sub_title', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('category_id', 'text', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .execute();
  await db.schema.createIndex('blogs_status_created_idx').on('blogs').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('blog_tags')
    .addColumn('blog_id', 'text', (c) => c.notNull().references('blogs.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('blog_tags_pk', ['blog_id', 'tag'])
    .execute();
  await db.schema.createIndex('blog_tags_tag_idx').on('blog_tags').column('tag').execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('activities')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('query_id', 'text', (c) => c.references('queries.id').onDelete('cascade'))
    .addColumn('activity', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activities_user_created_idx').on('activities').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'settings',
    'activities',
    'contact_messages',
    'blog_tags',
    'blogs',
    'categories',
    'chat_messages',
    'query_files',
    'queries',
    'services',
    'one_time_codes',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
