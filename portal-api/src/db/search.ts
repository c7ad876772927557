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

/**
 * The keys (rowid on SQLite, id on PostgreSQL) of the requests whose subject or message holds
 * `word` as a word prefix, straight from the full-text index: on SQLite the FTS5 table's own
 * rowids, with no look-up in queries. For a search word of letters and digits only, which is
 * the rule itself (docs/product.md §15); null when `text` has no word.
 */
export function queryTextKeys(db: DB, text: string): RawBuilder<{ key: string }> | null {
  const words = searchWords(text);
  if (!words.length) return null;
  if (engineOf(db) === 'postgres') return sql`select q.id as key from queries as q where ${queryTextMatches(db, text)}`;
  return sql`select rowid as key from ${sql.table('queries_fts')} where ${sql.table('queries_fts')} match ${words.map((w) => `"${w}"*`).join(' ')}`;
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
 * The words of a chat message and of a file (its name and its sheet titles) on PostgreSQL: the
 * stored generated column `words` of each table (migration 20261201T0200), split as PG_WORDS is,
 * with its GIN index. Stored, so a row's words are tested without splitting its text again.
 */
const PG_SOURCE_TABLES = { chat: 'chat_messages', file: 'query_files' } as const;
/** Their FTS5 tables on SQLite (migration 20261130T0410). */
const FTS_SOURCE_TABLES = { chat: 'chat_messages_fts', file: 'query_files_fts' } as const;

export type SearchSource = keyof typeof PG_SOURCE_TABLES;

/**
 * How a source's condition reaches its rows on PostgreSQL. 'index' (`@@`): through the GIN index
 * of `words`, every match at once, or by the planner's choice row by row. 'rows' (ts_match_vq, the
 * function behind `@@`, which no index serves): row by row only, on the rows the statement reaches
 * otherwise, e.g. a company's requests' messages or a window of the newest rows. The planner
 * cannot tell a common word from a rare one here (it estimates every prefix search `word:*` at the
 * same share of the rows), so the statement says which way it goes (search.repo.ts).
 */
export type SourceAccess = 'index' | 'rows';

/**
 * A condition on a chat message (`source` 'chat', its table aliased `alias`) or a request file
 * ('file'): its text holds every word of the search as a word prefix, read through its full-text
 * index. Null when the search has no words. As queryTextMatches, the search only ever reaches
 * the index as letters and digits, so no input can be query syntax. With `newest` (SQLite), only
 * among the newest `newest` matches (ftsRowids); `access` (PostgreSQL): SourceAccess.
 */
export function sourceTextMatches(
  db: DB,
  source: SearchSource,
  alias: string,
  text: string,
  { newest, access = 'index' }: { newest?: number; access?: SourceAccess } = {},
): RawBuilder<SqlBool> | null {
  const words = searchWords(text);
  if (!words.length) return null;
  if (engineOf(db) === 'postgres') {
    const tsquery = sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`;
    const column = sql.ref(`${alias}.words`);
    return access === 'index' ? sql<SqlBool>`${column} @@ ${tsquery}` : sql<SqlBool>`ts_match_vq(${column}, ${tsquery})`;
  }
  const match = words.map((w) => `"${w}"*`).join(' ');
  return sql<SqlBool>`${sql.ref(`${alias}.rowid`)} in (${ftsRowids(FTS_SOURCE_TABLES[source], match, newest)})`;
}

/** The table of a source (chat messages, request files). */
export function sourceTable(source: SearchSource): (typeof PG_SOURCE_TABLES)[SearchSource] {
  return PG_SOURCE_TABLES[source];
}

/** How long a process trusts what it read of a source's statistics: ANALYZE renews them rarely. */
const STATS_TTL_MS = 5 * 60_000;
type WordStats = { at: number; rows: number; elems: Map<string, number> };
const statsCache = new WeakMap<DB, Map<SearchSource, WordStats>>();

/**
 * On PostgreSQL, from the statistics ANALYZE keeps of a source's `words` (pg_stats' most common
 * elements with their frequencies; pg_class.reltuples): about how many rows the source has, and
 * what share of them holds every word of the search as a word prefix (the sum of the frequencies
 * of the common words it begins, per word; words taken as independent). 0 when no common word
 * begins with one of them, or before any ANALYZE: the word is then taken as rare. The planner
 * keeps the same statistics but estimates every prefix search `word:*` at one fixed share, so it
 * cannot tell `slab:*` in a third of the messages from `waterproofing:*` in one in a thousand.
 */
export async function sourceWordShare(db: DB, source: SearchSource, text: string): Promise<{ rows: number; share: number }> {
  const words = searchWords(text);
  let perDb = statsCache.get(db);
  if (!perDb) statsCache.set(db, (perDb = new Map()));
  let stats = perDb.get(source);
  if (!stats || Date.now() - stats.at > STATS_TTL_MS) {
    const table = PG_SOURCE_TABLES[source];
    const { rows } = await sql<{ rows: number | null; elems: string[] | null; freqs: number[] | null }>`
      select (select greatest(reltuples, 0)::float8 from pg_class where oid = to_regclass(${table})) as rows,
        s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs::float8[] as freqs
      from (select 1) one left join pg_stats s on s.schemaname = current_schema() and s.tablename = ${table} and s.attname = 'words'`.execute(
      db,
    );
    const row = rows[0];
    const elems = new Map<string, number>();
    (row?.elems ?? []).forEach((elem, i) => elems.set(elem, row?.freqs?.[i] ?? 0));
    stats = { at: Date.now(), rows: Number(row?.rows ?? 0), elems };
    perDb.set(source, stats);
  }
  let share = words.length ? 1 : 0;
  for (const word of words) {
    let begun = 0;
    for (const [elem, freq] of stats.elems) if (elem.startsWith(word)) begun += freq;
    share *= Math.min(1, begun);
  }
  return { rows: stats.rows, share };
}
