import { BLOG_LISTING_DATA_ID } from '../../../portal-api/src/modules/blogs/blog-listing.rules.ts';
import type { Blog } from './blog-text.ts';

type Page = { data: Blog[]; page: number; pageSize: number; total: number };
/** What the server wrote into /blog beside the posts it shows (portal-api blogs.listing.ts). */
type ServerPage = { key: string; list: Page; recent: { data: Blog[] } };

/** Read once: the island starts from the posts already on screen instead of asking for them again. */
export const serverPage: ServerPage | null = (() => {
  try {
    const text = document.getElementById(BLOG_LISTING_DATA_ID)?.textContent;
    return text ? (JSON.parse(text) as ServerPage) : null;
  } catch {
    return null;
  }
})();
export const serverPageAt = Date.now();
