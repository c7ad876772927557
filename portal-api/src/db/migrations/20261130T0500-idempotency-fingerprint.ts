import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// The fingerprint (SHA-256, base64url) of a keyed call's JSON body, so a key
// sent again with a different body is refused (422) instead of replaying the
// first answer. Null for a multipart body and for rows written before.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('fingerprint', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('fingerprint').execute();
}
