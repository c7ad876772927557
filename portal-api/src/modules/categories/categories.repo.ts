import type { DB } from '../../db/database.ts';
import type { CategoriesTable } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Category } from './categories.schema.ts';

export function toCategory(row: Pick<CategoriesTable, 'id' | 'name'>): Category {
  return { _id: row.id, name: row.name };
}

export async function listCategories(db: DB): Promise<Category[]> {
  const rows = await db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute();
  return rows.map(toCategory);
}

export async function findCategory(db: DB, id: string): Promise<Category | null> {
  const row = await db.selectFrom('categories').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  return row ? toCategory(row) : null;
}

/** Case-insensitive: "estimating tips" is the seeded "Estimating Tips". */
export async function findCategoryByName(db: DB, name: string): Promise<Category | null> {
  const row = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return row ? toCategory(row) : null;
}

/** Inserts a category; null when the name exists already (any case), also when another request won the race. */
export async function insertCategory(db: DB, name: string): Promise<Category | null> {
  if (await findCategoryByName(db, name)) return null;
  const row = { id: newId(), name, created_at: nowIso() };
  try {
    await db.insertInto('categories').values(row).execute();
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  return toCategory(row);
}

/** SQLite and PostgreSQL name a unique-constraint failure differently. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
