import { type Kysely, type Transaction, sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { imageForUpdate, replacedImage } from '../../db/row-image.ts';
import { likePattern } from '../../db/search.ts';
import type { BlogRow, BlogStatus, Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Storage } from '../../lib/storage.ts';
import { isUniqueViolation } from '../categories/categories.repo.ts';
import { slugify } from './blogs.rules.ts';
import type { Blog } from './blogs.schema.ts';

type Conn = Kysely<Database> | Transaction<Database>;
type BlogWithCategory = BlogRow & { category_name: string | null };

// Slugs that the API's own paths (/blogs/tags) would shadow.
const RESERVED_SLUGS = new Set(['tags', 'multiple', 'images']);

/** Row → the API's Blog (docs/product.md §3). The image URL carries a version so an edit is never hidden by a cache. */
export function toBlog(row: BlogWithCategory, tags: string[], storage: Storage): Blog {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    subTitle: row.sub_title,
    body: row.body,
    category: row.category_id && row.category_name !== null ? { _id: row.category_id, name: row.category_name } : null,
    tags,
    status: row.status,
    image: row.image ? storage.publicUrl(row.image, Date.parse(row.updated_at)) : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export type BlogFilter = { statuses: BlogStatus[]; category?: string; tag?: string; search?: string };

function baseQuery(db: Conn) {
  return db.selectFrom('blogs').leftJoin('categories', 'categories.id', 'blogs.category_id');
}

/** Newest first (docs/product.md §9 "recent posts … newest createdAt first"), filtered and paged. */
export async function listBlogs(db: DB, storage: Storage, filter: BlogFilter, page: number, pageSize: number) {
  let query = baseQuery(db).where('blogs.status', 'in', filter.statuses);
  if (filter.category) {
    const category = filter.category;
    query = query.where((eb) =>
      eb.or([eb('categories.id', '=', category), eb(eb.fn('lower', ['categories.name']), '=', category.toLowerCase())]),
    );
  }
  if (filter.tag) {
    const tag = filter.tag.toLowerCase();
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('blog_tags')
          .select('blog_tags.blog_id')
          .whereRef('blog_tags.blog_id', '=', 'blogs.id')
          .where(sql<string>`lower(${sql.ref('blog_tags.tag')})`, '=', tag),
      ),
    );
  }
  if (filter.search) {
    const pattern = likePattern(filter.search);
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        like('blogs.title'),
        like('blogs.sub_title'),
        like('blogs.body'),
        eb.exists(
          eb
            .selectFrom('blog_tags')
            .select('blog_tags.blog_id')
            .whereRef('blog_tags.blog_id', '=', 'blogs.id')
            .where(like('blog_tags.tag')),
        ),
      ]),
    );
  }
  const counted = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await query
    .selectAll('blogs')
    .select('categories.name as category_name')
    .orderBy('blogs.created_at', 'desc')
    .orderBy('blogs.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { data: await withTags(db, storage, rows), total: Number(counted?.n ?? 0) };
}

// Made on first use and kept: a collator is the same for every list, and building one loads ICU's rules.
let collator: Intl.Collator | undefined;
const tagCollator = () => (collator ??= new Intl.Collator('en', { sensitivity: 'base' }));

async function withTags(db: Conn, storage: Storage, rows: BlogWithCategory[]): Promise<Blog[]> {
  if (!rows.length) return [];
  const tagRows = await db
    .selectFrom('blog_tags')
    .select(['blog_id', 'tag', 'position'])
    .where(
      'blog_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  // In the order typed; rows from before tags kept their place share 0 and sort by name.
  tagRows.sort((a, b) => a.position - b.position || tagCollator().compare(a.tag, b.tag));
  const byBlog = new Map<string, string[]>();
  for (const { blog_id, tag } of tagRows) byBlog.set(blog_id, [...(byBlog.get(blog_id) ?? []), tag]);
  return rows.map((row) => toBlog(row, byBlog.get(row.id) ?? [], storage));
}

/** A blog by id or slug, whatever its status (callers decide who may see drafts). */
export async function findBlog(db: Conn, storage: Storage, idOrSlug: string): Promise<Blog | null> {
  const row = await baseQuery(db)
    .selectAll('blogs')
    .select('categories.name as category_name')
    .where((eb) => eb.or([eb('blogs.id', '=', idOrSlug), eb('blogs.slug', '=', idOrSlug)]))
    .orderBy(sql`case when ${sql.ref('blogs.id')} = ${idOrSlug} then 0 else 1 end`)
    .executeTakeFirst();
  return row ? (await withTags(db, storage, [row]))[0]! : null;
}

export function findBlogRow(db: Conn, id: string) {
  return db.selectFrom('blogs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A slug from the title that no other blog has, as slug or as id (GET /blogs/{idOrSlug} finds an
 * id first, so a slug equal to another blog's id would never reach its own post): "title", then
 * "title-2", "title-3"…
 */
export async function uniqueSlug(db: Conn, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title);
  const like = `${base}-%`;
  let query = db
    .selectFrom('blogs')
    .select(['slug', 'id'])
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', like), eb('id', '=', base), eb('id', 'like', like)]));
  if (exceptId) query = query.where('id', '!=', exceptId);
  const taken = new Set((await query.execute()).flatMap((r) => [r.slug, r.id]));
  for (const slug of RESERVED_SLUGS) taken.add(slug);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export type BlogInput = {
  title: string;
  subTitle: string | null;
  body: string;
  categoryId: string;
  tags: string[];
  status: BlogStatus;
  image: string | null;
};

async function writeTags(trx: Transaction<Database>, blogId: string, tags: string[]) {
  await trx.deleteFrom('blog_tags').where('blog_id', '=', blogId).execute();
  if (tags.length)
    await trx
      .insertInto('blog_tags')
      .values(tags.map((tag, position) => ({ blog_id: blogId, tag, position })))
      .execute();
}

/** Retries once with a fresh slug when a concurrent write took the same one. */
async function withSlugRetry<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return write();
  }
}

export async function insertBlog(db: DB, input: BlogInput): Promise<string> {
  const id = newId();
  const now = nowIso();
  await withSlugRetry(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('blogs')
        .values({
          id,
          title: input.title,
          slug: await uniqueSlug(trx, input.title),
          sub_title: input.subTitle,
          body: input.body,
          category_id: input.categoryId,
          status: input.status,
          image: input.image,
          created_at: now,
          updated_at: now,
          published_at: input.status === 'published' ? now : null,
        })
        .execute();
      await writeTags(trx, id, input.tags);
    }),
  );
  return id;
}

/**
 * Replaces a blog's fields (`image` undefined keeps the image, null drops it) and
 * answers the image key it replaced, for the caller to remove once this has
 * committed (db/row-image.ts). The slug follows the title only until the post is
 * first published: after that, links to it may be out in the world. Undefined
 * when the blog was deleted meanwhile.
 */
export async function updateBlog(
  db: DB,
  current: BlogRow,
  input: Omit<BlogInput, 'image'> & { image: string | null | undefined },
): Promise<{ replaced: string | null } | undefined> {
  const now = nowIso();
  return withSlugRetry(() =>
    db.transaction().execute(async (trx) => {
      const before = await imageForUpdate(trx, 'blogs', current.id);
      if (before === undefined) return undefined;
      const slug =
        current.published_at === null && input.title !== current.title ? await uniqueSlug(trx, input.title, current.id) : current.slug;
      await trx
        .updateTable('blogs')
        .set({
          title: input.title,
          slug,
          sub_title: input.subTitle,
          body: input.body,
          category_id: input.categoryId,
          status: input.status,
          ...(input.image !== undefined && { image: input.image }),
          updated_at: now,
          published_at: current.published_at ?? (input.status === 'published' ? now : null),
        })
        .where('id', '=', current.id)
        .execute();
      await writeTags(trx, current.id, input.tags);
      return { replaced: replacedImage(before, input.image) };
    }),
  );
}

export async function setBlogStatus(db: DB, current: BlogRow, status: BlogStatus): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('blogs')
    .set({ status, updated_at: now, published_at: current.published_at ?? (status === 'published' ? now : null) })
    .where('id', '=', current.id)
    .execute();
}

/** Deletes blogs (tags cascade) and answers the image keys to remove from storage. */
export async function deleteBlogs(db: DB, ids: string[]): Promise<{ deleted: number; images: string[] }> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('blogs').select(['id', 'image']).where('id', 'in', ids).execute();
    if (rows.length)
      await trx
        .deleteFrom('blogs')
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    return { deleted: rows.length, images: rows.map((r) => r.image).filter((k): k is string => !!k) };
  });
}

/** Tags of published posts with how many posts carry each (the public tag filter). */
export async function listPublishedTags(db: DB): Promise<Array<{ tag: string; count: number }>> {
  const rows = await db
    .selectFrom('blog_tags')
    .innerJoin('blogs', 'blogs.id', 'blog_tags.blog_id')
    .where('blogs.status', '=', 'published')
    .select(['blog_tags.tag'])
    .execute();
  const counts = new Map<string, { tag: string; count: number }>();
  for (const { tag } of rows) {
    const key = tag.toLowerCase();
    const entry = counts.get(key) ?? { tag, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
}

/** Published posts for the feed and the sitemap: newest first. */
export async function listPublishedForFeed(db: DB, limit: number) {
  return baseQuery(db)
    .select([
      'blogs.slug',
      'blogs.title',
      'blogs.sub_title',
      'blogs.body',
      'blogs.created_at',
      'blogs.updated_at',
      'blogs.published_at',
      'categories.name as category_name',
    ])
    .where('blogs.status', '=', 'published')
    .orderBy('blogs.created_at', 'desc')
    .limit(limit)
    .execute();
}
