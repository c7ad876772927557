import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { Deps } from '../../deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { refuseMalformedPath } from '../../http/malformed-path.ts';
import { withPublicOrigin } from '../../http/public-origin.ts';
import { html, htmlText } from '../../lib/html.ts';
import { SITE_NAME } from '../../shared/site-name.ts';
import { cutTemplate, renderPost, summaryOf } from './blogs.post-page.ts';
import { BLOG_LISTING_SLOT, blogListingHtml, type ListingPage, readListState } from './blogs.listing.ts';
import { findBlog, listBlogs, listPublishedForFeed } from './blogs.repo.ts';
import { BLOG_LIMITS } from './blogs.rules.ts';

// Pages outside /api that show blog posts to people and machines:
// - /blog: the built page with its first posts in the HTML (blogs.listing.ts);
// - /blog/{slug}: the post rendered on the server into the built blog/post
//   template (blogs.post-page.ts), so a hard reload, a crawler and a link shared
//   before the site was rebuilt all get the full article with its Open Graph tags;
// - /rss.xml and /sitemap-blog.xml (listed in sitemap-index.xml by astro.config.mjs).
// Drafts never appear in any of them.

const FEED_SIZE = 50;

/**
 * Reads a built page once per change of the file (the build may be replaced while serving), with the
 * running PUBLIC_URL in place of the build's placeholder origin (http/public-origin.ts), prepared by `prepare`.
 * The origin goes in before anything of a post or a listing does, so their text is never rewritten.
 */
function builtPage<T = string>(distDir: string, rel: string, publicUrl: string, prepare: (html: string) => T = (html) => html as T) {
  const file = path.join(distDir, rel);
  let cached: { mtimeMs: number; page: T } | null = null;
  return (): T | null => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs)
        cached = { mtimeMs, page: prepare(withPublicOrigin(fs.readFileSync(file, 'utf8'), publicUrl)) };
      return cached.page;
    } catch {
      return null;
    }
  };
}

function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

export function blogPagesRoutes({ db, storage, config }: Deps) {
  const postTemplate = builtPage(config.distDir, 'blog/post/index.html', config.publicUrl, cutTemplate);
  const listingShell = builtPage(config.distDir, 'blog/index.html', config.publicUrl);
  /** A page of published posts, as GET /api/blogs answers it. */
  const published = async (page: number, pageSize: number, filter: { category?: string; tag?: string; search?: string } = {}) => {
    const { data, total } = await listBlogs(db, storage, { statuses: ['published'], ...filter }, page, pageSize);
    return { data, page, pageSize, total } as ListingPage;
  };
  const notFoundPage = builtPage(config.distDir, '404.html', config.publicUrl);
  const base = config.publicUrl;

  const notFound = (c: Context<AppEnv>) =>
    c.html(
      notFoundPage() ??
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head><body><h1>Page not found</h1><p><a href="/blog">All posts</a></p></body></html>`,
      404,
    );

  const listing = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const shell = listingShell();
    const at = shell?.indexOf(BLOG_LISTING_SLOT) ?? -1;
    if (!shell || at < 0) return next();
    const state = readListState(new URL(c.req.url).searchParams);
    const [list, recent] = await Promise.all([
      published(state.page, BLOG_LIMITS.publicPageSize, {
        category: state.category || undefined,
        tag: state.tag || undefined,
        search: state.q || undefined,
      }),
      published(1, BLOG_LIMITS.recentPosts),
    ]);
    // Only the first copy: a later one is the island's fallback template and stays a loading line.
    c.header('cache-control', 'no-cache');
    return c.html(shell.slice(0, at) + blogListingHtml(state, list, recent.data) + shell.slice(at + BLOG_LISTING_SLOT.length));
  };

  return (
    new Hono<AppEnv>()
      .use('/blog/*', refuseMalformedPath)
      .on(['GET', 'HEAD'], '/blog', listing)
      .on(['GET', 'HEAD'], '/blog/', listing)
      // The bare shell is not a page of its own.
      .on(['GET', 'HEAD'], '/blog/post/index.html', (c) => notFound(c))
      .on(['GET', 'HEAD'], '/blog/:slug{[^/]+}/', (c) => c.redirect(`/blog/${encodeURIComponent(c.req.param('slug'))}`, 301))
      .on(['GET', 'HEAD'], '/blog/:slug{[^/]+}', async (c) => {
        const blog = await findBlog(db, storage, c.req.param('slug'));
        if (!blog || blog.status !== 'published') return notFound(c);
        // An id works too, but the address people share is the slug.
        if (blog.slug !== c.req.param('slug')) return c.redirect(`/blog/${encodeURIComponent(blog.slug)}`, 301);
        c.header('cache-control', 'no-cache');
        return c.html(renderPost(postTemplate(), blog, base));
      })
      .on(['GET', 'HEAD'], '/rss.xml', async (c) => {
        const posts = await listPublishedForFeed(db, FEED_SIZE);
        const items = posts.map((p) => {
          const link = `${base}/blog/${encodeURIComponent(p.slug)}`;
          return html`<item><title>${p.title}</title><link>${link}</link><guid isPermaLink="true">${link}</guid><pubDate>${rfc822(p.published_at ?? p.created_at)}</pubDate>${
            p.category_name ? html`<category>${p.category_name}</category>` : ''
          }<description>${summaryOf({ subTitle: p.sub_title, body: p.body })}</description></item>`;
        });
        const xml = htmlText(html`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<title>${SITE_NAME} Blog</title>
<link>${base}/blog</link>
<description>Estimating tips, bidding strategy and construction industry news from ${SITE_NAME}.</description>
<language>en-us</language>
<atom:link href="${base}/rss.xml" rel="self" type="application/rss+xml"/>
${posts[0] ? html`<lastBuildDate>${rfc822(posts[0].updated_at)}</lastBuildDate>` : ''}
${items.map((item) => [item, '\n'])}</channel></rss>`);
        return c.body(xmlSafe(xml), 200, { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'no-cache' });
      })
      .on(['GET', 'HEAD'], '/sitemap-blog.xml', async (c) => {
        const posts = await listPublishedForFeed(db, 50_000);
        const urls = posts.map(
          (p) => html`<url><loc>${`${base}/blog/${encodeURIComponent(p.slug)}`}</loc><lastmod>${p.updated_at}</lastmod></url> `,
        );
        const xml = htmlText(
          html`<?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"> ${urls}</urlset>`,
        );
        return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-cache' });
      })
  );
}

/**
 * Characters XML 1.0 forbids (C0 controls other than tab, LF and CR; U+FFFE, U+FFFF) left out: one in
 * a post's title made the whole feed ill-formed for every reader.
 */
function xmlSafe(xml: string): string {
  return xml.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}
