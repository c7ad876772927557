import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The one search box on PostgreSQL (docs/performance.md, "Search"): the words of a chat message
// and of a file become stored generated columns, `words`, in place of the expressions that
// migration 20261130T0410 indexed (the same text, split the same way: db/search.ts reads these
// columns and keeps no copy of the expressions). A stored column lets a search test a row's
// words without splitting its text again, so a common word is answered by walking the newest
// rows (the created_at indexes below) until enough of them match, instead of reading every
// match from the GIN index and sorting them; a rare word still goes through the GIN index, now
// over the column. ALTER TABLE computes the column for every existing row (it rewrites the
// table under an exclusive lock: seconds at 200,000 messages).
// SQLite keeps its FTS5 tables (migration 20261130T0410), which already hand over the newest
// matches first: nothing to do there.

async function isPostgres(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false; // SQLite has no version() function
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(await isPostgres(db))) return;
  await sql`alter table chat_messages add column words tsvector generated always as
    (to_tsvector('simple', regexp_replace(message, '[^[:alnum:]]+', ' ', 'g'))) stored`.execute(db);
  await sql`alter table query_files add column words tsvector generated always as
    (to_tsvector('simple', regexp_replace(name || ' ' || coalesce(sheet_titles, ''), '[^[:alnum:]]+', ' ', 'g'))) stored`.execute(db);
  await sql`drop index if exists chat_messages_words_idx`.execute(db);
  await sql`drop index if exists query_files_words_idx`.execute(db);
  // fastupdate off, as in migration 20261123T1700: no pending list for every search to read.
  await sql`create index chat_messages_words_idx on chat_messages using gin (words) with (fastupdate = off)`.execute(db);
  await sql`create index query_files_words_idx on query_files using gin (words) with (fastupdate = off)`.execute(db);
  await sql`create index chat_messages_created_idx on chat_messages (created_at)`.execute(db);
  await sql`create index query_files_created_idx on query_files (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(await isPostgres(db))) return;
  await sql`drop index if exists chat_messages_created_idx`.execute(db);
  await sql`drop index if exists query_files_created_idx`.execute(db);
  // Dropping a column drops its indexes; then the expression indexes of migration 20261130T0410.
  await sql`alter table chat_messages drop column if exists words`.execute(db);
  await sql`alter table query_files drop column if exists words`.execute(db);
  await sql`create index chat_messages_words_idx on chat_messages using gin
    (to_tsvector('simple', regexp_replace(message, '[^[:alnum:]]+', ' ', 'g'))) with (fastupdate = off)`.execute(db);
  await sql`create index query_files_words_idx on query_files using gin
    (to_tsvector('simple', regexp_replace(name || ' ' || coalesce(sheet_titles, ''), '[^[:alnum:]]+', ' ', 'g'))) with (fastupdate = off)`.execute(
    db,
  );
}
