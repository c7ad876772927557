import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// What a page makes the browser download before its screen can run, read from the
// build in dist/ (the files the server sends): its inline scripts, its module
// scripts and island entries (component, renderer, before-hydration), and every
// file those import statically. Files reached only through import() are listed
// apart: they load when the screen asks for them (Quill on the blog editor).
// Shared by tests/e2e/portal-budget.spec.ts and `npm run bench:site`.

export const DIST = path.resolve(import.meta.dirname, '../../dist');

/** Every portal and admin page (docs/product.md §3–§8), as built; /admin-chat/{id} and the like share these shells. */
export const PORTAL_PATHS = [
  '/login',
  '/signup',
  '/forgot-password',
  '/otp-verification',
  '/reset-password',
  '/portal',
  '/request',
  '/my-queries',
  '/chat',
  '/client-profile',
  '/profile',
  '/admin',
  '/admin-queries',
  '/admin-chat',
  '/admin-service',
  '/admin-blogs',
  '/draft-blog',
  '/blog-upload',
  '/user',
] as const;

export type FirstLoad = { files: string[]; lazy: string[]; inlineCount: number; gzipBytes: number };

const gz = (text: string | Buffer) => zlib.gzipSync(text, { level: 9 }).length;
// The minifier writes module specifiers with ", ' or ` quotes.
const STATIC = /(?:\bfrom\s*|\bimport\s*)(["'`])([^"'`]+\.js)\1/g;
const DYNAMIC = /\bimport\s*\(\s*(["'`])([^"'`]+\.js)\1\s*\)/g;

export function pageHtml(pagePath: string, dist = DIST): string {
  const file = pagePath === '/' ? path.join(dist, 'index.html') : path.join(dist, pagePath, 'index.html');
  if (!fs.existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} is missing: run \`npx astro build\` first`);
  return fs.readFileSync(file, 'utf8');
}

export function firstLoadJs(html: string, dist = DIST): FirstLoad {
  const inline: string[] = [];
  const entries = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/type="application\/ld\+json"/.test(attrs)) continue;
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) entries.add(src);
    else if (body.trim()) inline.push(body);
  }
  for (const [tag] of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const [, url] of tag.matchAll(/(?:component|renderer|before-hydration)-url="([^"]+)"/g)) if (url) entries.add(url);
  }
  const resolve = (spec: string, from: string) => new URL(spec, `http://x${from}`).pathname;
  const files = new Set<string>();
  const lazy = new Set<string>();
  const queue = [...entries];
  for (const code of inline) for (const m of code.matchAll(STATIC)) queue.push(resolve(m[2]!, '/'));
  while (queue.length) {
    const url = queue.shift()!;
    if (files.has(url)) continue;
    files.add(url);
    const code = fs.readFileSync(path.join(dist, url), 'utf8');
    // import("x") also matches STATIC's `import "x"` shape only without the parenthesis, so the two never overlap.
    for (const m of code.matchAll(STATIC)) queue.push(resolve(m[2]!, url));
    for (const m of code.matchAll(DYNAMIC)) lazy.add(resolve(m[2]!, url));
  }
  for (const url of files) lazy.delete(url);
  const gzipBytes =
    inline.reduce((sum, code) => sum + gz(code), 0) + [...files].reduce((sum, url) => sum + gz(fs.readFileSync(path.join(dist, url))), 0);
  return { files: [...files], lazy: [...lazy], inlineCount: inline.length, gzipBytes };
}
