import { escapeHtml, html, htmlText, raw } from '../../lib/html.ts';
import { SITE_NAME } from '../../shared/site-name.ts';
import { BLOG_LIMITS, BLOG_TEXTS, DEFAULT_BLOG_IMAGE, firstWords, formatPostDate, POST_SLOTS, type PostSlot } from './blogs.rules.ts';
import type { Blog } from './blogs.schema.ts';
import { bodyText } from './blogs.sanitize.ts';

// /blog/{slug} as HTML: the template Astro built from site/pages/blog/post.astro,
// its slots (POST_SLOTS) filled with the post. The template is cut at its slot
// tokens once per build; a response joins the pieces with each slot's content,
// built by hono/html (escaped) — no pattern ever runs over the HTML.

/** A template cut at its slots: text, then a slot, then text… */
export type PostTemplate = Array<string | { slot: PostSlot }>;

const SLOT_BY_TOKEN = new Map(Object.entries(POST_SLOTS).map(([slot, token]) => [token, slot as PostSlot]));
const TOKENS = [...SLOT_BY_TOKEN.keys()];
/** Every token starts with this, so one search finds the next slot of any kind. */
const TOKEN_START = '__BLOG_';

/** Cuts a built page at its slot tokens (anything else starting like a token stays text). */
export function cutTemplate(page: string): PostTemplate {
  const parts: PostTemplate = [];
  let textStart = 0;
  let search = 0;
  for (let next = page.indexOf(TOKEN_START); next !== -1; next = page.indexOf(TOKEN_START, search)) {
    const token = TOKENS.find((t) => page.startsWith(t, next));
    if (!token) {
      search = next + 1;
      continue;
    }
    parts.push(page.slice(textStart, next), { slot: SLOT_BY_TOKEN.get(token)! });
    textStart = search = next + token.length;
  }
  parts.push(page.slice(textStart));
  return parts;
}

/** Without a build (API tests, a bare checkout): a minimal page with every slot. */
export const FALLBACK_TEMPLATE = cutTemplate(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${POST_SLOTS.title} | ${SITE_NAME}</title><meta name="description" content="${POST_SLOTS.description}">` +
    `<link rel="canonical" href="${POST_SLOTS.url}"><meta property="og:type" content="article"><meta property="og:title" content="${POST_SLOTS.title}">` +
    `<meta property="og:description" content="${POST_SLOTS.description}"><meta property="og:url" content="${POST_SLOTS.url}">` +
    `<meta property="og:image" content="${POST_SLOTS.image}">${POST_SLOTS.head}</head>` +
    `<body><main id="main"><article class="post">${POST_SLOTS.body}</article></main></body></html>`,
);

/** A short plain-text summary for meta descriptions and the feed. */
export function summaryOf(blog: Pick<Blog, 'subTitle' | 'body'>): string {
  return blog.subTitle?.trim() || firstWords(bodyText(blog.body), BLOG_LIMITS.previewWords);
}

function articleHtml(blog: Blog) {
  const category = blog.category
    ? html`<a class="post-category" href="/blog?category=${encodeURIComponent(blog.category.name)}">${blog.category.name}</a>`
    : html`<span class="post-category">${BLOG_TEXTS.uncategorized}</span>`;
  const tags = blog.tags.length
    ? html`<ul class="post-tags" aria-label="Tags">
        ${blog.tags.map((t) => html`<li><a href="/blog?tag=${encodeURIComponent(t)}">#${t}</a></li>`)}
      </ul>`
    : '';
  return html`<header class="post-head">
      <p class="post-meta">${category} <time datetime="${blog.createdAt}">${formatPostDate(blog.createdAt)}</time></p>
      <h1 class="post-title">${blog.title}</h1>
      ${blog.subTitle ? html`<p class="post-sub">${blog.subTitle}</p>` : ''} ${tags}
    </header>
    <img class="post-cover" src="${blog.image ?? DEFAULT_BLOG_IMAGE}" alt="" width="1200" height="630" decoding="async" />
    <div class="post-body prose">${raw(blog.body) /* sanitised on write (blogs.sanitize.ts) */}</div>
    <p class="post-back"><a href="/blog">← All posts</a></p>`;
}

function headHtml(blog: Blog, url: string, imageUrl: string, description: string) {
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
  return html`<meta property="article:published_time" content="${blog.createdAt}" />
    <meta property="article:modified_time" content="${blog.updatedAt}" />
    ${blog.category ? html`<meta property="article:section" content="${blog.category.name}" />` : ''}
    ${blog.tags.map((t) => html`<meta property="article:tag" content="${t}" />`)}
    <link rel="alternate" type="application/rss+xml" title="${SITE_NAME} blog" href="/rss.xml" />
    <script type="application/ld+json">
      ${raw(JSON.stringify(ld).replace(/</g, '\\u003c')) /* JSON with "<" escaped: no text can close the element */}
    </script>`;
}

/** The page of one post: the template's text as built, each slot's content escaped by hono/html. */
export function renderPost(template: PostTemplate | null, blog: Blog, publicUrl: string): string {
  const url = `${publicUrl}/blog/${encodeURIComponent(blog.slug)}`;
  const imageUrl = new URL(blog.image ?? DEFAULT_BLOG_IMAGE, `${publicUrl}/`).href;
  const description = summaryOf(blog);
  const slots: Record<PostSlot, string> = {
    title: escapeHtml(blog.title),
    description: escapeHtml(description),
    url: escapeHtml(url),
    image: escapeHtml(imageUrl),
    head: htmlText(headHtml(blog, url, imageUrl, description)),
    body: htmlText(articleHtml(blog)),
  };
  return (template ?? FALLBACK_TEMPLATE).map((part) => (typeof part === 'string' ? part : slots[part.slot])).join('');
}
