import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { NOT_MODIFIED, publicRead, taggedJson } from '../../http/public-cache.ts';
import { ADMIN_ONLY, createRouter, jsonBody, jsonResponse } from '../../http/router.ts';
import { insertCategory, listCategories } from './categories.repo.ts';
import { CATEGORY_TEXTS, CategoryListSchema, CreatedCategorySchema, NewCategorySchema } from './categories.schema.ts';

/** The categories sub-app (docs/product.md §7 "GET /categories"; POST /categories {name} in the OpenAPI document). */
export function categoriesRoutes({ db }: Deps) {
  const router = createRouter();
  router.use('/categories', publicRead());
  return router
    .openapi(
      createRoute({
        method: 'get',
        path: '/categories',
        tags: ['Blogs'],
        summary: 'Blog categories, by name. Public.',
        responses: { 200: jsonResponse(CategoryListSchema, 'Categories'), ...NOT_MODIFIED },
      }),
      async (c) => {
        const data = await listCategories(db);
        const list = { data, page: 1, pageSize: data.length, total: data.length };
        return taggedJson(c, list);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/categories',
        tags: ['Blogs'],
        summary: 'Adds a blog category (from the blog editor). Admin only.',
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        request: jsonBody(NewCategorySchema),
        responses: {
          201: jsonResponse(CreatedCategorySchema, 'Created'),
          400: { description: 'No name, or too long' },
          ...ADMIN_ONLY,
          409: { description: 'A category with this name exists (any letter case)' },
        },
      }),
      async (c) => {
        const category = await insertCategory(db, c.req.valid('json').name);
        if (!category) throw new HttpError(409, CATEGORY_TEXTS.duplicate, { code: 'already_exists' });
        return c.json({ data: category, message: CATEGORY_TEXTS.created }, 201);
      },
    );
}
