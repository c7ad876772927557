import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { engineOf, type DB } from './database.ts';

// The admin search on the full-text index of each engine (migration
// 20261123T0600-list-indexes): FTS5 on SQLite, a GIN tsvector index on
// PostgreSQL. Both get the same query: every word of the search, as a prefix.

const MAX_WORDS = 8;

/** The words of a search as the full-text index splits them (letters and digits), lower case. */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/**
 * A condition on `q` (the queries table, aliased q, with its rowid on SQLite;
 * used alone in its select, so the planner drives it from the full-text index):
 * its subject or message contains every word of the search as a word prefix.
 * Null when the search has no words (then nothing matches by text).
 */
export function queryTextMatches(db: DB, text: string): RawBuilder<SqlBool> | null {
  const words = searchWords(text);
  if (!words.length) return null;
  if (engineOf(db) === 'postgres') {
    const tsquery = words.map((w) => `${w}:*`).join(' & ');
    // The same expression as the index, so the planner can use it.
    return sql<SqlBool>`to_tsvector('simple', coalesce(q.subject, '') || ' ' || q.message) @@ to_tsquery('simple', ${tsquery})`;
  }
  const match = words.map((w) => `"${w}"*`).join(' ');
  return sql<SqlBool>`q.rowid in (select rowid from queries_fts where queries_fts match ${match})`;
}
