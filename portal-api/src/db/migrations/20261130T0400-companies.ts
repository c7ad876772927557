import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// Client accounts work as companies (docs/product.md, "Colleagues"):
// - companies: one per client account so far, owned by that client. Its id is the owner's
//   user id for the companies made here, so the backfill needs no generated ids;
// - users.company_id (null for admins) and users.invited_by (who invited a colleague);
// - queries.company_id: the company a request belongs to, written at creation. Who may see
//   a request is decided on it alone (modules/queries/queries.access.ts); the author stays
//   in queries.user_id. Indexed with created_at and id, as the client's lists read it;
// - company_invites: one row per invitation, only the SHA-256 of its token stored;
// - query_followers: who gets a request's mails; the author follows every request made so far;
// - activities.actor_id: who wrote a history line (null on older lines).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('users').addColumn('company_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('invited_by', 'text').execute();
  await db.schema.alterTable('queries').addColumn('company_id', 'text').execute();
  await db.schema.alterTable('activities').addColumn('actor_id', 'text').execute();
  await db.schema
    .createTable('company_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('company_invites_company_idx').on('company_invites').columns(['company_id', 'created_at']).execute();
  await db.schema
    .createTable('query_followers')
    .addColumn('query_id', 'text', (c) => c.notNull().references('queries.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('query_followers_pk', ['query_id', 'user_id'])
    .execute();
  await db.schema.createIndex('query_followers_user_idx').on('query_followers').column('user_id').execute();

  await sql`insert into companies (id, name, owner_id, created_at)
    select id, coalesce(nullif(trim(company), ''), full_name), id, created_at from users where role = 'client'`.execute(db);
  await sql`update users set company_id = id where role = 'client'`.execute(db);
  await sql`update queries set company_id = user_id`.execute(db);
  await sql`insert into query_followers (query_id, user_id, created_at) select id, user_id, created_at from queries`.execute(db);

  await db.schema.createIndex('users_company_idx').on('users').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('queries_company_created_id_idx').on('queries').columns(['company_id', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('queries_company_created_id_idx').ifExists().execute();
  await db.schema.dropIndex('users_company_idx').ifExists().execute();
  await db.schema.dropTable('query_followers').ifExists().execute();
  await db.schema.dropTable('company_invites').ifExists().execute();
  await db.schema.alterTable('activities').dropColumn('actor_id').execute();
  await db.schema.alterTable('queries').dropColumn('company_id').execute();
  await db.schema.alterTable('users').dropColumn('invited_by').execute();
  await db.schema.alterTable('users').dropColumn('company_id').execute();
  await db.schema.dropTable('companies').ifExists().execute();
}
