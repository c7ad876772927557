import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The one search box (docs/product.md, "Search") reads, beside the request's own text, names and
// client: the chat text, the file names and the indexed sheet titles. Each gets a full-text
// index that splits text as FTS5's unicode61 tokenizer does (db/search.ts):
// - query_files.sheet_titles: the sheet titles of a file's index, space-separated, written by the
//   sheet indexer when it stores an index (and here for the indexes stored before);
// - SQLite: FTS5 tables over chat_messages(message) and query_files(name, sheet_titles), external
//   content kept by triggers, as queries_fts (migration 20261123T0600);
// - PostgreSQL: GIN indexes over the same words (db/search.ts must build the same expressions),
//   fastupdate off as in migration 20261123T1700.

async function isPostgres(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false; // SQLite has no version() function
  }
}

/** The sheet titles of a stored index (its JSON as the indexer wrote it), space-separated; null without any. */
function titlesOf(json: string | null): string | null {
  if (!json) return null;
  try {
    const detail = JSON.parse(json) as { kind?: string; sheets?: Array<{ title?: string | null }> };
    if (detail.kind !== 'pdf' || !Array.isArray(detail.sheets)) return null;
    const titles = detail.sheets.map((s) => (typeof s.title === 'string' ? s.title : '')).filter(Boolean);
    return titles.length ? titles.join(' \n ') : null;
  } catch {
    return null;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('query_files').addColumn('sheet_titles', 'text').execute();
  const indexed = await db.selectFrom('query_files').select(['id', 'index_json']).where('index_json', 'is not', null).execute();
  for (const row of indexed) {
    const titles = titlesOf(row.index_json as string | null);
    if (titles) await db.updateTable('query_files').set({ sheet_titles: titles }).where('id', '=', row.id).execute();
  }

  if (await isPostgres(db)) {
    await sql`create index chat_messages_words_idx on chat_messages using gin
      (to_tsvector('simple', regexp_replace(message, '[^[:alnum:]]+', ' ', 'g'))) with (fastupdate = off)`.execute(db);
    await sql`create index query_files_words_idx on query_files using gin
      (to_tsvector('simple', regexp_replace(name || ' ' || coalesce(sheet_titles, ''), '[^[:alnum:]]+', ' ', 'g'))) with (fastupdate = off)`.execute(
      db,
    );
    return;
  }
  await sql`create virtual table chat_messages_fts using fts5(message, content='chat_messages', content_rowid='rowid')`.execute(db);
  await sql`create trigger chat_messages_fts_insert after insert on chat_messages begin
    insert into chat_messages_fts(rowid, message) values (new.rowid, new.message);
  end`.execute(db);
  await sql`create trigger chat_messages_fts_delete after delete on chat_messages begin
    insert into chat_messages_fts(chat_messages_fts, rowid, message) values ('delete', old.rowid, old.message);
  end`.execute(db);
  await sql`create trigger chat_messages_fts_update after update of message on chat_messages begin
    insert into chat_messages_fts(chat_messages_fts, rowid, message) values ('delete', old.rowid, old.message);
    insert into chat_messages_fts(rowid, message) values (new.rowid, new.message);
  end`.execute(db);
  await sql`insert into chat_messages_fts(chat_messages_fts) values ('rebuild')`.execute(db);

  await sql`create virtual table query_files_fts using fts5(name, sheet_titles, content='query_files', content_rowid='rowid')`.execute(db);
  await sql`create trigger query_files_fts_insert after insert on query_files begin
    insert into query_files_fts(rowid, name, sheet_titles) values (new.rowid, new.name, new.sheet_titles);
  end`.execute(db);
  await sql`create trigger query_files_fts_delete after delete on query_files begin
    insert into query_files_fts(query_files_fts, rowid, name, sheet_titles) values ('delete', old.rowid, old.name, old.sheet_titles);
  end`.execute(db);
  await sql`create trigger query_files_fts_update after update of name, sheet_titles on query_files begin
    insert into query_files_fts(query_files_fts, rowid, name, sheet_titles) values ('delete', old.rowid, old.name, old.sheet_titles);
    insert into query_files_fts(rowid, name, sheet_titles) values (new.rowid, new.name, new.sheet_titles);
  end`.execute(db);
  await sql`insert into query_files_fts(query_files_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop index if exists chat_messages_words_idx`.execute(db);
    await sql`drop index if exists query_files_words_idx`.execute(db);
  } else {
    for (const fts of ['chat_messages_fts', 'query_files_fts']) {
      for (const suffix of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.id(`${fts}_${suffix}`)}`.execute(db);
      await sql`drop table if exists ${sql.table(fts)}`.execute(db);
    }
  }
  await db.schema.alterTable('query_files').dropColumn('sheet_titles').execute();
}
