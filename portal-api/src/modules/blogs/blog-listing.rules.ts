// Shared by the built /blog page (site/pages/blog/index.astro), the server that fills
// it (blogs.listing.ts) and the island that takes over (BlogListing.tsx): the list's
// state in the address, its API query and its summary, written once.
import { BLOG_LIMITS } from './blogs.rules.ts';

/** The island's fallback as built: a loading line between markers the server replaces with the posts. */
export const BLOG_LISTING_SLOT = '<!--blog-listing--><p role="status" class="blog-loading">Loading posts…</p><!--/blog-listing-->';
/** The id of the JSON the server writes beside the posts and the island starts from. */
export const BLOG_LISTING_DATA_ID = 'blog-first-page';

/**
 * docs/product.md §4 "Blog list state (public)": category, tag, search text and page, kept in the address
 * (?category=&tag=&q=&page=) so a filtered view can be shared and Back/Forward walk through it.
 */
export type BlogListState = { category: string; tag: string; q: string; page: number };

/** The state in an address's query (trimmed, at most 100 characters each; a bad page is 1). */
export function readListState(query: string | URLSearchParams): BlogListState {
  const p = typeof query === 'string' ? new URLSearchParams(query) : query;
  const page = Number.parseInt(p.get('page') ?? '1', 10);
  const text = (name: string) => (p.get(name) ?? '').trim().slice(0, 100);
  return {
    category: text('category'),
    tag: text('tag'),
    q: text('q'),
    page: Number.isFinite(page) && page > 0 && page <= 1_000_000 ? page : 1,
  };
}

/** The address's query for a state ('?tag=slab&page=2'; '' for the unfiltered first page). */
export function listSearch(s: BlogListState): string {
  const p = new URLSearchParams();
  if (s.category) p.set('category', s.category);
  if (s.tag) p.set('tag', s.tag);
  if (s.q) p.set('q', s.q);
  if (s.page > 1) p.set('page', String(s.page));
  const text = p.toString();
  return text ? `?${text}` : '';
}

/** Applies a change; a new category, tag or search text starts again at page 1. */
export function nextListState(current: BlogListState, patch: Partial<BlogListState>): BlogListState {
  const filtersChanged = (['category', 'tag', 'q'] as const).some((k) => patch[k] !== undefined && patch[k] !== current[k]);
  return { ...current, ...patch, page: patch.page ?? (filtersChanged ? 1 : current.page) };
}

/** The query string of GET /blogs for a state: the island's cache key, and the server's first page under it. */
export function listingKey(state: BlogListState): string {
  const params = new URLSearchParams({ status: 'published', page: String(state.page), pageSize: String(BLOG_LIMITS.publicPageSize) });
  if (state.category) params.set('category', state.category);
  if (state.tag) params.set('tag', state.tag);
  if (state.q) params.set('search', state.q);
  return params.toString();
}

/** ' in Company News tagged concrete matching “slab”': what the summary line adds for the filters. */
export function describeFilters(state: BlogListState): string {
  const parts = [];
  if (state.category) parts.push(` in ${state.category}`);
  if (state.tag) parts.push(` tagged ${state.tag}`);
  if (state.q) parts.push(` matching “${state.q}”`);
  return parts.join('');
}
