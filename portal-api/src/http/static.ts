import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { compress } from 'hono/compress';
import { etag, RETAINED_304_HEADERS } from 'hono/etag';
import { cspFor } from './csp.ts';
import { TYPES } from './mime.ts';
import { refuseMalformedPath } from './malformed-path.ts';
import { BUILD_ORIGIN, withPublicOrigin } from './public-origin.ts';

// Serves the Astro build. Hashed assets are cached for a year, the rest
// revalidated by ETag (hono/etag answers 304).
//
// Two paths, because a build serves under any address (public-origin.ts,
// docs/decisions/0009-public-url-placed-when-served.md):
// - pages, feeds, sitemaps, robots.txt and the manifest (TEMPLATED) may hold
//   the build's placeholder origin. They are read once per version of the
//   file, given the running PUBLIC_URL, and kept in memory with their policy
//   and their brotli/gzip copies, each made once per (file, encoding). Their
//   ETag is a hash of the bytes sent, so another PUBLIC_URL or encoding is
//   another tag;
// - everything else goes through @hono/node-server's serveStatic, which sends
//   the .br/.gz copy the build wrote (site/integrations/precompress.ts) and,
//   without one, hono/compress gzips it on the way out.
// serveStatic and findFile refuse dot segments, so no path reaches outside
// dist/; a path that cannot be decoded answers 400.
// A rebuild replaces dist/ by renaming a finished build into place
// (site/build.ts); for the instant in between no dist/ exists, and a request
// then waits for it instead of answering 404.

/**
 * Routes with an id are served by their list page's shell so a hard reload
 * works (docs/architecture.md §2). Add a line when a page gains an id route.
 */
export const SHELL_ROUTES: ReadonlyArray<[RegExp, string]> = [
  [/^\/chat\/[^/]+\/?$/, 'chat/index.html'],
  [/^\/admin-chat\/[^/]+\/?$/, 'admin-chat/index.html'],
  [/^\/blog-upload\/[^/]+\/?$/, 'blog-upload/index.html'],
  [/^\/blog\/[^/]+\/?$/, 'blog/post/index.html'],
];

/** Files whose text may hold absolute URLs of the site (the build's placeholder origin). */
export const TEMPLATED = new Set(['.html', '.xml', '.txt', '.json', '.webmanifest']);
/** Smaller bodies are sent as they are (hono/compress's own threshold is 1 KB). */
const MIN_COMPRESS = 512;
const SWAP_WAIT_MS = 2000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Encoding = 'br' | 'gzip';
type Found = { file: string; stat: fs.Stats };
type Rendered = {
  version: string;
  body: Buffer;
  hash: string;
  policy?: string;
  /** The original file had no placeholder: the build's .br/.gz copies hold the same bytes. */
  verbatim: boolean;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
};

function findFile(root: string, urlPath: string): Found | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split(/[/\\]/).includes('..')) return null;
  const base = path.join(root, decoded);
  if (base !== root && !base.startsWith(`${root}${path.sep}`)) return null;
  for (const candidate of [base, path.join(base, 'index.html'), `${base.replace(/[/\\]$/, '')}.html`]) {
    try {
      const stat = fs.statSync(candidate);
      if (stat.isFile()) return { file: candidate, stat };
    } catch {
      // try the next candidate
    }
  }
  return null;
}

function cacheControl(root: string, file: string): string {
  const rel = path.relative(root, file);
  if (rel.startsWith(`_astro${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

function encodingFor(c: Context): Encoding | null {
  const accept = c.req.header('accept-encoding') ?? '';
  return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
}

/** The suffixes of the precompressed copies serveStatic may pick instead of a file. */
const ENCODED = /\.(br|gz|zst)$/;

export function createSiteHandlers(
  distDir: string,
  publicUrl: string,
): [MiddlewareHandler, MiddlewareHandler, MiddlewareHandler, MiddlewareHandler] {
  const root = path.resolve(distDir);
  const rendered = new Map<string, Rendered>();

  /** A templated file with the running origin, read once per version of the file. */
  async function render(found: Found): Promise<Rendered> {
    const version = `${found.stat.size}:${found.stat.mtimeMs}`;
    const cached = rendered.get(found.file);
    if (cached?.version === version) return cached;
    const original = await fs.promises.readFile(found.file, 'utf8');
    const text = withPublicOrigin(original, publicUrl);
    const body = Buffer.from(text, 'utf8');
    const entry: Rendered = {
      version,
      body,
      encoded: {},
      hash: createHash('sha256').update(body).digest('base64url').slice(0, 22),
      verbatim: !original.includes(new URL(BUILD_ORIGIN).host),
    };
    // The policy holds the hashes of the page's inline scripts, as sent.
    if (found.file.endsWith('.html')) entry.policy = cspFor(text);
    rendered.set(found.file, entry);
    return entry;
  }

  /** The body in one encoding, made once: the build's copy when the bytes are the file's own, else compressed here. */
  function encode(found: Found, entry: Rendered, encoding: Encoding): Promise<Buffer> {
    return (entry.encoded[encoding] ??= (async () => {
      if (entry.verbatim) {
        const copy = `${found.file}.${encoding === 'br' ? 'br' : 'gz'}`;
        try {
          if (fs.statSync(copy).mtimeMs >= found.stat.mtimeMs) return await fs.promises.readFile(copy);
        } catch {
          // no copy: compress below
        }
      }
      return encoding === 'br'
        ? brotli(entry.body, {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
          })
        : gzip(entry.body, { level: 9 });
    })());
  }

  async function sendTemplated(c: Context, found: Found, status: 200 | 404): Promise<Response> {
    const entry = await render(found);
    const ext = path.extname(found.file).toLowerCase();
    const encoding = entry.body.length >= MIN_COMPRESS ? encodingFor(c) : null;
    const body = encoding ? await encode(found, entry, encoding) : entry.body;
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': cacheControl(root, found.file),
      vary: 'accept-encoding',
      // Each encoding has its own tag; hono/etag answers 304 on it.
      etag: `W/"${entry.hash}${encoding ? `-${encoding}` : ''}"`,
      'content-length': String(body.length),
    };
    if (encoding) headers['content-encoding'] = encoding;
    if (entry.policy) headers['content-security-policy'] = entry.policy;
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
  }

  /** Which file serveStatic sent for a request (its .br or .gz copy, maybe). */
  const served = new WeakMap<Context, string>();
  const onFound = (file: string, c: Context) => void served.set(c, file);

  /** The headers of a file serveStatic sent: its type, caching and tag. */
  function setHeaders(res: Response, sent: string): void {
    const file = sent.replace(ENCODED, '');
    const ext = path.extname(file).toLowerCase();
    const stat = fs.statSync(sent);
    res.headers.set('content-type', TYPES[ext] ?? 'application/octet-stream');
    res.headers.set('cache-control', cacheControl(root, file));
    res.headers.set('vary', 'accept-encoding');
    // Size and time of the bytes sent, so each encoding has its own tag.
    res.headers.set('etag', `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`);
  }

  // Made on first use, when dist/ exists: serveStatic writes a warning to stderr when its root is
  // missing, and a start without a build (a fresh clone, `npm run serve`) must print nothing but its own lines.
  let asset: MiddlewareHandler | null = null;

  /** serveStatic for a file that is not templated; null when it found none. */
  async function tryAsset(c: Context): Promise<Response | null> {
    let missing = false;
    asset ??= serveStatic({ root, precompressed: true, onFound });
    const res = await asset(c, (async () => {
      missing = true;
    }) as Next);
    const sent = served.get(c);
    if (missing || !res || !sent) return null;
    served.delete(c);
    setHeaders(res, sent);
    return res;
  }

  /** The file a path names: itself, its folder's index.html, its .html; else an id route's shell; else the 404 page. */
  function resolve(urlPath: string): { found: Found; status: 200 | 404 } | null {
    const found = findFile(root, urlPath);
    if (found) return { found, status: 200 };
    for (const [pattern, shell] of SHELL_ROUTES) {
      if (pattern.test(urlPath)) {
        const shellFile = findFile(root, `/${shell}`);
        if (shellFile) return { found: shellFile, status: 200 };
      }
    }
    const notFound = findFile(root, '/404.html');
    return notFound ? { found: notFound, status: 404 } : null;
  }

  let seenBuild = false;
  /** A dist/ that was there and is missing now is the instant of a swap: wait a little for the new one. */
  async function awaitBuild(): Promise<boolean> {
    for (let waited = 0; !fs.existsSync(root); waited += 20) {
      // Never built: nothing to wait for.
      if (!seenBuild || waited >= SWAP_WAIT_MS) return false;
      await sleep(20);
    }
    seenBuild = true;
    return true;
  }

  const site: MiddlewareHandler = async (c) => {
    await awaitBuild();
    for (let attempt = 0; ; attempt++) {
      let target = resolve(c.req.path);
      if ((!target || target.status === 404) && !fs.existsSync(root) && (await awaitBuild())) target = resolve(c.req.path);
      if (!target) return c.text('Not found', 404);
      try {
        const ext = path.extname(target.found.file).toLowerCase();
        if (TEMPLATED.has(ext)) return await sendTemplated(c, target.found, target.status);
        if (target.status === 200) {
          const res = await tryAsset(c);
          if (res) return res;
        }
        // serveStatic no longer finds what findFile found (a swap): look again.
        if (attempt > 0) return c.text('Not found', 404);
      } catch (err) {
        // The file went away between finding and reading it (a swap): look again once.
        if (attempt > 0 || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      await awaitBuild();
    }
  };

  // compress outside etag: a 304 is decided on the tag of the bytes before any on-the-fly encoding.
  // A 304 keeps the page's CSP: a browser stores the headers of a 304 over its cached copy's.
  return [refuseMalformedPath, compress(), etag({ retainedHeaders: [...RETAINED_304_HEADERS, 'content-security-policy'] }), site];
}
