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
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 10 }) }) });
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

export async function ping(db: DB): Promise<void> {
  await sql`select 1`.execute(db);
}
