import { sql, type Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The admin search on PostgreSQL, index-driven in every branch
// (docs/performance.md shows the plans before and after). SQLite is unchanged.
//
// - The words of the subject and message: a GIN index over a tsvector that
//   splits the text as SQLite's FTS5 (unicode61) does, at every character that
//   is not a letter or digit. It replaces queries_search_idx (migration 0600),
//   whose default parser keeps 'plans.pdf', 'bob@site.com', '2027/01/15' or
//   '-12' as single words, so 'pdf', 'site', '01' or '12' found them on SQLite
//   but not on PostgreSQL. db/search.ts must build the very same expression.
// - The substring searches (project name, location, the client's name and
//   e-mail): trigram GIN indexes (pg_trgm, shipped with PostgreSQL and a
//   trusted extension, so the database's owner may create it) serve
//   `lower(coalesce(col, '')) like '%…%'` as written in queries.admin.repo.ts.
//   Without them each search read every request and every user, twice.
// - fastupdate off: GIN otherwise queues new rows in a pending list that every
//   search reads through until a vacuum merges it, and the planner, seeing it,
//   went back to reading the whole users table. Requests and accounts are
//   written a few times a day, so each insert updates the index at once.

async function isPostgres(db: Kysely<any>): Promise<boolean> {
  try {
    await sql`select version()`.execute(db);
    return true;
  } catch {
    return false; // SQLite has no version() function
  }
}

const TRIGRAM_INDEXES = [
  ['queries_project_name_trgm_idx', 'queries', 'project_name'],
  ['queries_location_trgm_idx', 'queries', 'location'],
  ['users_full_name_trgm_idx', 'users', 'full_name'],
  ['users_email_trgm_idx', 'users', 'email'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!(await isPostgres(db))) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`drop index if exists queries_search_idx`.execute(db);
  await sql`create index queries_words_idx on queries using gin
    (to_tsvector('simple', regexp_replace(coalesce(subject, '') || ' ' || message, '[^[:alnum:]]+', ' ', 'g')))
    with (fastupdate = off)`.execute(db);
  for (const [name, table, column] of TRIGRAM_INDEXES) {
    await sql`create index ${sql.id(name)} on ${sql.table(table)}
      using gin ((lower(coalesce(${sql.ref(column)}, ''))) gin_trgm_ops) with (fastupdate = off)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(await isPostgres(db))) return;
  for (const [name] of TRIGRAM_INDEXES) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`drop index if exists queries_words_idx`.execute(db);
  await sql`create index queries_search_idx on queries using gin (to_tsvector('simple', coalesce(subject, '') || ' ' || message))`.execute(
    db,
  );
  // pg_trgm stays: it may have been there before, and other objects may use it.
}
