import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  type Transaction,
  PostgresDialect,
  SqliteDialect,
  sql,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import type { Config } from '../config.ts';
import { pgPool } from './pg-pool.ts';
import type { Database } from './schema.ts';
import * as initial from './migrations/20261122T0000-initial.ts';
import * as resetToken from './migrations/20261123T0100-reset-token.ts';
import * as outbox from './migrations/20261123T0200-outbox.ts';
import * as queryReads from './migrations/20261123T0300-add-query-reads.ts';
import * as queryLifecycle from './migrations/20261123T0400-add-query-lifecycle.ts';
import * as addUploads from './migrations/20261123T0500-add-uploads.ts';
import * as listIndexes from './migrations/20261123T0600-list-indexes.ts';
import * as queryServiceLabels from './migrations/20261123T0700-query-service-labels.ts';
import * as rateLimits from './migrations/20261123T0900-rate-limits.ts';
import * as pgSearchIndexes from './migrations/20261123T1700-pg-search-indexes.ts';
import * as sqliteNameSearch from './migrations/20261123T2100-sqlite-name-search.ts';
import * as dropCoveredIndexes from './migrations/20261124T0100-drop-covered-indexes.ts';
import * as queryStatusCounts from './migrations/20261124T0700-query-status-counts.ts';
import * as queryFilesStorageKey from './migrations/20261124T1000-query-files-storage-key.ts';
import * as blogTagOrder from './migrations/20261124T1200-blog-tag-order.ts';
import * as outboxReplyTo from './migrations/20261124T1300-outbox-reply-to.ts';
import * as activityActor from './migrations/20261124T1400-activity-actor.ts';
import * as idempotencyKeys from './migrations/20261124T1500-idempotency-keys.ts';
import * as listGrowth from './migrations/20261129T0700-list-growth.ts';
import * as requestInbox from './migrations/20261130T0200-request-inbox.ts';
import * as staffDesk from './migrations/20261130T0300-staff-desk.ts';
import * as companies from './migrations/20261130T0400-companies.ts';
import * as searchSources from './migrations/20261130T0410-search-sources.ts';
import * as idempotencyFingerprint from './migrations/20261130T0500-idempotency-fingerprint.ts';
import * as searchWordsColumns from './migrations/20261201T0200-search-words-columns.ts';
import * as expiryIndexes from './migrations/20261201T0300-expiry-indexes.ts';
import * as usersLastQuery from './migrations/20261201T0400-users-last-query.ts';
import * as dropCoveredQueryIndex from './migrations/20261201T0500-drop-covered-query-index.ts';
import type { Logger } from '../lib/logger.ts';
import { checkpointInWorker, workerReaderOf } from './checkpoint.ts';
import { DatabaseFileGuard } from './file-guard.ts';
import { withStatementCache } from './statement-cache.ts';
import { makeDirSync } from '../lib/data-dir.ts';

export type DB = Kysely<Database>;

/** Kysely on better-sqlite3 or pg, chosen by DATABASE_URL. `log` hears of a SQLite file deleted under it. */
export function openDatabase(database: Config['database'], log?: Logger): DB {
  if (database.kind === 'postgres') {
    return remember(new Kysely<Database>({ dialect: new PostgresDialect({ pool: pgPool(database.url, 10) }) }), 'postgres');
  }
  makeDirSync(path.dirname(database.file));
  const sqlite = new SQLite(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  checkpointInWorker(sqlite, database.file);
  // An in-memory database has no file to lose.
  const guard = sqlite.memory ? null : new DatabaseFileGuard(sqlite, database.file, log);
  const dialect = new KeepCauseSqliteDialect({ database: withStatementCache(sqlite) }, guard);
  const db = remember(new Kysely<Database>({ dialect }), 'sqlite');
  connections.set(db, sqlite);
  if (guard) guards.set(db, guard);
  return db;
}

const connections = new WeakMap<object, SQLite.Database>();
const guards = new WeakMap<object, DatabaseFileGuard>();

/**
 * Why the SQLite file at the database's path is no longer the one this process
 * has open (deleted, moved away, replaced), or null; always null on PostgreSQL.
 */
export function databaseFileProblem(db: DB): string | null {
  return guards.get(db)?.check() ?? null;
}

/**
 * Runs a read that scans much off the event loop: on SQLite, on the checkpoint
 * worker's connection (db/checkpoint.ts), which sees every committed write; on
 * PostgreSQL (already asynchronous), inside a transaction, or with no worker,
 * the usual way. For reads only: the worker's connection never writes.
 */
export async function readOffLoop<R>(db: Kysely<Database> | Transaction<Database>, query: CompiledQuery<R>): Promise<R[]> {
  const sqlite = connections.get(db);
  const read = sqlite && workerReaderOf(sqlite);
  if (read) {
    try {
      return (await read(query.sql, query.parameters)) as R[];
    } catch (err) {
      // The worker went away (its connection is closed first at shutdown): read here.
      if (!/database reader stopped/.test((err as Error).message)) throw err;
    }
  }
  return (await db.executeQuery(query)).rows;
}

const engines = new WeakMap<object, Config['database']['kind']>();
function remember(db: DB, kind: Config['database']['kind']): DB {
  engines.set(db, kind);
  return db;
}

/** Which engine a database opened by openDatabase runs on (for the few dialect-specific reads in db/). */
export function engineOf(db: DB): Config['database']['kind'] {
  // A Kysely made elsewhere over our dialects (a script logging its SQL): ask its adapter.
  return engines.get(db) ?? (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');
}

/**
 * SQLite rolls a transaction back by itself on SQLITE_FULL and some I/O errors;
 * Kysely's own ROLLBACK then fails with 'no transaction is active' and that
 * error would hide the real cause (a full disk answered 500 instead of 507).
 * Each use of the connection also lets the file guard look whether the file is
 * still there (at most once a second), so a write is refused soon after it goes.
 */
class KeepCauseSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly guard: DatabaseFileGuard | null,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = () => {
      this.guard?.checkSoon();
      return acquire();
    };
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection: DatabaseConnection, ...rest: unknown[]) => {
      try {
        await (rollback as (c: DatabaseConnection, ...r: unknown[]) => Promise<void>)(connection, ...rest);
      } catch (err) {
        if (!/no transaction is active/i.test((err as Error).message)) throw err;
      }
    };
    return driver;
  }
}

// Migrations are listed here (not read from disk) so that they work the same
// under tsx, vitest and a bundled build. Add new ones in timestamp order.
const migrations: Record<string, Migration> = {
  '20261122T0000-initial': initial,
  '20261123T0100-reset-token': resetToken,
  '20261123T0200-outbox': outbox,
  '20261123T0300-add-query-reads': queryReads,
  '20261123T0400-add-query-lifecycle': queryLifecycle,
  '20261123T0500-add-uploads': addUploads,
  '20261123T0600-list-indexes': listIndexes,
  '20261123T0700-query-service-labels': queryServiceLabels,
  '20261123T0900-rate-limits': rateLimits,
  '20261123T1700-pg-search-indexes': pgSearchIndexes,
  '20261123T2100-sqlite-name-search': sqliteNameSearch,
  '20261124T0100-drop-covered-indexes': dropCoveredIndexes,
  '20261124T0700-query-status-counts': queryStatusCounts,
  '20261124T1000-query-files-storage-key': queryFilesStorageKey,
  '20261124T1200-blog-tag-order': blogTagOrder,
  '20261124T1300-outbox-reply-to': outboxReplyTo,
  '20261124T1400-activity-actor': activityActor,
  '20261124T1500-idempotency-keys': idempotencyKeys,
  '20261129T0700-list-growth': listGrowth,
  '20261130T0200-request-inbox': requestInbox,
  '20261130T0300-staff-desk': staffDesk,
  '20261130T0400-companies': companies,
  '20261130T0410-search-sources': searchSources,
  '20261130T0500-idempotency-fingerprint': idempotencyFingerprint,
  '20261201T0200-search-words-columns': searchWordsColumns,
  '20261201T0300-expiry-indexes': expiryIndexes,
  '20261201T0400-users-last-query': usersLastQuery,
  '20261201T0500-drop-covered-query-index': dropCoveredQueryIndex,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };
// Streams of work get their timestamps up front and merge in any order, so a
// database may already have run a later one (0700) when an earlier one (0600)
// arrives: run it then instead of refusing to start.
const migratorOptions = { provider, allowUnorderedMigrations: true };

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, ...migratorOptions });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? `Migration ${failed.migrationName}` : 'Migration';
    // The cause's code stays on the error, so a full or read-only disk is told as one (server.ts).
    const code = (error as { code?: unknown } | null)?.code;
    throw Object.assign(new Error(`${name} failed: ${String((error as Error)?.message ?? error)}`, { cause: error }), { code });
  }
}

/** Every known migration, in order, with when it was applied (`npm run migrate -- --status`). */
export async function migrationStatus(db: DB): Promise<Array<{ name: string; executedAt: Date | null }>> {
  const list = await new Migrator({ db, ...migratorOptions }).getMigrations();
  return list.map((m) => ({ name: m.name, executedAt: m.executedAt ?? null }));
}

/** True when every known migration has been applied (for /api/ready). */
export async function isMigrated(db: DB): Promise<boolean> {
  const list = await new Migrator({ db, ...migratorOptions }).getMigrations();
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

/** One small write (a settings row), to tell a read-only or full disk from a working one. */
export async function writeCheck(db: DB, key: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: new Date().toISOString() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
    .execute();
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
