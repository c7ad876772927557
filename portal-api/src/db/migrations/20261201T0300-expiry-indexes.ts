import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The hourly expiry job (modules/auth/auth.expiry.ts) deletes sessions and one-time codes past
// their expiry; these indexes let it find them without reading the whole table.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  await db.schema.createIndex('codes_expires_idx').on('one_time_codes').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('codes_expires_idx').execute();
  await db.schema.dropIndex('sessions_expires_idx').execute();
}
