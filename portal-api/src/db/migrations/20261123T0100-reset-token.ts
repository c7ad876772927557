import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1). A
// verified reset code hands out a one-time reset token; only its SHA-256 is kept,
// on the code's own row, so the reset is bound to whoever verified the code.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('one_time_codes').addColumn('reset_token_hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('one_time_codes').dropColumn('reset_token_hash').execute();
}
