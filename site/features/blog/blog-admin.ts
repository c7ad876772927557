import type { Blog } from '../../../portal-api/src/modules/blogs/blogs.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { PRODUCT_TEXTS } from '../../lib/product-texts.ts';

export type { Blog };
export type { Category } from '../../../portal-api/src/modules/categories/categories.schema.ts';

/** The server's sentence when it sent one, else the docs/product.md §8 fallback; a network failure is 'Something went wrong'. */
export function messageOr(err: unknown, fallback: string, networkText: string = PRODUCT_TEXTS.somethingWrong): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return networkText;
    if (err.message) return err.message;
  }
  return fallback;
}
