import { ConfigError, type Config } from '../config.ts';

// A database that cannot be used at start, in one line an operator can act on
// rather than a stack trace: the setting and where it points, never the password of
// DATABASE_URL, never a stack trace. A full or read-only disk is not here: the
// DATA_DIR check says that (lib/data-dir.ts).

const POSTGRES_REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name does not resolve',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the server did not answer',
  ECONNRESET: 'the server closed the connection',
  // SQLSTATEs: invalid_password, invalid_authorization_specification, invalid_catalog_name.
  '28P01': 'the user name or password was refused',
  '28000': 'the user may not connect',
  '3D000': 'the database does not exist',
};

/** `postgres://host:port/database`: where DATABASE_URL points, without user or password. */
function whereTo(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname || 'localhost'}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'postgres://…';
  }
}

/** pg's own errors when PG_CONNECT_TIMEOUT_MS passes (the client's and the pool's): they carry no code. */
const PG_TIMEOUT = /connection timeout|timeout exceeded when trying to connect/;

/**
 * A ConfigError for a database failure a setting explains, or undefined for any other error.
 * `doing` starts the line: the server's 'Cannot start', a script's own ('Cannot create the admin').
 */
export function databaseStartError(database: Config['database'], err: unknown, doing = 'Cannot start'): ConfigError | undefined {
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  if (database.kind === 'postgres') {
    const reason =
      POSTGRES_REASONS[code] ?? (err instanceof Error && PG_TIMEOUT.test(err.message) ? POSTGRES_REASONS.ETIMEDOUT : undefined);
    return reason ? new ConfigError(`${doing}: DATABASE_URL ${whereTo(database.url)} is not usable: ${reason}.`) : undefined;
  }
  if (code === 'SQLITE_NOTADB')
    return new ConfigError(`${doing}: ${database.file} is not a SQLite database (check DATA_DIR and DATABASE_URL, or restore a backup).`);
  if (code.startsWith('SQLITE_CORRUPT'))
    return new ConfigError(`${doing}: the database ${database.file} is damaged: restore a backup (docs/operations.md).`);
  return undefined;
}

/** The answer while the database cannot be reached: /api/health's and any request's. */
export const DATABASE_UNREACHABLE = 'Database unreachable.';

/** SQLSTATE classes and codes of a connection lost or refused (08: connection exception; 57P01–57P03: shut down, starting). */
const PG_GONE_STATES = /^(08|57P0[123])/;
const PG_GONE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * A PostgreSQL server that cannot be reached while the server runs (a restart, a failover, a
 * network cut): the request is answered 503 'Database unreachable.' like /api/health, not 500.
 */
export function isDatabaseUnreachable(err: unknown): boolean {
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  if (code in POSTGRES_REASONS && !/^(28|3D)/.test(code)) return true;
  if (PG_GONE_STATES.test(code)) return true;
  return err instanceof Error && PG_GONE_MESSAGES.test(err.message);
}
