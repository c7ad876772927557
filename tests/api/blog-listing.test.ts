import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_LISTING_DATA_ID, BLOG_LISTING_SLOT } from '../../portal-api/src/modules/blogs/blog-listing.rules.ts';
import { signInAdmin, startTestServer, type TestServer } from './harness.ts';

// /blog arrives with its posts in the HTML (the LCP image no longer waits
// for the island), plus the data the island starts from. The build here is a
// stand-in for dist/blog/index.html with the island's fallback as Astro emits it:
// once visible, once in a <template>.

let server: TestServer;
let distDir: string;
let token: string;
let categories: Array<{ _id: string; name: string }>;

const SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Blog</title></head><body><main><astro-island client="only">${BLOG_LISTING_SLOT}<template data-astro-template="fallback">${BLOG_LISTING_SLOT}</template></astro-island></main></body></html>`;

const post = (title: string, category: string, tags: string, body: string, status = 'published') => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ title, category, tags, body, status })) form.append(k, v);
  return server.call('POST', '/api/blogs', { form, token });
};
const page = async (query = '') => {
  const res = await fetch(`${server.url}/blog${query}`);
  expect(res.status, query).toBe(200);
  const html = await res.text();
  const json = new RegExp(`<script type="application/json" id="${BLOG_LISTING_DATA_ID}">(.*?)</script>`).exec(html)?.[1];
  return {
    res,
    html,
    data: json
      ? (JSON.parse(json) as { key: string; list: { data: Array<{ title: string }>; total: number }; recent: { data: unknown[] } })
      : null,
  };
};

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'estimating-dist-'));
  await fs.mkdir(path.join(distDir, 'blog'), { recursive: true });
  await fs.writeFile(path.join(distDir, 'blog/index.html'), SHELL);
  server = await startTestServer({ DIST_DIR: distDir });
  token = await signInAdmin(server);
  // Only the posts made here: a fresh installation starts with starter articles.
  const starters = (await server.call('GET', '/api/blogs?status=published&pageSize=100')).body.data as Array<{ _id: string }>;
  await server.call('DELETE', '/api/blogs/multiple', { json: { blogIds: starters.map((b) => b._id) }, token });
  categories = (await server.call('GET', '/api/categories')).body.data;
  for (const [title, cat, tags] of [
    ['Concrete pours in summer', 0, 'concrete, weather'],
    ['Roofing bids that win', 1, 'roofing'],
    ['Drywall takeoff basics', 0, 'drywall'],
    ['Steel framing </script><script>alert(1)</script> costs', 2, 'framing'],
  ] as const) {
    expect((await post(title, categories[cat]!._id, tags, `<p>${title} in Miami.</p>`)).status).toBe(201);
  }
  expect((await post('A draft nobody sees', categories[0]!._id, 'concrete', '<p>Draft.</p>', 'draft')).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
  await fs.rm(distDir, { recursive: true, force: true });
});

describe('/blog with its first posts in the HTML', () => {
  it('writes the newest page of published posts, the recent posts and the island’s data', async () => {
    const { res, html, data } = await page();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const cards = [...html.matchAll(/<h3 class="bl-title"><a href="([^"]+)">([^<]*)/g)].map((m) => m[2]);
    expect(cards).toEqual([
      'Steel framing &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; costs',
      'Drywall takeoff basics',
      'Roofing bids that win',
    ]);
    expect(html).toContain('Showing 1–3 of 4 posts.');
    expect(html).not.toContain('A draft nobody sees');
    // The first card's image is fetched at once: it is the largest paint.
    expect(html).toMatch(/<img src="[^"]+" alt="" width="1200" height="630" loading="eager" fetchpriority="high"/);
    // The data the island starts from, under the key of its own first request.
    expect(data?.key).toBe('status=published&page=1&pageSize=3');
    expect(data?.list.total).toBe(4);
    expect(data?.list.data.map((b) => b.title)[0]).toContain('Steel framing');
    expect(data?.recent.data).toHaveLength(4);
    // Nothing in a title can end the JSON's script element.
    expect(html.match(/<script/g)).toHaveLength(1);
    // The fallback <template> keeps its loading line.
    expect(html).toContain(`<template data-astro-template="fallback">${BLOG_LISTING_SLOT}</template>`);
  });

  it('follows the address: a page, a category, a search', async () => {
    const second = await page('?page=2');
    expect(second.html).toContain('Concrete pours in summer');
    expect(second.html).toContain('Showing 4–4 of 4 posts.');
    expect(second.data?.key).toBe('status=published&page=2&pageSize=3');

    const cat = categories[0]!.name;
    const inCategory = await page(`?category=${encodeURIComponent(cat)}`);
    expect([...inCategory.html.matchAll(/class="bl-title"><a [^>]+>([^<]*)/g)].map((m) => m[1])).toEqual([
      'Drywall takeoff basics',
      'Concrete pours in summer',
    ]);
    expect(inCategory.html).toContain('Matching posts');
    expect(inCategory.html).toContain(`<option value="${cat}" selected>`);

    const none = await page('?q=nothing-like-this');
    expect(none.html).toContain('No posts found.');
    expect(none.html).toContain('No posts match these filters.');
  });

  it('sees a change at once (the read cache is dropped on write)', async () => {
    expect((await post('Fresh estimate tips', categories[0]!._id, 'tips', '<p>New.</p>')).status).toBe(201);
    expect((await page()).html).toContain('Fresh estimate tips');
  });

  it('answers HEAD and /blog/ the same way, and refuses nothing it cannot parse', async () => {
    expect((await fetch(`${server.url}/blog`, { method: 'HEAD' })).status).toBe(200);
    expect((await page('/')).html).toContain('Fresh estimate tips');
    expect((await page('?page=abc&category=%20')).data?.key).toBe('status=published&page=1&pageSize=3');
  });
});
