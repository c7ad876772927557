import { z } from 'zod';
import { PagedList } from '../paging/paging.schema.ts';
import { CATEGORY_NAME_MAX, CATEGORY_TEXTS } from './categories.labels.ts';

// docs/product.md §3 "Category": _id, name. Categories are seeded; an admin adds one from the blog editor.

export { CATEGORY_NAME_MAX, CATEGORY_TEXTS };

export const CategorySchema = z.object({ _id: z.string(), name: z.string() }).meta({ id: 'Category' });
export type Category = z.infer<typeof CategorySchema>;

/** Every category in one page: `page`, `pageSize` and `total` beside `data`, as on the other `{data}` lists (docs/product.md §7). */
export const CategoryListSchema = PagedList(CategorySchema).meta({ id: 'CategoryList' });

export const NewCategorySchema = z
  .object({
    name: z
      .string({ error: CATEGORY_TEXTS.nameRequired })
      .trim()
      .min(1, CATEGORY_TEXTS.nameRequired)
      .max(CATEGORY_NAME_MAX, `A category name can be at most ${CATEGORY_NAME_MAX} characters.`)
      .transform((v) => v.replace(/\s+/g, ' ')),
  })
  .meta({ id: 'NewCategory' });

export const CreatedCategorySchema = z.object({ data: CategorySchema, message: z.string() }).meta({ id: 'CreatedCategory' });
