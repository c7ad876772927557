import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { islandEntries, moduleGraph } from '../../site/integrations/module-graph.ts';

// What a page makes the browser download before its screen can run, read from the
// build in dist/ (the files the server sends): its inline scripts, and the module graph
// (site/integrations/module-graph.ts) of its module scripts and island entries.
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
  for (const url of islandEntries(html)) entries.add(url);
  const { files, lazy } = moduleGraph(dist, entries, inline);
  const gzipBytes =
    inline.reduce((sum, code) => sum + gz(code), 0) + files.reduce((sum, url) => sum + gz(fs.readFileSync(path.join(dist, url))), 0);
  return { files, lazy, inlineCount: inline.length, gzipBytes };
}
