import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { Deps } from '../../deps.ts';
import type { AppEnv } from '../../http/env.ts';
import { withPublicOrigin } from '../../http/public-origin.ts';
import { findBlog, listPublishedForFeed } from './blogs.repo.ts';
import { BLOG_LIMITS, DEFAULT_BLOG_IMAGE, firstWords, POST_SHELL } from './blogs.rules.ts';
import type { Blog } from './blogs.schema.ts';
import { bodyText } from './blogs.sanitize.ts';

// Pages outside /api that show blog posts to people and machines:
// - /blog/{slug}: the post rendered on the server into the built blog/post
//   shell, so a hard reload, a crawler and a link shared before the site was
//   rebuilt all get the full article with its Open Graph tags;
// - /rss.xml and /sitemap-blog.xml (listed in sitemap-index.xml by astro.config.mjs).
// Drafts never appear in any of them.

const SITE_NAME = 'Miami Estimating Services';
const FEED_SIZE = 50;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** A short plain-text summary for meta descriptions and the feed. */
export function summaryOf(blog: Pick<Blog, 'subTitle' | 'body'>): string {
  return blog.subTitle?.trim() || firstWords(bodyText(blog.body), BLOG_LIMITS.previewWords);
}

function articleHtml(blog: Blog): string {
  const date = dateFormat.format(new Date(blog.createdAt));
  const category = blog.category
    ? `<a class="post-category" href="/blog?category=${encodeURIComponent(blog.category.name)}">${escapeHtml(blog.category.name)}</a>`
    : '<span class="post-category">Uncategorized</span>';
  const tags = blog.tags.length
    ? `<ul class="post-tags" aria-label="Tags">${blog.tags.map((t) => `<li><a href="/blog?tag=${encodeURIComponent(t)}">#${escapeHtml(t)}</a></li>`).join('')}</ul>`
    : '';
  const image = `<img class="post-cover" src="${escapeHtml(blog.image ?? DEFAULT_BLOG_IMAGE)}" alt="" width="1200" height="630" decoding="async">`;
  return [
    '<header class="post-head">',
    `<p class="post-meta">${category} <time datetime="${escapeHtml(blog.createdAt)}">${date}</time></p>`,
    `<h1 class="post-title">${escapeHtml(blog.title)}</h1>`,
    blog.subTitle ? `<p class="post-sub">${escapeHtml(blog.subTitle)}</p>` : '',
    tags,
    '</header>',
    image,
    // Already sanitised on write (blogs.sanitize.ts).
    `<div class="post-body prose">${blog.body}</div>`,
    '<p class="post-back"><a href="/blog">← All posts</a></p>',
  ].join('\n');
}

function headExtras(blog: Blog, url: string, imageUrl: string, description: string): string {
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: blog.title,
    description,
    image: imageUrl,
    datePublished: blog.createdAt,
    dateModified: blog.updatedAt,
    url,
    mainEntityOfPage: url,
    keywords: blog.tags.join(', ') || undefined,
    articleSection: blog.category?.name,
    publisher: { '@type': 'Organization', name: SITE_NAME },
  };
  return [
    `<meta property="article:published_time" content="${escapeHtml(blog.createdAt)}">`,
    `<meta property="article:modified_time" content="${escapeHtml(blog.updatedAt)}">`,
    blog.category ? `<meta property="article:section" content="${escapeHtml(blog.category.name)}">` : '',
    ...blog.tags.map((t) => `<meta property="article:tag" content="${escapeHtml(t)}">`),
    `<link rel="alternate" type="application/rss+xml" title="${SITE_NAME} blog" href="/rss.xml">`,
    // JSON inside <script>: "<" escaped so no text can close the element.
    `<script type="application/ld+json">${JSON.stringify(ld).replace(/</g, '\\u003c')}</script>`,
  ].join('\n');
}

/** Fills the built shell; without a build (API tests, a bare checkout) a minimal document carries the same content. */
export function renderPost(shell: string | null, blog: Blog, publicUrl: string): string {
  const url = `${publicUrl}/blog/${encodeURIComponent(blog.slug)}`;
  const imageUrl = new URL(blog.image ?? DEFAULT_BLOG_IMAGE, `${publicUrl}/`).href;
  const description = summaryOf(blog);
  const title = escapeHtml(blog.title);
  const template =
    shell ??
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${POST_SHELL.title} | ${SITE_NAME}</title><meta name="description" content="${POST_SHELL.description}"><link rel="canonical" href="/blog/post"><meta property="og:type" content="article"><meta property="og:title" content="${POST_SHELL.title}"><meta property="og:description" content="${POST_SHELL.description}"><meta property="og:url" content="/blog/post"><meta property="og:image" content="/og-image.png"></head><body><main id="main"><article class="post">${POST_SHELL.body}</article></main></body></html>`;
  // One pass, so that nothing inserted (a title, the body) is ever scanned for placeholders again.
  const pattern =
    /(href|content)="[^"]*\/blog\/post\/?"|(<meta (?:property|name)="(?:og|twitter):image" content=")[^"]*"|(<meta property="og:type" content=")[^"]*"|__BLOG_TITLE__|__BLOG_DESCRIPTION__|__BLOG_POST__|<\/head>/g;
  let headDone = false;
  return template.replace(pattern, (match, urlAttr?: string, imageMeta?: string, typeMeta?: string) => {
    if (urlAttr) return `${urlAttr}="${escapeHtml(url)}"`;
    if (imageMeta) return `${imageMeta}${escapeHtml(imageUrl)}"`;
    if (typeMeta) return `${typeMeta}article"`;
    if (match === POST_SHELL.title) return title;
    if (match === POST_SHELL.description) return escapeHtml(description);
    if (match === POST_SHELL.body) return articleHtml(blog);
    if (headDone) return match;
    headDone = true;
    return `${headExtras(blog, url, imageUrl, description)}\n</head>`;
  });
}

/** Reads a built page once per change of the file (the build may be replaced while serving). */
function builtPage(distDir: string, rel: string, publicUrl: string) {
  const file = path.join(distDir, rel);
  let cached: { mtimeMs: number; html: string } | null = null;
  return (): string | null => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: withPublicOrigin(fs.readFileSync(file, 'utf8'), publicUrl) };
      return cached.html;
    } catch {
      return null;
    }
  };
}

function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

export function blogPagesRoutes({ db, storage, config }: Deps) {
  const postShell = builtPage(config.distDir, 'blog/post/index.html', config.publicUrl);
  const notFoundPage = builtPage(config.distDir, '404.html', config.publicUrl);
  const base = config.publicUrl;

  const notFound = (c: Context<AppEnv>) =>
    c.html(notFoundPage() ?? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page not found</title></head><body><h1>Page not found</h1><p><a href="/blog">All posts</a></p></body></html>`, 404);

  return new Hono<AppEnv>()
    // The bare shell is not a page of its own.
    .on(['GET', 'HEAD'], '/blog/post/index.html', (c) => notFound(c))
    .on(['GET', 'HEAD'], '/blog/:slug{[^/]+}/', (c) => c.redirect(`/blog/${encodeURIComponent(c.req.param('slug'))}`, 301))
    .on(['GET', 'HEAD'], '/blog/:slug{[^/]+}', async (c) => {
      const blog = await findBlog(db, storage, c.req.param('slug'));
      if (!blog || blog.status !== 'published') return notFound(c);
      // An id works too, but the address people share is the slug.
      if (blog.slug !== c.req.param('slug')) return c.redirect(`/blog/${encodeURIComponent(blog.slug)}`, 301);
      c.header('cache-control', 'no-cache');
      return c.html(renderPost(postShell(), blog, base));
    })
    .on(['GET', 'HEAD'], '/rss.xml', async (c) => {
      const posts = await listPublishedForFeed(db, FEED_SIZE);
      const items = posts.map((p) => {
        const link = `${base}/blog/${encodeURIComponent(p.slug)}`;
        return [
          '<item>',
          `<title>${escapeHtml(p.title)}</title>`,
          `<link>${escapeHtml(link)}</link>`,
          `<guid isPermaLink="true">${escapeHtml(link)}</guid>`,
          `<pubDate>${rfc822(p.published_at ?? p.created_at)}</pubDate>`,
          p.category_name ? `<category>${escapeHtml(p.category_name)}</category>` : '',
          `<description>${escapeHtml(summaryOf({ subTitle: p.sub_title, body: p.body }))}</description>`,
          '</item>',
        ].join('');
      });
      const xml = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
        `<title>${SITE_NAME} Blog</title>`,
        `<link>${base}/blog</link>`,
        '<description>Estimating tips, bidding strategy and construction industry news from Miami Estimating Services.</description>',
        '<language>en-us</language>',
        `<atom:link href="${base}/rss.xml" rel="self" type="application/rss+xml"/>`,
        posts[0] ? `<lastBuildDate>${rfc822(posts[0].updated_at)}</lastBuildDate>` : '',
        ...items,
        '</channel></rss>',
      ].join('\n');
      return c.body(xml, 200, { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'no-cache' });
    })
    .on(['GET', 'HEAD'], '/sitemap-blog.xml', async (c) => {
      const posts = await listPublishedForFeed(db, 50_000);
      const urls = posts.map((p) => `<url><loc>${escapeHtml(`${base}/blog/${encodeURIComponent(p.slug)}`)}</loc><lastmod>${p.updated_at}</lastmod></url>`);
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>`;
      return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-cache' });
    });
}
