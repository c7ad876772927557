import { sql, type Transaction } from 'kysely';
import { engineOf, type DB } from './database.ts';
import type { Database } from './schema.ts';

// Two edits of one blog, service or profile that arrive together must each remove
// exactly the image they replaced: read before the transaction, both would remove
// the same old file and leave one new file on disk that nothing points to.

const IMAGE_COLUMN = { blogs: 'image', services: 'image', users: 'profile_image' } as const;

/**
 * A row's image as this transaction sees it, held until it ends: locked (`for update`)
 * on PostgreSQL; on SQLite the one connection runs one transaction at a time.
 * Undefined when the row is gone.
 */
export async function imageForUpdate(
  trx: Transaction<Database>,
  table: keyof typeof IMAGE_COLUMN,
  id: string,
): Promise<string | null | undefined> {
  let read = trx
    .selectFrom(table as 'blogs')
    .select(sql<string | null>`${sql.ref(IMAGE_COLUMN[table])}`.as('image'))
    .where('id', '=', id);
  if (engineOf(trx as unknown as DB) === 'postgres') read = read.forUpdate();
  return (await read.executeTakeFirst())?.image;
}

/** The image a write replaced, to remove once it has committed: null when it kept the image or set the same one. */
export function replacedImage(before: string | null | undefined, after: string | null | undefined): string | null {
  return after !== undefined && before && before !== after ? before : null;
}
