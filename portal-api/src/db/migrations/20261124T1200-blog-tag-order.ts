import type { Kysely } from 'kysely';

// Frozen in time: never edit after merge (docs/architecture.md §1).
// A blog's tags come back in the order the admin typed them: each row keeps
// its place in the list. Rows written before this have place 0 and keep the
// alphabetical order they were shown in.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blog_tags')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blog_tags').dropColumn('position').execute();
}
