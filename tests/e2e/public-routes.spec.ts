import { expect, test } from './fixtures.ts';
import { SERVICE_CATALOGUE } from '../../portal-api/src/db/seed.ts';
import { CONTENT_PAGES, PUBLIC_PATHS } from './public-pages.ts';

// Hard loads of every public route: the static HTML alone (no JavaScript) must
// carry the heading, the SEO tags and the structured data.

const headOf = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, any>);
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

test('every public route of docs/product.md §2 has a content page', () => {
  expect(CONTENT_PAGES.map((p) => p.path).sort()).toEqual([...PUBLIC_PATHS].sort());
});

test('every public route answers 200 with its heading, unique title and description, canonical and social tags', async ({ request }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const page of CONTENT_PAGES) {
    const res = await request.get(page.path);
    expect(res.status(), page.path).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => decode(m[1]!.replace(/<[^>]+>/g, '').trim()));
    expect(h1s, `${page.path} has one h1`).toEqual([page.h1]);

    const title = decode(headOf(html, /<title>([^<]+)<\/title>/) ?? '');
    const description = headOf(html, /<meta name="description" content="([^"]+)"/) ?? '';
    expect(title.length, page.path).toBeGreaterThan(10);
    expect(description.length, page.path).toBeGreaterThan(50);
    expect(titles.has(title), `duplicate title ${title}`).toBe(false);
    expect(descriptions.has(description), `duplicate description on ${page.path}`).toBe(false);
    titles.add(title);
    descriptions.add(description);

    const canonical = headOf(html, /<link rel="canonical" href="([^"]+)"/) ?? '';
    expect(new URL(canonical).pathname.replace(/\/$/, '') || '/', page.path).toBe(page.path);
    for (const tag of ['og:title', 'og:description', 'og:url', 'og:image'])
      expect(html, `${tag} on ${page.path}`).toContain(`property="${tag}"`);
    for (const tag of ['twitter:card', 'twitter:title', 'twitter:image']) expect(html, `${tag} on ${page.path}`).toContain(`name="${tag}"`);
    expect(html).not.toMatch(/lorem ipsum/i);
  }
});

test('structured data: LocalBusiness in Miami everywhere, BreadcrumbList on inner pages, FAQPage where a FAQ is shown', async ({
  request,
}) => {
  for (const page of CONTENT_PAGES.filter((p) => p.kind !== 'blog')) {
    const data = jsonLd(await (await request.get(page.path)).text());
    const business = data.find((d) => d['@type'] === 'LocalBusiness');
    expect(business, page.path).toBeDefined();
    expect(business!.address).toMatchObject({ addressLocality: 'Miami', addressRegion: 'FL' });
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList');
    if (page.path === '/') expect(crumbs).toBeUndefined();
    else {
      const items = crumbs!.itemListElement as Array<{ position: number; item: string; name: string }>;
      expect(items[0]!.name).toBe('Home');
      expect(new URL(items.at(-1)!.item).pathname, page.path).toBe(page.path);
    }
    const faq = data.find((d) => d['@type'] === 'FAQPage');
    if (page.faqCount) expect((faq!.mainEntity as unknown[]).length, page.path).toBe(page.faqCount);
    else expect(faq, page.path).toBeUndefined();
  }
});

test('service and trade pages open the request form with a seeded service and sub-service', async ({ request }) => {
  const seeded = new Map(SERVICE_CATALOGUE.map((s) => [s.title, s.subservices]));
  for (const page of CONTENT_PAGES.filter((p) => p.request)) {
    const { service, subService } = page.request!;
    expect(seeded.has(service), `${page.path}: '${service}' is not a seeded service`).toBe(true);
    if (subService) expect(seeded.get(service), `${page.path}: '${subService}' is not seeded under ${service}`).toContain(subService);
    const html = await (await request.get(page.path)).text();
    const links = [...html.matchAll(/<a[^>]*data-cta="request"[^>]*>/g)].map((m) => m[0]);
    expect(links.length, page.path).toBeGreaterThan(0);
    for (const link of links) {
      const next = decode(/data-next="([^"]+)"/.exec(link)![1]!);
      const target = new URL(next, 'http://site');
      expect(target.pathname).toBe('/request');
      expect(target.searchParams.get('service')).toBe(service);
      expect(target.searchParams.get('subService')).toBe(subService ?? null);
      // Signed out (the static HTML): through /login, back to the form afterwards.
      const href = new URL(decode(/href="([^"]+)"/.exec(link)![1]!), 'http://site');
      expect(href.pathname).toBe('/login');
      expect(href.searchParams.get('next')).toBe(next);
    }
  }
});

test('sitemap and robots.txt list the public pages and nothing behind sign-in', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const robotsText = await robots.text();
  expect(robotsText).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
  expect(robotsText).toContain('Disallow: /admin');
  const index = await (await request.get('/sitemap-index.xml')).text();
  const listed: string[] = [];
  for (const [, sitemapUrl] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const sitemap = await request.get(new URL(sitemapUrl!).pathname);
    expect(sitemap.status(), sitemapUrl).toBe(200);
    for (const [, loc] of (await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g))
      listed.push(new URL(loc!).pathname.replace(/\/$/, '') || '/');
  }
  for (const p of PUBLIC_PATHS) expect(listed, p).toContain(p);
  for (const p of ['/login', '/portal', '/admin', '/request', '/404']) expect(listed).not.toContain(p);
});

test('an unknown address answers 404 with the site-styled page', async ({ request }) => {
  const res = await request.get('/no-such-estimate');
  expect(res.status()).toBe(404);
  const html = await res.text();
  expect(html).toMatch(/<h1[^>]*>We could not find that page<\/h1>/);
  expect(html).toContain('name="robots" content="noindex, nofollow"');
  expect(html).toContain('href="/contactus"');
});
