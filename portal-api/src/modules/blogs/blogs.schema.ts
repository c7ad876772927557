import { z } from 'zod';
import { PagedList, PageParam, PageSizeParam } from '../paging/paging.schema.ts';
import { BLOG_LIMITS, BLOG_STATUSES, BLOG_TEXTS, parseTags } from './blogs.rules.ts';

// Request and response shapes of the blogs API (docs/product.md §7 "Blogs"); the shared
// texts and numbers live in blogs.rules.ts.

export const CategoryRefSchema = z.object({ _id: z.string(), name: z.string() }).meta({ id: 'CategoryRef' });

export const BlogSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    slug: z.string(),
    subTitle: z.string().nullable(),
    body: z.string().meta({ description: 'Sanitised HTML (Quill 2 formats only).' }),
    category: CategoryRefSchema.nullable(),
    tags: z.array(z.string()),
    status: z.enum(BLOG_STATUSES),
    image: z.string().nullable().meta({ description: 'Public URL under /uploads/public/blogs/ with a ?v= cache-buster, or null.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Blog' });
export type Blog = z.infer<typeof BlogSchema>;

const filterText = z
  .string()
  .trim()
  .max(100, 'Filters can be at most 100 characters.')
  .optional()
  .transform((v) => v || undefined);

export const BlogListQuerySchema = z.object({
  status: z.enum(BLOG_STATUSES, { error: 'Status is draft or published.' }).optional(),
  page: PageParam(1_000_000),
  pageSize: PageSizeParam(BLOG_LIMITS.maxPageSize, BLOG_LIMITS.maxPageSize),
  category: filterText.meta({ description: 'Category id or name.' }),
  tag: filterText,
  search: filterText.meta({ description: 'Words in the title, sub-title, body or tags.' }),
});

export const BlogListSchema = PagedList(BlogSchema).meta({ id: 'BlogList' });

export const TagListSchema = z.object({ data: z.array(z.object({ tag: z.string(), count: z.number() })) }).meta({ id: 'TagList' });

/**
 * The editor's multipart text fields (docs/product.md §7: title, subTitle, body,
 * category, tags, status, image). All optional here: POST checks the
 * required ones (docs/product.md §5) and PUT keeps what it is not sent.
 */
export const BlogFieldsSchema = z.object({
  title: z.string().trim().max(BLOG_LIMITS.title, `The title can be at most ${BLOG_LIMITS.title} characters.`).optional(),
  subTitle: z.string().trim().max(BLOG_LIMITS.subTitle, `The sub-title can be at most ${BLOG_LIMITS.subTitle} characters.`).optional(),
  body: z.string().optional(),
  category: z.string().trim().max(100, BLOG_TEXTS.badCategory).optional(),
  tags: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : parseTags(v)))
    .refine((tags) => !tags || tags.length <= BLOG_LIMITS.tags, `At most ${BLOG_LIMITS.tags} tags.`)
    .refine((tags) => !tags || tags.every((t) => t.length <= BLOG_LIMITS.tag), `A tag can be at most ${BLOG_LIMITS.tag} characters.`),
  status: z.enum(BLOG_STATUSES, { error: 'Status is draft or published.' }).optional(),
  removeImage: z.enum(['true', 'false']).optional(),
});

/**
 * The /blog-upload form (docs/product.md §5): title, category and body required, each refused
 * with BLOG_TEXTS.required; title and sub-title within BLOG_LIMITS.
 * The form words a too-long text itself, as its counter does, so the
 * lengths carry no message here. Whether a body has content is the caller's test
 * (Quill's empty editor is `<p><br></p>`): the browser reads the HTML with
 * DOMParser, the server with sanitize-html (blogs.sanitize.ts hasContent).
 */
export function blogFormSchema(hasBody: (html: string) => boolean) {
  return z.object({
    title: z.string().trim().min(1, BLOG_TEXTS.required).max(BLOG_LIMITS.title),
    subTitle: z.string().trim().max(BLOG_LIMITS.subTitle),
    category: z.string().min(1, BLOG_TEXTS.required),
    tags: z.string(),
    status: z.enum(BLOG_STATUSES),
    body: z.string().refine(hasBody, BLOG_TEXTS.required),
  });
}
export type BlogFormInput = z.input<ReturnType<typeof blogFormSchema>>;

export const BlogStatusBodySchema = z
  .object({ status: z.enum(BLOG_STATUSES, { error: 'Status is draft or published.' }) })
  .meta({ id: 'BlogStatusBody' });

export const BulkDeleteSchema = z
  .object({
    blogIds: z
      .array(z.string().min(1).max(64), { error: BLOG_TEXTS.selectOne })
      .min(1, BLOG_TEXTS.selectOne)
      .max(BLOG_LIMITS.maxPageSize, `At most ${BLOG_LIMITS.maxPageSize} blogs at once.`),
  })
  .meta({ id: 'BulkDeleteBlogs' });

export const IdOrSlugParamSchema = z.object({ idOrSlug: z.string().min(1).max(200) });
export const IdParamSchema = z.object({ id: z.string().min(1).max(64) });

export const BlogEnvelopeSchema = z.object({ data: BlogSchema, message: z.string().optional() }).meta({ id: 'BlogEnvelope' });
export const SuccessSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'Success' });
export const UploadedImageSchema = z.object({ url: z.string() }).meta({ id: 'UploadedImage' });
