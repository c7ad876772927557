import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { cspFor } from './csp.ts';
import { COMPRESSIBLE, TYPES } from './mime.ts';

// Serves the Astro build: hashed assets cached for a year, HTML revalidated by
// ETag, text compressed once (brotli or gzip) and kept in memory.


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

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Found = { file: string; stat: fs.Stats };

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

function etagOf(stat: fs.Stats): string {
  return `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
}

function cacheControl(root: string, file: string): string {
  const rel = path.relative(root, file);
  if (rel.startsWith(`_astro${path.sep}`)) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

export function createSiteHandler(distDir: string) {
  const root = path.resolve(distDir);
  const compressed = new Map<string, Buffer>();
  const policies = new Map<string, string>();

  async function policyFor(found: Found, etag: string): Promise<string> {
    const key = `${found.file}:${etag}`;
    let policy = policies.get(key);
    if (!policy) {
      policy = cspFor(await fs.promises.readFile(found.file, 'utf8'));
      policies.set(key, policy);
    }
    return policy;
  }

  async function send(c: Context, found: Found, status: 200 | 404 = 200): Promise<Response> {
    const ext = path.extname(found.file).toLowerCase();
    const etag = etagOf(found.stat);
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': cacheControl(root, found.file),
      etag,
      vary: 'accept-encoding',
    };
    if (ext === '.html') headers['content-security-policy'] = await policyFor(found, etag);
    if (status === 200 && c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
    const accept = c.req.header('accept-encoding') ?? '';
    const encoding = COMPRESSIBLE.has(ext) && found.stat.size > 512 ? (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null) : null;
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
      return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
    }
    headers['content-length'] = String(found.stat.size);
    const stream = c.req.method === 'HEAD' ? null : (Readable.toWeb(fs.createReadStream(found.file)) as ReadableStream);
    return new Response(stream, { status, headers });
  }

  return async (c: Context): Promise<Response> => {
    const urlPath = c.req.path;
    const found = findFile(root, urlPath);
    if (found) return send(c, found);
    for (const [pattern, shell] of SHELL_ROUTES) {
      if (pattern.test(urlPath)) {
        const shellFile = findFile(root, `/${shell}`);
        if (shellFile) return send(c, shellFile);
      }
    }
    const notFound = findFile(root, '/404.html');
    if (notFound) return send(c, notFound, 404);
    return c.text('Not found', 404);
  };
}
