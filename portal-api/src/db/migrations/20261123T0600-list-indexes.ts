import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// Indexes that match each list's sort and keyset cursor (docs/performance.md
// shows their query plans), and the full-text index of the admin search:
// FTS5 on SQLite, a GIN index over a tsvector expression on PostgreSQL.
// db/search.ts must build the very same expression for PostgreSQL to use it.

async function isPostgres(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false; // SQLite has no version() function
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  // Admin queue newest first and its last page; the weekly stats range.
  await db.schema.createIndex('queries_created_idx').on('queries').columns(['created_at', 'id']).execute();
  // A client's own list, keyset on (created_at, id).
  await db.schema.createIndex('queries_user_created_id_idx').on('queries').columns(['user_id', 'created_at', 'id']).execute();
  // Every activity newest first (admin dashboard), and one client's.
  await db.schema.createIndex('activities_created_idx').on('activities').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('activities_user_created_id_idx').on('activities').columns(['user_id', 'created_at', 'id']).execute();
  // The tail of a chat: newest messages of one query.
  await db.schema.createIndex('chat_messages_query_created_id_idx').on('chat_messages').columns(['query_id', 'created_at', 'id']).execute();
  // The admin user list (non-admins newest first) pages on (created_at, id).
  await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();
  // The admin queue by bid due date, undated last: the very expression of queries.admin.repo.ts (UNDATED_SQL).
  await sql`create index queries_due_idx on queries ((coalesce(bid_due_date, '9999-99-99')), created_at, id)`.execute(db);
  await sql`create index queries_status_due_idx on queries (status, (coalesce(bid_due_date, '9999-99-99')), created_at, id)`.execute(db);
  // The search by service title finds the requests of a service without a scan.
  await db.schema.createIndex('queries_service_idx').on('queries').column('service_id').execute();
  await db.schema.createIndex('queries_subservice_idx').on('queries').column('subservice_id').execute();

  if (await isPostgres(db)) {
    await sql`create index queries_search_idx on queries using gin (to_tsvector('simple', coalesce(subject, '') || ' ' || message))`.execute(
      db,
    );
    return;
  }
  // External-content FTS5 table kept in step with queries by triggers.
  await sql`create virtual table queries_fts using fts5(subject, message, content='queries', content_rowid='rowid')`.execute(db);
  await sql`create trigger queries_fts_insert after insert on queries begin
    insert into queries_fts(rowid, subject, message) values (new.rowid, new.subject, new.message);
  end`.execute(db);
  await sql`create trigger queries_fts_delete after delete on queries begin
    insert into queries_fts(queries_fts, rowid, subject, message) values ('delete', old.rowid, old.subject, old.message);
  end`.execute(db);
  await sql`create trigger queries_fts_update after update of subject, message on queries begin
    insert into queries_fts(queries_fts, rowid, subject, message) values ('delete', old.rowid, old.subject, old.message);
    insert into queries_fts(rowid, subject, message) values (new.rowid, new.subject, new.message);
  end`.execute(db);
  await sql`insert into queries_fts(queries_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop index if exists queries_search_idx`.execute(db);
  } else {
    for (const t of ['queries_fts_insert', 'queries_fts_delete', 'queries_fts_update'])
      await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
    await sql`drop table if exists queries_fts`.execute(db);
  }
  for (const name of [
    'queries_created_idx',
    'queries_user_created_id_idx',
    'activities_created_idx',
    'activities_user_created_id_idx',
    'chat_messages_query_created_id_idx',
    'users_created_idx',
    'queries_due_idx',
    'queries_status_due_idx',
    'queries_service_idx',
    'queries_subservice_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
