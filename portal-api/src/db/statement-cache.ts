import type SQLite from 'better-sqlite3';

// Kysely's SqliteDialect calls better-sqlite3's prepare() on every query, and
// preparing was a fifth of the CPU profile of a read; kept statements save 10–30 %
// of a read's CPU (docs/decisions/0011-prepared-statements-kept.md). The SQL a
// repo function compiles is the same text on every call (values are bound
// parameters), so one prepared statement per text serves them all. Kysely runs
// one statement at a time on its single SQLite connection and never iterates two
// at once, so sharing a statement is safe.

const MAX_STATEMENTS = 500;

/** The connection Kysely sees: better-sqlite3 with prepare() remembered per SQL text. */
export function withStatementCache(db: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let stmt = statements.get(source);
    if (stmt === undefined) {
      stmt = db.prepare(source);
      // Text built from user input (an IN list of varying length) must not grow this forever.
      if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value!);
      statements.set(source, stmt);
    }
    return stmt;
  };
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'prepare') return prepare;
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
