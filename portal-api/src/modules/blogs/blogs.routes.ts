import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { BlogRow } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { optionalAuth, requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { NOT_MODIFIED, publicRead, taggedJson } from '../../http/public-cache.ts';
import { ADMIN_ONLY, createRouter, jsonBody, jsonResponse } from '../../http/router.ts';
import type { Multipart } from '../../lib/storage.ts';
import { AUTH_REQUIRED, NOT_ALLOWED } from '../auth/auth.labels.ts';
import { findCategory, findCategoryByName } from '../categories/categories.repo.ts';
import { IDEMPOTENCY_KEY_PARAMETER, idempotentResponses } from '../idempotency/idempotency.schema.ts';
import { storeBlogImage } from './blogs.image.ts';
import { deleteBlogs, findBlog, findBlogRow, insertBlog, listBlogs, listPublishedTags, setBlogStatus, updateBlog } from './blogs.repo.ts';
import { BLOG_LIMITS, BLOG_TEXTS } from './blogs.rules.ts';
import { hasContent, sanitizeBody } from './blogs.sanitize.ts';
import {
  BlogEnvelopeSchema,
  BlogFieldsSchema,
  BlogListQuerySchema,
  BlogListSchema,
  BlogStatusBodySchema,
  BulkDeleteSchema,
  IdOrSlugParamSchema,
  IdParamSchema,
  SuccessSchema,
  TagListSchema,
  UploadedImageSchema,
} from './blogs.schema.ts';

const MULTIPART_FIELDS =
  'multipart/form-data: title, subTitle, body (HTML, sanitised), category (id), tags (comma-separated), status (draft|published), image (file), removeImage (true to drop the image).';

/** The blogs sub-app (docs/product.md §7 "Blogs"). Static paths are registered before /blogs/{id}. */
export function blogsRoutes({ db, storage }: Deps) {
  const admin = requireAuth(db, 'admin');
  const isAdmin = (c: Context<AppEnv>) => c.var.user?.role === 'admin';

  /** Reads the editor's multipart form: the fields parsed, at most one image, temp files cleaned up on refusal. */
  async function receiveForm(c: Context<AppEnv>) {
    const form: Multipart = await storage.receive(c.req.raw, {
      maxFiles: 1,
      fileFields: ['image'],
      maxFileBytes: BLOG_LIMITS.imageMb * 1024 * 1024,
    });
    const parsed = BlogFieldsSchema.safeParse(form.fields);
    if (!parsed.success) {
      await storage.discard(form.files);
      throw parsed.error;
    }
    return { fields: parsed.data, file: form.files[0] ?? null, discard: () => storage.discard(form.files) };
  }

  async function resolveCategory(value: string | undefined): Promise<string | null> {
    if (!value) return null;
    const category = (await findCategory(db, value)) ?? (await findCategoryByName(db, value));
    if (!category) throw new HttpError(400, BLOG_TEXTS.badCategory);
    return category._id;
  }

  function requireFields<T extends { title: string; body: string; categoryId: string | null }>(
    input: T,
  ): asserts input is T & { categoryId: string } {
    // docs/product.md §5: title, category and body are required.
    if (!input.title || !input.categoryId || !hasContent(input.body)) throw new HttpError(400, BLOG_TEXTS.required);
  }

  const blogOrThrow = async (id: string): Promise<BlogRow> => {
    const row = await findBlogRow(db, id);
    if (!row) throw new HttpError(404, BLOG_TEXTS.notFound);
    return row;
  };

  const router = createRouter();
  // Every public read of the area: the list, the tags and a post ('/blogs/*' matches '/blogs' too).
  router.use('/blogs/*', publicRead());
  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/blogs',
        tags: ['Blogs'],
        summary:
          'Blogs, newest first, filtered and paged. Public (published only); admins may ask for drafts (status=draft) or, with no status, for all.',
        middleware: [optionalAuth(db)] as const,
        request: { query: BlogListQuerySchema },
        responses: { 200: jsonResponse(BlogListSchema, 'A page of blogs'), ...NOT_MODIFIED, ...ADMIN_ONLY },
      }),
      async (c) => {
        const q = c.req.valid('query');
        if (q.status === 'draft' && !isAdmin(c)) {
          if (!c.var.user) throw new HttpError(401, AUTH_REQUIRED);
          throw new HttpError(403, NOT_ALLOWED);
        }
        const statuses = q.status ? [q.status] : isAdmin(c) ? (['draft', 'published'] as const) : (['published'] as const);
        const { data, total } = await listBlogs(
          db,
          storage,
          { statuses: [...statuses], category: q.category, tag: q.tag, search: q.search },
          q.page,
          q.pageSize,
        );
        const page = { data, page: q.page, pageSize: q.pageSize, total };
        return taggedJson(c, page);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/blogs/tags',
        tags: ['Blogs'],
        summary: 'Tags of published blogs with their post counts, most used first. Public.',
        responses: { 200: jsonResponse(TagListSchema, 'Tags'), ...NOT_MODIFIED },
      }),
      async (c) => {
        const tags = { data: await listPublishedTags(db) };
        return taggedJson(c, tags);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/blogs/images',
        tags: ['Blogs'],
        summary: 'Uploads an image for a blog body (the editor inserts its URL). multipart/form-data: image. Admin only.',
        security: [{ bearer: [] }],
        middleware: [admin] as const,
        responses: {
          201: jsonResponse(UploadedImageSchema, 'Stored, converted to WebP'),
          400: { description: 'No image' },
          ...ADMIN_ONLY,
          413: { description: 'Too large' },
          415: { description: 'Not an image' },
        },
      }),
      async (c) => {
        const form = await storage.receive(c.req.raw, {
          maxFiles: 1,
          fileFields: ['image'],
          maxFileBytes: BLOG_LIMITS.imageMb * 1024 * 1024,
        });
        const file = form.files[0];
        if (!file) throw new HttpError(400, 'Please choose an image.');
        const key = await storeBlogImage(storage, file);
        return c.json({ url: storage.publicUrl(key) }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/blogs/multiple',
        tags: ['Blogs'],
        summary: 'Deletes the selected blogs. Admin only.',
        security: [{ bearer: [] }],
        middleware: [admin] as const,
        request: jsonBody(BulkDeleteSchema),
        responses: {
          200: jsonResponse(SuccessSchema, 'Deleted'),
          400: { description: 'No ids' },
          ...ADMIN_ONLY,
          404: { description: 'None of the ids exist' },
        },
      }),
      async (c) => {
        const { deleted, images } = await deleteBlogs(db, [...new Set(c.req.valid('json').blogIds)]);
        if (!deleted) throw new HttpError(404, BLOG_TEXTS.noneFound);
        await Promise.all(images.map((key) => storage.remove(key)));
        return c.json({ success: true as const, message: BLOG_TEXTS.bulkDeleted }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/blogs/{idOrSlug}',
        tags: ['Blogs'],
        summary: 'One blog by id or slug. Public for published blogs; drafts for admins only (404 for anyone else).',
        middleware: [optionalAuth(db)] as const,
        request: { params: IdOrSlugParamSchema },
        responses: { 200: jsonResponse(BlogEnvelopeSchema, 'The blog'), ...NOT_MODIFIED, 404: { description: 'Unknown, or a draft' } },
      }),
      async (c) => {
        const blog = await findBlog(db, storage, c.req.valid('param').idOrSlug);
        if (!blog || (blog.status !== 'published' && !isAdmin(c))) throw new HttpError(404, BLOG_TEXTS.notFound);
        const answer = { data: blog };
        return taggedJson(c, answer);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/blogs',
        tags: ['Blogs'],
        summary: `Creates a blog. ${MULTIPART_FIELDS} Admin only.`,
        security: [{ bearer: [] }],
        middleware: [admin, idempotent(db)] as const,
        parameters: [IDEMPOTENCY_KEY_PARAMETER],
        responses: idempotentResponses({
          201: jsonResponse(BlogEnvelopeSchema, 'Created'),
          400: { description: BLOG_TEXTS.required },
          ...ADMIN_ONLY,
          413: { description: 'Image too large' },
          415: { description: 'Not an image' },
        }),
      }),
      async (c) => {
        const { fields, file, discard } = await receiveForm(c);
        try {
          const input = {
            title: fields.title ?? '',
            subTitle: fields.subTitle || null,
            body: sanitizeBody(fields.body ?? ''),
            categoryId: await resolveCategory(fields.category),
            tags: fields.tags ?? [],
            status: fields.status ?? 'draft',
            image: null as string | null,
          };
          requireFields(input);
          if (file) input.image = await storeBlogImage(storage, file);
          const id = await insertBlog(db, input);
          return c.json({ data: (await findBlog(db, storage, id))!, message: BLOG_TEXTS.created }, 201);
        } finally {
          await discard();
        }
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/blogs/{id}',
        tags: ['Blogs'],
        summary: `Updates a blog; fields not sent are kept. ${MULTIPART_FIELDS} Admin only.`,
        security: [{ bearer: [] }],
        middleware: [admin] as const,
        request: { params: IdParamSchema },
        responses: {
          200: jsonResponse(BlogEnvelopeSchema, 'Updated'),
          400: { description: 'A required field was emptied' },
          ...ADMIN_ONLY,
          404: { description: 'Unknown blog' },
          415: { description: 'Not an image' },
        },
      }),
      async (c) => {
        const { fields, file, discard } = await receiveForm(c);
        try {
          const current = await blogOrThrow(c.req.valid('param').id);
          const input = {
            title: fields.title ?? current.title,
            subTitle: fields.subTitle !== undefined ? fields.subTitle || null : current.sub_title,
            body: fields.body !== undefined ? sanitizeBody(fields.body) : current.body,
            categoryId: fields.category !== undefined ? await resolveCategory(fields.category) : current.category_id,
            tags: fields.tags ?? (await findBlog(db, storage, current.id))!.tags,
            status: fields.status ?? current.status,
            // Undefined keeps whatever image the blog has when this write lands.
            image: fields.removeImage === 'true' ? null : (undefined as string | null | undefined),
          };
          requireFields(input);
          if (file) input.image = await storeBlogImage(storage, file);
          const stored = file ? input.image : undefined;
          let done;
          try {
            done = await updateBlog(db, current, input);
          } catch (err) {
            if (stored) await storage.remove(stored);
            throw err;
          }
          if (!done) {
            if (stored) await storage.remove(stored);
            throw new HttpError(404, BLOG_TEXTS.notFound);
          }
          if (done.replaced) await storage.remove(done.replaced);
          return c.json({ data: (await findBlog(db, storage, current.id))!, message: BLOG_TEXTS.updated }, 200);
        } finally {
          await discard();
        }
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/blogs/{id}/status',
        tags: ['Blogs'],
        summary: 'Publishes a draft (status published) or moves a blog back to drafts. Admin only.',
        security: [{ bearer: [] }],
        middleware: [admin] as const,
        request: { params: IdParamSchema, ...jsonBody(BlogStatusBodySchema) },
        responses: {
          200: jsonResponse(SuccessSchema, 'Changed'),
          400: { description: 'Unknown status' },
          ...ADMIN_ONLY,
          404: { description: 'Unknown blog' },
        },
      }),
      async (c) => {
        const current = await blogOrThrow(c.req.valid('param').id);
        const { status } = c.req.valid('json');
        await setBlogStatus(db, current, status);
        return c.json({ success: true as const, message: status === 'published' ? BLOG_TEXTS.published : BLOG_TEXTS.drafted }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/blogs/{id}',
        tags: ['Blogs'],
        summary: 'Deletes a blog and its image. Admin only.',
        security: [{ bearer: [] }],
        middleware: [admin] as const,
        request: { params: IdParamSchema },
        responses: { 200: jsonResponse(SuccessSchema, 'Deleted'), ...ADMIN_ONLY, 404: { description: 'Unknown blog' } },
      }),
      async (c) => {
        const { deleted, images } = await deleteBlogs(db, [c.req.valid('param').id]);
        if (!deleted) throw new HttpError(404, BLOG_TEXTS.notFound);
        await Promise.all(images.map((key) => storage.remove(key)));
        return c.json({ success: true as const, message: BLOG_TEXTS.deleted }, 200);
      },
    );
}
