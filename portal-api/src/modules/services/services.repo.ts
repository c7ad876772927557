import type { DB } from '../../db/database.ts';
import type { ServiceRow } from '../../db/schema.ts';

export function toSubService(row: ServiceRow) {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    parentService: row.parent_id,
  };
}

/** Top-level services, each with its sub-services, in catalogue order (SPEC §3 "Service"). */
export async function listServiceTree(db: DB) {
  const rows = await db.selectFrom('services').selectAll().orderBy('sort_order').orderBy('created_at').execute();
  return rows
    .filter((r) => r.parent_id === null)
    .map((parent) => ({ ...toSubService(parent), subservices: rows.filter((r) => r.parent_id === parent.id).map(toSubService) }));
}

export function findService(db: DB, id: string) {
  return db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
}
