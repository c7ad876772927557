import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { engineOf, type DB } from './database.ts';

// The admin search on the full-text index of each engine: FTS5 on SQLite
// (migration 20261123T0600-list-indexes), a GIN tsvector index on PostgreSQL
// (migration 20261123T1700-pg-search-indexes). Both get the same query: every
// word of the search, as a prefix of a word of the subject or message.

const MAX_WORDS = 8;

/** The words of a search as the full-text index splits them (letters and digits), lower case. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/**
 * The words of a request on PostgreSQL, written exactly as the expression of
 * queries_words_idx (a literal pattern, not a parameter, or the planner cannot
 * match it to the index). Every run of characters that are not letters or digits
 * becomes a space before the 'simple' parser reads it, so the words are those of
 * FTS5's unicode61 tokenizer: the default parser would keep 'plans.pdf',
 * 'bob@site.com' or '2027/01/15' as single words, and 'pdf' would not find them.
 */
const PG_WORDS = sql`to_tsvector('simple', regexp_replace(coalesce(q.subject, '') || ' ' || q.message, '[^[:alnum:]]+', ' ', 'g'))`;

/**
 * `select rowid from <fts> where <fts> match …`, on SQLite, and with `newest` only the newest
 * `newest` matches by rowid, which FTS5 reads from the end of its index and stops: rows are
 * appended, so the greatest rowids are the latest written. A search for a common word then reads
 * `newest` entries, not every match, nor sorts them.
 */
function ftsRowids(fts: string, match: string, newest?: number): RawBuilder<unknown> {
  const table = sql.table(fts);
  const bounded = newest === undefined ? sql`` : sql` order by rowid desc limit ${newest}`;
  return sql`select rowid from ${table} where ${table} match ${match}${bounded}`;
}

/**
 * A condition on `q` (the queries table, aliased q, with its rowid on SQLite;
 * used alone in its select, so the planner drives it from the full-text index):
 * its subject or message contains every word of the search as a word prefix.
 * Null when the search has no words (then nothing matches by text). With `newest`
 * (SQLite), only among the newest `newest` matching requests (ftsRowids).
 */
export function queryTextMatches(db: DB, text: string, newest?: number): RawBuilder<SqlBool> | null {
  const words = searchWords(text);
  if (!words.length) return null;
  if (engineOf(db) === 'postgres') {
    // Words are letters and digits only, so no tsquery operator (& | ! : * ' ( ) <->) can reach it.
    const tsquery = words.map((w) => `${w}:*`).join(' & ');
    return sql<SqlBool>`${PG_WORDS} @@ to_tsquery('simple', ${tsquery})`;
  }
  const match = words.map((w) => `"${w}"*`).join(' ');
  return sql<SqlBool>`q.rowid in (${ftsRowids('queries_fts', match, newest)})`;
}

/** `%text%` for `like … escape '\'`, lower case, with %, _ and \ taken literally. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * `lower(coalesce(col, '')) like pattern`: the substring test of the admin searches,
 * written as the trigram indexes of PostgreSQL are (migration 20261123T1700).
 */
export function containsPattern(column: string, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;
}

/** Each table's trigram FTS5 table on SQLite (migration 20261123T2100) and the columns it covers. */
const NAME_TABLES = {
  queries: { fts: 'queries_names', columns: ['project_name', 'location'] },
  users: { fts: 'users_names', columns: ['full_name', 'email'] },
} as const;
/** FTS5's trigram tokenizer finds no text shorter than three characters. */
const TRIGRAM = 3;

/**
 * A row of `table` (as `alias`) one of whose named columns (queries: project name and
 * location; users: full name and e-mail) contains `text`, by containsPattern. On SQLite,
 * with three characters or more, the trigram table names the candidates first (a
 * condition on `alias.rowid`), so the `like` reads those only; on PostgreSQL the trigram
 * indexes of migration 20261123T1700 serve the `like` itself. With `newest` (SQLite), only
 * among the newest `newest` rows the trigram table names (ftsRowids).
 */
export function namesContain(db: DB, table: keyof typeof NAME_TABLES, alias: string, text: string, newest?: number): RawBuilder<SqlBool> {
  const { fts, columns } = NAME_TABLES[table];
  const pattern = likePattern(text);
  const like = sql<SqlBool>`(${sql.join(
    columns.map((c) => containsPattern(`${alias}.${c}`, pattern)),
    sql` or `,
  )})`;
  if (engineOf(db) === 'postgres' || [...text].length < TRIGRAM) return like;
  // One phrase: the trigram tokenizer reads it as a substring, case-insensitively. Inside
  // double quotes only a double quote is special, and it is written twice.
  const phrase = `"${text.replace(/"/g, '""')}"`;
  return sql<SqlBool>`${sql.ref(`${alias}.rowid`)} in (${ftsRowids(fts, phrase, newest)}) and ${like}`;
}

/**
 * The words of a chat message and of a file (its name and its sheet titles) on PostgreSQL,
 * written exactly as the expressions of chat_messages_words_idx and query_files_words_idx
 * (migration 20261130T0410), split as PG_WORDS is.
 */
const PG_SOURCE_WORDS = {
  chat: (alias: string) => sql`to_tsvector('simple', regexp_replace(${sql.ref(`${alias}.message`)}, '[^[:alnum:]]+', ' ', 'g'))`,
  file: (alias: string) =>
    sql`to_tsvector('simple', regexp_replace(${sql.ref(`${alias}.name`)} || ' ' || coalesce(${sql.ref(`${alias}.sheet_titles`)}, ''), '[^[:alnum:]]+', ' ', 'g'))`,
} as const;
/** Their FTS5 tables on SQLite (migration 20261130T0410). */
const FTS_SOURCE_TABLES = { chat: 'chat_messages_fts', file: 'query_files_fts' } as const;

/**
 * A condition on a chat message (`source` 'chat', its table aliased `alias`) or a request file
 * ('file'): its text holds every word of the search as a word prefix, read through its full-text
 * index. Null when the search has no words. As queryTextMatches, the search only ever reaches
 * the index as letters and digits, so no input can be query syntax. With `newest` (SQLite), only
 * among the newest `newest` matches (ftsRowids).
 */
export function sourceTextMatches(
  db: DB,
  source: keyof typeof PG_SOURCE_WORDS,
  alias: string,
  text: string,
  newest?: number,
): RawBuilder<SqlBool> | null {
  const words = searchWords(text);
  if (!words.length) return null;
  if (engineOf(db) === 'postgres') {
    const tsquery = words.map((w) => `${w}:*`).join(' & ');
    return sql<SqlBool>`${PG_SOURCE_WORDS[source](alias)} @@ to_tsquery('simple', ${tsquery})`;
  }
  const match = words.map((w) => `"${w}"*`).join(' ');
  return sql<SqlBool>`${sql.ref(`${alias}.rowid`)} in (${ftsRowids(FTS_SOURCE_TABLES[source], match, newest)})`;
}
