import { sql, type Transaction } from 'kysely';
import { forUpdate } from './row-lock.ts';
import type { Database } from './schema.ts';

// Two edits of one blog, service or profile that arrive together must each remove
// exactly the image they replaced: read before the transaction, both would remove
// the same old file and leave one new file on disk that nothing points to.

const IMAGE_COLUMN = { blogs: 'image', services: 'image', users: 'profile_image' } as const;

/**
 * A row's image as this transaction sees it, its row locked until the commit (db/row-lock.ts).
 * Undefined when the row is gone.
 */
export async function imageForUpdate(
  trx: Transaction<Database>,
  table: keyof typeof IMAGE_COLUMN,
  id: string,
): Promise<string | null | undefined> {
  const read = trx
    .selectFrom(table as 'blogs')
    .select(sql<string | null>`${sql.ref(IMAGE_COLUMN[table])}`.as('image'))
    .where('id', '=', id);
  return (await forUpdate(trx, read, table as 'blogs').executeTakeFirst())?.image;
}

/** The image a write replaced, to remove once it has committed: null when it kept the image or set the same one. */
export function replacedImage(before: string | null | undefined, after: string | null | undefined): string | null {
  return after !== undefined && before && before !== after ? before : null;
}
