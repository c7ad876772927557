import type { DB } from '../../db/database.ts';
import { imageForUpdate, replacedImage } from '../../db/row-image.ts';
import { newId, nowIso } from '../../lib/ids.ts';
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

/** Top-level services, each with its sub-services, in catalogue order (docs/product.md §3 "Service"). */
export async function listServiceTree(db: DB) {
  const rows = await db.selectFrom('services').selectAll().orderBy('sort_order').orderBy('created_at').execute();
  return rows
    .filter((r) => r.parent_id === null)
    .map((parent) => ({ ...toSubService(parent), subservices: rows.filter((r) => r.parent_id === parent.id).map(toSubService) }));
}

export function findService(db: DB, id: string) {
  return db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listSubserviceIds(db: DB, parentId: string): Promise<string[]> {
  const rows = await db.selectFrom('services').select('id').where('parent_id', '=', parentId).execute();
  return rows.map((r) => r.id);
}

/** The titles of these services, in the order of `ids` (unknown ids left out). */
export async function serviceTitles(db: DB, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('services').select(['id', 'title']).where('id', 'in', ids).execute();
  return ids.map((id) => rows.find((r) => r.id === id)?.title).filter((t): t is string => !!t);
}

/**
 * Whether another service beside `exceptId` has this title (in any case) at the same level: among
 * the top-level services, or among the sub-services of `parentId`.
 */
export async function titleTaken(db: DB, title: string, parentId: string | null, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('services')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['title']), '=', title.toLowerCase()))
    .where((eb) => (parentId ? eb('parent_id', '=', parentId) : eb('parent_id', 'is', null)))
    .$if(!!exceptId, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return Boolean(row);
}

export type ServiceWrite = { title: string; description: string | null; parentId: string | null; image: string | null };

export async function insertService(db: DB, input: ServiceWrite) {
  const now = nowIso();
  const order = await db
    .selectFrom('services')
    .select((eb) => eb.fn.max<number | null>('sort_order').as('max'))
    .where((eb) => (input.parentId ? eb('parent_id', '=', input.parentId) : eb('parent_id', 'is', null)))
    .executeTakeFirst();
  const row = {
    id: newId(),
    title: input.title,
    description: input.description,
    image: input.image,
    parent_id: input.parentId,
    sort_order: Number(order?.max ?? -1) + 1,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('services').values(row).execute();
  return row;
}

/**
 * Changes a service's fields and answers the row with the image it replaced, for the
 * caller to remove once this has committed (db/row-image.ts); undefined when the
 * service was deleted meanwhile.
 */
export async function updateService(db: DB, id: string, patch: Partial<ServiceWrite>) {
  const replaced = await db.transaction().execute(async (trx) => {
    const before = await imageForUpdate(trx, 'services', id);
    if (before === undefined) return undefined;
    await trx
      .updateTable('services')
      .set({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.parentId !== undefined && { parent_id: patch.parentId }),
        ...(patch.image !== undefined && { image: patch.image }),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    return { image: replacedImage(before, patch.image) };
  });
  const row = replaced && (await findService(db, id));
  return row ? { row, replaced: replaced.image } : undefined;
}

export function countSubservices(db: DB, id: string) {
  return db
    .selectFrom('services')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** How many requests that are not closed use the service or one of its sub-services. */
export async function countOpenQueriesUsing(db: DB, id: string): Promise<number> {
  const row = await db
    .selectFrom('queries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '!=', 'closed')
    .where((eb) =>
      eb.or([
        eb(
          'service_id',
          'in',
          eb
            .selectFrom('services')
            .select('id')
            .where((w) => w.or([w('id', '=', id), w('parent_id', '=', id)])),
        ),
        eb(
          'subservice_id',
          'in',
          eb
            .selectFrom('services')
            .select('id')
            .where((w) => w.or([w('id', '=', id), w('parent_id', '=', id)])),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Delete policy (issues 6 and 17): refused while requests that are not closed
 * use the service, counted inside the transaction so that a request sent
 * meanwhile still stops it. Deleting a service
 * deletes its sub-services with it; closed requests that named any of them keep
 * the titles as text (service_label/subservice_label) and lose the link. Done
 * explicitly in one transaction rather than trusting ON DELETE actions, so both
 * databases behave alike. Returns the removed rows for image cleanup, or the
 * number of open requests that stopped it.
 */
export async function deleteServiceTree(db: DB, id: string) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('services')
      .selectAll()
      .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
      .execute();
    const ids = rows.map((r) => r.id);
    const open = await countOpenQueriesUsing(trx, id);
    if (open > 0) return { removed: [], detachedQueries: 0, openQueries: open };
    const detached = await trx
      .selectFrom('queries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eb.or([eb('service_id', 'in', ids), eb('subservice_id', 'in', ids)]))
      .executeTakeFirstOrThrow();
    const now = nowIso();
    await trx
      .updateTable('queries')
      .set((eb) => ({
        service_label: eb.selectFrom('services').select('title').whereRef('services.id', '=', 'queries.service_id'),
        service_id: null,
        updated_at: now,
      }))
      .where('service_id', 'in', ids)
      .execute();
    await trx
      .updateTable('queries')
      .set((eb) => ({
        subservice_label: eb.selectFrom('services').select('title').whereRef('services.id', '=', 'queries.subservice_id'),
        subservice_id: null,
        updated_at: now,
      }))
      .where('subservice_id', 'in', ids)
      .execute();
    await trx.deleteFrom('services').where('parent_id', '=', id).execute();
    await trx.deleteFrom('services').where('id', '=', id).execute();
    return { removed: rows, detachedQueries: Number(detached.n), openQueries: 0 };
  });
}
