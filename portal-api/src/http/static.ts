import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { compress } from 'hono/compress';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { cspFor } from './csp.ts';
import { TYPES } from './mime.ts';
import { refuseMalformedPath } from './malformed-path.ts';

// Serves the Astro build with @hono/node-server's serveStatic: hashed assets
// cached for a year, the rest revalidated by ETag (hono/etag answers 304).
// Text comes precompressed from the build (.br, .gz beside each file: the
// precompress integration of astro.config.mjs); without those files (a build
// from before, a test's stand-in) hono/compress gzips it on the way out.
// serveStatic refuses dot segments and '%' left after decoding, so no path
// reaches outside dist/; a path that cannot be decoded answers 400.

/**
 * Routes with an id are served by their list page's shell so a hard reload
 * works (ARCHITECTURE.md "Portal routes"). Add a line when a page gains an id route.
 */
export const SHELL_ROUTES: ReadonlyArray<[RegExp, string]> = [
  [/^\/chat\/[^/]+\/?$/, 'chat/index.html'],
  [/^\/admin-chat\/[^/]+\/?$/, 'admin-chat/index.html'],
  [/^\/blog-upload\/[^/]+\/?$/, 'blog-upload/index.html'],
  [/^\/blog\/[^/]+\/?$/, 'blog/post/index.html'],
];

/** The suffixes of the precompressed copies serveStatic may pick instead of a file. */
const ENCODED = /\.(br|gz|zst)$/;

function cacheControl(root: string, file: string): string {
  const rel = path.relative(root, file);
  if (rel.startsWith(`_astro${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

export function createSiteHandlers(distDir: string): [MiddlewareHandler, MiddlewareHandler, MiddlewareHandler, MiddlewareHandler] {
  const root = path.resolve(distDir);
  const policies = new Map<string, string>();

  /** The policy of a built page, read once per version of the file. */
  function policyFor(file: string, stat: fs.Stats): string {
    const key = `${file}:${stat.size}:${stat.mtimeMs}`;
    let policy = policies.get(key);
    if (!policy) {
      policy = cspFor(fs.readFileSync(file, 'utf8'));
      policies.set(key, policy);
    }
    return policy;
  }

  /** Which file serveStatic sent for a request (its .br or .gz copy, maybe). */
  const served = new WeakMap<Context, string>();
  const onFound = (file: string, c: Context) => void served.set(c, file);

  /** The headers of a file sent: its type, caching, tag and, for a page, its policy. */
  function setHeaders(res: Response, sent: string): void {
    const file = sent.replace(ENCODED, '');
    const ext = path.extname(file).toLowerCase();
    const stat = fs.statSync(sent);
    res.headers.set('content-type', TYPES[ext] ?? 'application/octet-stream');
    res.headers.set('cache-control', cacheControl(root, file));
    res.headers.set('vary', 'accept-encoding');
    // Size and time of the bytes sent, so each encoding has its own tag.
    res.headers.set('etag', `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`);
    if (ext === '.html') res.headers.set('content-security-policy', policyFor(file, file === sent ? stat : fs.statSync(file)));
  }

  const serve = (options: { path?: string; rewriteRequestPath?: (p: string) => string }) =>
    serveStatic({ root, precompressed: true, onFound, ...options });
  const asRequested = serve({});
  // /404 → 404.html (Astro writes the not-found page as a file, not a folder).
  const asHtmlFile = serve({ rewriteRequestPath: (p) => `${p.replace(/\/$/, '')}.html` });
  const shells = SHELL_ROUTES.map(([pattern, shell]) => [pattern, serve({ path: shell })] as const);
  const notFoundPage = serve({ path: '404.html' });

  /** Runs one serveStatic; null when it found no file. */
  async function tryServe(handler: MiddlewareHandler, c: Context): Promise<Response | null> {
    let missing = false;
    const res = await handler(c, (async () => {
      missing = true;
    }) as Next);
    const sent = served.get(c);
    if (missing || !res || !sent) return null;
    served.delete(c);
    setHeaders(res, sent);
    return res;
  }

  const site: MiddlewareHandler = async (c) => {
    const found = (await tryServe(asRequested, c)) ?? (path.extname(c.req.path) ? null : await tryServe(asHtmlFile, c));
    if (found) return found;
    for (const [pattern, shell] of shells) {
      if (pattern.test(c.req.path)) {
        const res = await tryServe(shell, c);
        if (res) return res;
      }
    }
    const notFound = await tryServe(notFoundPage, c);
    if (notFound) return new Response(notFound.body, { status: 404, headers: notFound.headers });
    return c.text('Not found', 404);
  };

  // compress outside etag: a 304 is decided on the file's own tag before any encoding.
  // A 304 keeps the page's CSP: a browser stores the headers of a 304 over its cached copy's.
  return [refuseMalformedPath, compress(), etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'content-security-policy'] }), site];
}
