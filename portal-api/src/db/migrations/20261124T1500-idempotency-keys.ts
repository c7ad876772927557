import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// Idempotency-Key (draft-ietf-httpapi-idempotency-key-header): one row per key
// a signed-in user sent on a create call. While the first call runs the row is
// 'running' and leased (locked_until, renewed by the running call); once it
// succeeded it keeps the answer (status and JSON body) until expires_at, so a
// retry gets the same answer instead of a second request, quote or post.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('claim', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // One key per user: the unique index two simultaneous first calls collide on.
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_idx').on('idempotency_keys').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
