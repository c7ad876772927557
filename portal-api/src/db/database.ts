import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { Database } from './schema.ts';
import * as initial from './migrations/20261122T0000-initial.ts';

export type DB = Kysely<Database>;

/** Kysely on better-sqlite3 or pg, chosen by DATABASE_URL. */
export function openDatabase(database: Config['database']): DB {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle pooled connection that the server drops (restart, failover,
    // pg_terminate_backend) emits 'error' on the pool; unhandled, it would crash
    // the process. The pool discards that client and the next query opens a new one.
    pool.on('error', () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

// Migrations are listed here (not read from disk) so that they work the same
// under tsx, vitest and a bundled build. Add new ones in timestamp order.
const migrations: Record<string, Migration> = {
  '20261122T0000-initial': initial,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}

/** True when every known migration has been applied (for /api/ready). */
export async function isMigrated(db: DB): Promise<boolean> {
  const list = await new Migrator({ db, provider }).getMigrations();
  return list.every((m) => m.executedAt !== undefined);
}

/**
 * PostgreSQL refuses text it cannot store (a NUL character, invalid UTF-8) where
 * SQLite accepts it: that is the caller's input, a 400, not a server error.
 */
export function isUnstorableTextError(err: unknown): boolean {
  return err instanceof pg.DatabaseError && (err.code === '22021' || err.code === '22P05');
}

export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}

// Any constant shared by every instance of this application.
const STARTUP_LOCK_KEY = 7_310_431;

/**
 * Runs `fn` (migrate, seed, first admin) while holding a PostgreSQL advisory
 * lock, so instances started together do it one after the other instead of
 * colliding on the seed's unique keys. SQLite has a single instance.
 */
export async function withStartupLock<T>(db: DB, kind: Config['database']['kind'], fn: () => Promise<T>): Promise<T> {
  if (kind !== 'postgres') return fn();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
    }
  });
}
