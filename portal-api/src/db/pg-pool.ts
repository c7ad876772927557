import pg from 'pg';

/** How long opening a PostgreSQL connection may take (pools and LISTEN clients) before it counts as 'the server did not answer'. */
export const PG_CONNECT_TIMEOUT_MS = 5_000;

/**
 * A pg pool that survives its server going away. A host that drops packets is given up
 * after PG_CONNECT_TIMEOUT_MS instead of the OS's TCP timeout (minutes). A connection the
 * server drops (restart, failover, pg_terminate_backend, a network cut) emits 'error': on
 * the pool while idle, on the client while a query holds it, where pg-pool listens no
 * more; unheard, either would crash the process. The query itself still fails (answered
 * 503 'Database unreachable.', http/errors.ts), the pool discards the client and the next
 * query opens a new one.
 */
export function pgPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}
