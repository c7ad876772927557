import type SQLite from 'better-sqlite3';

// Kysely's SqliteDialect calls better-sqlite3's prepare() on every query, and
// preparing was a fifth of the CPU profile of a read; kept statements save 10–30 %
// of a read's CPU (docs/decisions/0011-prepared-statements-kept.md). The SQL a
// repo function compiles is the same text on every call (values are bound
// parameters), so one prepared statement per text serves them all. Kysely runs
// one statement at a time on its single SQLite connection and never iterates two
// at once, so sharing a statement is safe.

const MAX_STATEMENTS = 500;

// better-sqlite3 clears a statement's bindings after every call, and SQLite marks a statement
// expired on that clear when its plan looked at a bound value: an equality the planner weighed
// as a filter (is the value 0 or 1?), a LIMIT, an OFFSET, a LIKE pattern. Most statements with a
// join or an ORDER BY are such, so every call prepared them again, and better-sqlite3 then
// compiled a new row function for them. Written `+?`, the parameter is the same value (unary
// plus is a no-op in SQLite) and gives the same plan, but the planner does not look into it, so
// the kept statement stays prepared (docs/decisions/0011-prepared-statements-kept.md). Ranges and `<>` are left as
// they are: they do not expire a statement, and a partial index's WHERE may need to see them. A
// LIKE pattern loses nothing either: SQLite reads a pattern's prefix through an index only with
// NOCASE indexes or case_sensitive_like, and this schema has neither.
const PLANNED_PARAMETER = /((?:^|[^<>!=])= |\bis |\blike |\blimit |\boffset )\?/gi;
const QUOTED = /('(?:[^']|'')*'|"(?:[^"]|"")*")/;

/** `sql` with each parameter of an equality, a LIKE, a LIMIT or an OFFSET written `+?`; quoted text untouched. */
export function unplannedParameters(sql: string): string {
  return sql
    .split(QUOTED)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(PLANNED_PARAMETER, '$1+?')))
    .join('');
}

/** The connection Kysely sees: better-sqlite3 with prepare() remembered per SQL text. */
export function withStatementCache(db: SQLite.Database): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let stmt = statements.get(source);
    if (stmt === undefined) {
      stmt = db.prepare(unplannedParameters(source));
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
