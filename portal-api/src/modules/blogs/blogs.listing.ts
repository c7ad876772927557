import { escapeHtml } from '../../lib/html.ts';
import { BLOG_LISTING_DATA_ID, type BlogListState, describeFilters, listingKey, listSearch, nextListState } from './blog-listing.rules.ts';
import { BLOG_LIMITS, BLOG_TEXTS, DEFAULT_BLOG_IMAGE, firstWords, formatPostDate } from './blogs.rules.ts';
import type { Blog } from './blogs.schema.ts';
import { bodyText } from './blogs.sanitize.ts';

// /blog with its posts already in the HTML (the LCP image of /blog
// used to wait for 95 KB of JavaScript and four API calls). The server fills the
// built page's island fallback with the same markup BlogListing.tsx renders
// (class names bl-*, bf-*, rp-*), and the data the island starts from, so the
// island takes over without a loading state and without asking again. Only
// what the first paint needs is here; the filters' options and every later
// page come from the island as before. Without JavaScript the tags, the pager
// and the search are plain links and a GET form to /blog, which this renders.

export { BLOG_LISTING_DATA_ID, BLOG_LISTING_SLOT, readListState } from './blog-listing.rules.ts';

export type ListingPage = { data: Blog[]; page: number; pageSize: number; total: number };

/** The one escaping of the server's HTML (lib/html.ts, hono/html). */
const esc = escapeHtml;
const postPath = (blog: Pick<Blog, 'slug'>) => `/blog/${encodeURIComponent(blog.slug)}`;

/** The address of the list in another state: links work before (or without) the island. */
const listHref = (state: BlogListState, patch: Partial<BlogListState>) => `/blog${listSearch(nextListState(state, patch))}`;

function card(blog: Blog, first: boolean, state: BlogListState): string {
  const href = esc(postPath(blog));
  const tags = blog.tags.length
    ? `<ul class="bl-tags" aria-label="${esc(`Tags of ${blog.title}`)}">${blog.tags
        .map(
          (t) =>
            `<li><a class="bl-tag" href="${esc(listHref(state, { tag: t }))}" aria-label="${esc(`Show posts tagged ${t}`)}">#${esc(t)}</a></li>`,
        )
        .join('')}</ul>`
    : '';
  // The first card's image is the page's largest paint: fetched at once, not lazily.
  const loading = first ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"';
  return [
    '<li><article class="bl-card">',
    `<a class="bl-media" href="${href}" tabindex="-1" aria-hidden="true"><img src="${esc(blog.image ?? DEFAULT_BLOG_IMAGE)}" alt="" width="1200" height="630" ${loading} decoding="async"></a>`,
    '<div class="bl-body">',
    `<p class="bl-meta"><span class="bl-cat">${esc(blog.category?.name ?? BLOG_TEXTS.uncategorized)}</span><span aria-hidden="true">·</span><time datetime="${esc(blog.createdAt)}">${formatPostDate(blog.createdAt)}</time></p>`,
    `<h3 class="bl-title"><a href="${href}">${esc(blog.title)}</a></h3>`,
    blog.subTitle ? `<p class="bl-sub">${esc(blog.subTitle)}</p>` : '',
    `<p class="bl-excerpt">${esc(firstWords(bodyText(blog.body), BLOG_LIMITS.previewWords))}</p>`,
    `<div class="bl-foot">${tags}<a class="bl-more" href="${href}" aria-label="${esc(`Read more: ${blog.title}`)}">Read more <span aria-hidden="true">→</span></a></div>`,
    '</div></article></li>',
  ].join('');
}

const hidden = (name: string, value: string) => (value ? `<input type="hidden" name="${name}" value="${esc(value)}">` : '');

function filters(state: BlogListState): string {
  const option = (value: string, all: string) =>
    `<option value="">${all}</option>${value ? `<option value="${esc(value)}" selected>${esc(value)}</option>` : ''}`;
  return [
    '<div class="bf">',
    // A plain GET form to /blog: without the island a search still works (within the category and tag shown).
    `<form role="search" class="bf-search" action="/blog" method="get"><label for="blog-search">Search posts</label><div class="bf-row"><input id="blog-search" name="q" type="search" class="input" value="${esc(state.q)}" placeholder="e.g. concrete takeoff" maxlength="100" autocomplete="off">${hidden('category', state.category)}${hidden('tag', state.tag)}<button type="submit" class="btn">Search</button></div></form>`,
    '<div class="bf-selects">',
    `<div class="bf-field"><label for="blog-category">Category</label><select id="blog-category" class="input">${option(state.category, 'All categories')}</select></div>`,
    `<div class="bf-field"><label for="blog-tag">Tag</label><select id="blog-tag" class="input">${option(state.tag, 'All tags')}</select></div>`,
    '</div>',
    state.category || state.tag || state.q ? '<a class="btn-link bf-clear" href="/blog">Clear filters</a>' : '',
    '</div>',
  ].join('');
}

function recentBox(recent: Blog[]): string {
  const items = recent
    .map(
      (b) =>
        `<li><img src="${esc(b.image ?? DEFAULT_BLOG_IMAGE)}" alt="" width="72" height="48" loading="lazy"><span><a href="${esc(postPath(b))}">${esc(b.title)}</a><time datetime="${esc(b.createdAt)}">${formatPostDate(b.createdAt)}</time></span></li>`,
    )
    .join('');
  return [
    '<section class="bl-box" aria-labelledby="recent-posts-title"><h2 id="recent-posts-title" class="bl-box-title">Recent posts</h2>',
    recent.length ? `<ul class="rp">${items}</ul>` : `<p class="bl-muted">${BLOG_TEXTS.noRecent}</p>`,
    '</section>',
  ].join('');
}

/** The listing as BlogListing.tsx first renders it with this data, and the data itself for the island. */
export function blogListingHtml(state: BlogListState, list: ListingPage, recent: Blog[]): string {
  const filtered = !!(state.category || state.tag || state.q);
  const size = BLOG_LIMITS.publicPageSize;
  const first = (state.page - 1) * size + 1;
  const summary =
    list.total === 0
      ? 'No posts found.'
      : list.data.length === 0
        ? ''
        : `Showing ${first}–${Math.min(first + list.data.length - 1, list.total)} of ${list.total} post${list.total === 1 ? '' : 's'}${describeFilters(state)}.`;
  const pageCount = Math.max(1, Math.ceil(list.total / size));
  const body =
    list.data.length === 0
      ? `<div class="bl-empty"><p>${filtered ? BLOG_TEXTS.noMatches : BLOG_TEXTS.noPosts}</p></div>`
      : `<ul class="bl-list" aria-labelledby="blog-list-heading">${list.data.map((b, i) => card(b, i === 0, state)).join('')}</ul>`;
  const page = Math.min(state.page, pageCount);
  // Links to the neighbouring pages (a disabled button at either end, as the island's pager has).
  const step = (to: number, label: string, rel: string, can: boolean) =>
    can
      ? `<a class="btn btn-secondary btn-sm" href="${esc(listHref(state, { page: to }))}" rel="${rel}">${label}</a>`
      : `<button type="button" class="btn btn-secondary btn-sm" disabled>${label}</button>`;
  const pager =
    list.total > size
      ? `<nav class="pager" aria-label="Pagination" style="display:flex;gap:.75rem;align-items:center;justify-content:center;margin-top:1rem;flex-wrap:wrap">${step(page - 1, 'Previous', 'prev', page > 1)}<span aria-live="polite">Page ${page} of ${pageCount}</span>${step(page + 1, 'Next', 'next', page < pageCount)}</nav>`
      : '';
  const data = JSON.stringify({ key: listingKey(state), list, recent: { data: recent } }).replace(/</g, '\\u003c');
  return [
    '<div class="bl"><div class="bl-main">',
    filters(state),
    `<h2 id="blog-list-heading" tabindex="-1" class="bl-heading">${filtered ? 'Matching posts' : 'Latest posts'}</h2>`,
    `<p class="bl-summary" aria-live="polite">${esc(summary)}</p>`,
    body,
    pager,
    '</div><aside class="bl-side" aria-label="More from the blog">',
    recentBox(recent),
    '<section class="bl-box"><h2 class="bl-box-title">Follow along</h2><p class="bl-muted">New posts in your reader: <a href="/rss.xml">RSS feed</a>.</p></section>',
    '</aside></div>',
    `<script type="application/json" id="${BLOG_LISTING_DATA_ID}">${data}</script>`,
  ].join('');
}
