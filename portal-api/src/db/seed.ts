import fs from 'node:fs';
import path from 'node:path';
import { newId, nowIso } from '../lib/ids.ts';
import { slugify } from '../modules/blogs/blogs.rules.ts';
import { sanitizeBody } from '../modules/blogs/blogs.sanitize.ts';
import type { DB } from './database.ts';
import { STARTER_ARTICLES } from './starter-articles.ts';

// docs/product.md §3 "Request service categories (fixed)", spellings as in the product
// (Demolititon, Finishess, DryWall, Structure steel): do not correct them.
export const SERVICE_CATALOGUE: ReadonlyArray<{ title: string; subservices: readonly string[] }> = [
  {
    title: 'General Contractor',
    subservices: ['Public Bids Estimate', 'Residential Bidding Estimates', 'Commercial Bidding Estimates'],
  },
  {
    title: 'Sub-Contractor',
    subservices: [
      'Earthwork',
      'Concrete',
      'Framing',
      'DryWall',
      'Flooring',
      'Demolititon',
      'Masonry',
      'Structure steel',
      'Roofing',
      'Painting',
      'Landscape',
      'MEP',
      'Interior finishes estimation',
      'Insulation',
      'Finishess',
      'Furnishing',
    ],
  },
  { title: 'Manufacturers', subservices: [] },
];

/** settings key: the public address of the server that last started on this database. */
export const SERVER_URL_KEY = 'server.publicUrl';

export const BLOG_CATEGORIES = ['Estimating Tips', 'Construction Industry', 'Bidding Strategy', 'Company News'] as const;

/**
 * Idempotent reference data. Runs once per start: top-level services (and the
 * starter blog articles) are only created when the catalogue has never been
 * seeded (a `settings` marker), so an admin who deletes or renames a seeded
 * service or article is not overruled on restart.
 */
export async function seedReferenceData(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const marker = await trx.selectFrom('settings').select('value').where('key', '=', 'seeded.catalogue').executeTakeFirst();
    if (!marker) {
      const now = nowIso();
      let order = 0;
      for (const group of SERVICE_CATALOGUE) {
        const parentId = newId();
        await trx
          .insertInto('services')
          .values({
            id: parentId,
            title: group.title,
            description: null,
            image: null,
            parent_id: null,
            sort_order: order++,
            created_at: now,
            updated_at: now,
          })
          .execute();
        let childOrder = 0;
        for (const title of group.subservices) {
          await trx
            .insertInto('services')
            .values({
              id: newId(),
              title,
              description: null,
              image: null,
              parent_id: parentId,
              sort_order: childOrder++,
              created_at: now,
              updated_at: now,
            })
            .execute();
        }
      }
      for (const name of BLOG_CATEGORIES) {
        await trx
          .insertInto('categories')
          .values({ id: newId(), name, created_at: now })
          .onConflict((oc) => oc.column('name').doNothing())
          .execute();
      }
      // A fresh installation's blog starts with three real articles, so it never opens empty.
      const categories = await trx.selectFrom('categories').select(['id', 'name']).execute();
      for (const article of STARTER_ARTICLES) {
        const id = newId();
        const at = new Date(Date.now() - article.daysAgo * 86_400_000).toISOString();
        await trx
          .insertInto('blogs')
          .values({
            id,
            title: article.title,
            slug: slugify(article.title),
            sub_title: article.subTitle,
            body: sanitizeBody(article.body),
            category_id: categories.find((c) => c.name === article.category)?.id ?? null,
            status: 'published',
            image: null,
            created_at: at,
            updated_at: at,
            published_at: at,
          })
          .execute();
        await trx
          .insertInto('blog_tags')
          .values(article.tags.map((tag, position) => ({ blog_id: id, tag, position })))
          .execute();
      }
      await trx.insertInto('settings').values({ key: 'seeded.catalogue', value: now }).execute();
    }
  });
}

/** A per-installation secret kept in the database so every instance signs links alike. */
export async function loadSecret(db: DB, key: string): Promise<Uint8Array> {
  const existing = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  if (existing) return Buffer.from(existing.value, 'hex');
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  await db
    .insertInto('settings')
    .values({ key, value: Buffer.from(bytes).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'hex');
}

/**
 * Sub-services named by the site's service and trade pages (content/, built
 * into DIST_DIR/request-options.json) that the catalogue lacks. Each is added
 * once, after its top-level service; a marker per pair means an admin who later
 * deletes or renames it is not overruled on the next start or rebuild.
 * Returns the titles added.
 */
export async function seedContentServices(db: DB, distDir: string): Promise<string[]> {
  let options: Array<{ service: string; subService?: string }>;
  try {
    options = (JSON.parse(fs.readFileSync(path.join(distDir, 'request-options.json'), 'utf8')) as { options: typeof options }).options;
  } catch {
    return []; // no build yet
  }
  const added: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const { service, subService } of options) {
      if (!subService) continue;
      const key = `seeded.content:${service}/${subService}`;
      if (await trx.selectFrom('settings').select('key').where('key', '=', key).executeTakeFirst()) continue;
      const parent = await trx
        .selectFrom('services')
        .select('id')
        .where('title', '=', service)
        .where('parent_id', 'is', null)
        .executeTakeFirst();
      if (!parent) continue;
      const siblings = await trx.selectFrom('services').select(['title', 'sort_order']).where('parent_id', '=', parent.id).execute();
      if (!siblings.some((s) => s.title === subService)) {
        const now = nowIso();
        const order = Math.max(-1, ...siblings.map((s) => s.sort_order)) + 1;
        await trx
          .insertInto('services')
          .values({
            id: newId(),
            title: subService,
            description: null,
            image: null,
            parent_id: parent.id,
            sort_order: order,
            created_at: now,
            updated_at: now,
          })
          .execute();
        added.push(subService);
      }
      await trx
        .insertInto('settings')
        .values({ key, value: nowIso() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
  });
  return added;
}
