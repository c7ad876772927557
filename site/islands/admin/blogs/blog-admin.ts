import type { Blog } from '../../../../portal-api/src/modules/blogs/blogs.schema.ts';
import { ApiError } from '../../../lib/api.ts';

export type { Blog };
export type BlogPage = { data: Blog[]; page: number; pageSize: number; total: number };
export type Category = { _id: string; name: string };
export type Done = { success: true; message: string };

/** The server's sentence when it sent one, else the SPEC §8 fallback; a network failure is 'Something went wrong'. */
export function messageOr(err: unknown, fallback: string, networkText = 'Something went wrong'): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return networkText;
    if (err.message && !/^Request failed \(\d+\)$/.test(err.message)) return err.message;
  }
  return fallback;
}

const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
export const formatBlogDate = (iso: string) => shortDate.format(new Date(iso));
