import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { cspFor } from './csp.ts';
import { COMPRESSIBLE, TYPES } from './mime.ts';
import { withPublicOrigin } from './public-origin.ts';

// Serves the Astro build: hashed assets cached for a year, HTML revalidated by
// ETag, text compressed once (brotli or gzip) and kept in memory.
// Pages, feeds and robots.txt carry the build's placeholder origin: they are
// read once per build, given the running PUBLIC_URL (public-origin.ts) and
// kept in memory with their compressed copies.
// A rebuild replaces dist/ by renaming a finished build into place
// (site/build.ts); for the instant in between no dist/ exists, and a request
// then waits for it instead of answering 404.

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

/** Files whose text may hold absolute URLs of the site. */
const TEMPLATED = new Set(['.html', '.xml', '.txt', '.json', '.webmanifest']);
const SWAP_WAIT_MS = 2000;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Found = { file: string; stat: fs.Stats };
type Rendered = { body: Buffer; etag: string; policy?: string; br?: Buffer; gzip?: Buffer };

function findFile(root: string, urlPath: string): Found | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split('/').includes('..')) return null;
  const base = path.join(root, decoded);
  if (!base.startsWith(root)) return null;
  for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
    try {
      const stat = fs.statSync(candidate);
      if (stat.isFile()) return { file: candidate, stat };
    } catch {
      // try the next candidate
    }
  }
  return null;
}

function etagOf(stat: fs.Stats, salt = ''): string {
  return `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${salt}"`;
}

function cacheControl(root: string, file: string): string {
  const rel = path.relative(root, file);
  if (rel.startsWith(`_astro${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

export function createSiteHandler(distDir: string, publicUrl: string) {
  const root = path.resolve(distDir);
  // Another PUBLIC_URL gives other bytes: the ETag says so, so no cache mixes them.
  const originSalt = `-${createHash('sha256').update(publicUrl).digest('hex').slice(0, 8)}`;
  const compressed = new Map<string, Buffer>();
  const rendered = new Map<string, Rendered>();

  /** A page, feed or robots.txt with the running origin, read and compressed once per build of the file. */
  async function render(found: Found): Promise<Rendered> {
    const etag = etagOf(found.stat, originSalt);
    const cached = rendered.get(found.file);
    if (cached?.etag === etag) return cached;
    const text = withPublicOrigin(await fs.promises.readFile(found.file, 'utf8'), publicUrl);
    const entry: Rendered = { body: Buffer.from(text, 'utf8'), etag };
    if (found.file.endsWith('.html')) entry.policy = cspFor(text);
    if (entry.body.length > 512) {
      entry.br = await brotli(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
      entry.gzip = await gzip(entry.body, { level: 9 });
    }
    rendered.set(found.file, entry);
    return entry;
  }

  function encodingFor(c: Context): 'br' | 'gzip' | null {
    const accept = c.req.header('accept-encoding') ?? '';
    return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  }

  async function send(c: Context, found: Found, status: 200 | 404 = 200): Promise<Response> {
    const ext = path.extname(found.file).toLowerCase();
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': cacheControl(root, found.file),
      vary: 'accept-encoding',
    };
    const head = c.req.method === 'HEAD';

    if (TEMPLATED.has(ext)) {
      const page = await render(found);
      headers.etag = page.etag;
      if (page.policy) headers['content-security-policy'] = page.policy;
      if (status === 200 && c.req.header('if-none-match') === page.etag) return new Response(null, { status: 304, headers });
      const encoding = encodingFor(c);
      const body = (encoding && page[encoding]) || page.body;
      if (body !== page.body) headers['content-encoding'] = encoding!;
      headers['content-length'] = String(body.length);
      return new Response(head ? null : new Uint8Array(body), { status, headers });
    }

    const etag = etagOf(found.stat);
    headers.etag = etag;
    if (status === 200 && c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    const encoding = COMPRESSIBLE.has(ext) && found.stat.size > 512 ? encodingFor(c) : null;
    if (encoding) {
      const cacheKey = `${encoding}:${found.file}:${etag}`;
      let body = compressed.get(cacheKey);
      if (!body) {
        const raw = await fs.promises.readFile(found.file);
        body = encoding === 'br'
          ? await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : await gzip(raw, { level: 9 });
        compressed.set(cacheKey, body);
      }
      headers['content-encoding'] = encoding;
      headers['content-length'] = String(body.length);
      return new Response(head ? null : new Uint8Array(body), { status, headers });
    }
    headers['content-length'] = String(found.stat.size);
    // Opened before answering, so a build swapped in meanwhile cannot pull the file away.
    const handle = head ? null : await fs.promises.open(found.file, 'r');
    const stream = handle ? (Readable.toWeb(handle.createReadStream()) as ReadableStream) : null;
    return new Response(stream, { status, headers });
  }

  async function resolve(urlPath: string): Promise<{ found: Found; status: 200 | 404 } | null> {
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

  return async (c: Context): Promise<Response> => {
    await awaitBuild();
    for (let attempt = 0; ; attempt++) {
      let target = await resolve(c.req.path);
      if ((!target || target.status === 404) && !fs.existsSync(root) && (await awaitBuild())) target = await resolve(c.req.path);
      if (!target) return c.text('Not found', 404);
      try {
        return await send(c, target.found, target.status);
      } catch (err) {
        // The file went away between finding and reading it (a swap): look again once.
        if (attempt > 0 || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  };
}
