import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from './fixtures.ts';
import { CONTENT_PAGES, TRADE_PATHS } from './public-pages.ts';

// Fast and findable: JavaScript budgets, read from the build in dist/
// (the files the server sends). A page's JavaScript is its inline scripts, its
// module scripts and island components, and everything those import.

const dist = path.resolve(import.meta.dirname, '../../dist');
const gz = (text: string | Buffer) => zlib.gzipSync(text, { level: 9 }).length;

function htmlFile(pagePath: string): string {
  const file = pagePath === '/' ? path.join(dist, 'index.html') : path.join(dist, pagePath, 'index.html');
  if (!fs.existsSync(file))
    throw new Error(`${path.relative(process.cwd(), file)} is missing: run \`npx astro build\` before the browser tests`);
  return fs.readFileSync(file, 'utf8');
}

type Shipped = { inline: string[]; files: string[]; islands: number; gzipBytes: number };

const shippedJs = (pagePath: string) => shippedJsFrom(htmlFile(pagePath));

function shippedJsFrom(html: string): Shipped {
  const inline: string[] = [];
  const entry = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/ld\+json"/.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) entry.add(src);
    else if (body.trim()) inline.push(body);
  }
  let islands = 0;
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    islands++;
    for (const [, url] of tag.matchAll(/(?:component|renderer|before-hydration)-url="([^"]+)"/g)) if (url) entry.add(url);
  }
  // Static and dynamic imports inside the inline scripts and the files.
  const files = new Set<string>();
  const queue = [...entry];
  const importsOf = (code: string, from: string) =>
    [...code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+\.js)["']/g)].map((m) => new URL(m[1]!, `http://x${from}`).pathname);
  for (const code of inline) queue.push(...importsOf(code, '/'));
  while (queue.length) {
    const url = queue.shift()!;
    if (files.has(url)) continue;
    files.add(url);
    const code = fs.readFileSync(path.join(dist, url), 'utf8');
    queue.push(...importsOf(code, url));
  }
  const gzipBytes =
    inline.reduce((sum, code) => sum + gz(code), 0) + [...files].reduce((sum, url) => sum + gz(fs.readFileSync(path.join(dist, url))), 0);
  return { inline, files: [...files], islands, gzipBytes };
}

test('the home page ships at most 6 KB of gzipped JavaScript and no React', () => {
  const home = shippedJs('/');
  expect(home.islands).toBe(0);
  expect(home.gzipBytes).toBeLessThanOrEqual(6 * 1024);
  expect(home.files.join(' ')).not.toMatch(/react|client\./i);
});

test('pages whose only interactive part is the site chrome ship one small script', () => {
  const chromeOnly = [
    ...TRADE_PATHS,
    '/general-contractor',
    '/public-bids-estimates',
    '/residential-bidding-estimates',
    '/commercial-bidding-estimates',
    '/sub-contractor',
    '/manufacture',
    '/404.html',
  ];
  const sizes = new Set<number>();
  for (const p of chromeOnly) {
    const shipped = p === '/404.html' ? shippedJsFrom(fs.readFileSync(path.join(dist, '404.html'), 'utf8')) : shippedJs(p);
    expect(shipped.islands, p).toBe(0);
    expect(shipped.inline.length + shipped.files.length, `${p} ships ${shipped.files.join(', ')} and ${shipped.inline.length} inline`).toBe(
      1,
    );
    expect(shipped.gzipBytes, p).toBeLessThanOrEqual(3 * 1024);
    sizes.add(shipped.gzipBytes);
  }
  // The same chrome script everywhere: one cached file's worth of work.
  expect(sizes.size).toBe(1);
});

test('only the contact page hydrates React, and within its budget', () => {
  for (const page of CONTENT_PAGES.filter((p) => p.kind !== 'blog')) {
    const shipped = shippedJs(page.path);
    if (page.path === '/contactus') {
      expect(shipped.islands).toBe(1);
      // React 19 and the layer every island shares, in the file the portal pages cache too
      // (docs/decisions/0007-react-not-preact.md); it loads when the form scrolls into view.
      expect(shipped.gzipBytes).toBeLessThanOrEqual(120 * 1024);
      // Hydrates when the form scrolls into view, not before.
      expect(htmlFile('/contactus')).toMatch(/<astro-island[^>]*client="visible"/);
    } else {
      expect(shipped.islands, page.path).toBe(0);
      expect(shipped.gzipBytes, page.path).toBeLessThanOrEqual(15 * 1024);
    }
  }
});

test('no public page loads anything from another origin', () => {
  for (const page of CONTENT_PAGES) {
    const html = htmlFile(page.path);
    // src and href of scripts, styles, images, fonts and frames — not links a visitor follows.
    const external = [...html.matchAll(/<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)="(https?:)?\/\/[^"]*"[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !/rel="(canonical|alternate)"/.test(tag));
    expect(external, page.path).toEqual([]);
    expect(html, page.path).not.toMatch(/fonts\.googleapis|fonts\.gstatic|cdn\.|unpkg|jsdelivr/);
  }
});
