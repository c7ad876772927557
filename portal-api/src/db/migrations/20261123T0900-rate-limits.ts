import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The counters of rate-limiter-flexible's PostgreSQL store (lib/rate-limit.ts),
// so that several instances on one database share every rate limit. The columns
// and their order are the library's own table (it inserts VALUES (key, points,
// expire)); expire is epoch milliseconds. The key is text, not the library's
// varchar(255): it holds an e-mail (up to 320 characters) after its prefix.
// On SQLite the limits live in memory (one instance) and the table stays
// empty, kept so both engines have one schema.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
}
