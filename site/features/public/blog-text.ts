import type { Blog } from '../../../portal-api/src/modules/blogs/blogs.schema.ts';
import { BLOG_LIMITS, firstWords } from '../../../portal-api/src/modules/blogs/blogs.rules.ts';

export { formatPostDate } from '../../../portal-api/src/modules/blogs/blogs.rules.ts';

export type { Blog };

/** The readable text of a (sanitised) body: parsed inertly, block ends read as spaces. */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& '), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** docs/product.md §9: a 40-word preview. */
export const preview = (blog: Pick<Blog, 'body'>) => firstWords(plainText(blog.body), BLOG_LIMITS.previewWords);

export const postPath = (blog: Pick<Blog, 'slug'>) => `/blog/${encodeURIComponent(blog.slug)}`;
