import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';

// Content-Security-Policy for HTML: scripts only from our origin, plus the exact
// inline scripts Astro emits (island loaders), allowed by their SHA-256 hash —
// never 'unsafe-inline' for scripts. Styles allow inline: React components and
// Quill set style attributes, and CSS cannot run code.
// https://developer.mozilla.org/docs/Web/HTTP/Headers/Content-Security-Policy/script-src#unsafe_hashes

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const DATA_BLOCK = /\btype\s*=\s*["']?(application\/(ld\+)?json|text\/template)/i;

/** Hashes of the inline, executable scripts of a document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attrs = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs) || DATA_BLOCK.test(attrs) || !body) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * `html`'s policy. With `allowed`, only the scripts of `html` whose hash is in
 * it are allowed: a page filled on the server gets no hash for a script that
 * came with its data.
 */
export function cspFor(html: string, allowed?: ReadonlySet<string>): string {
  const hashes = inlineScriptHashes(html).filter((h) => !allowed || allowed.has(h));
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The contact page's map loads only after the visitor asks for it.
    'frame-src https://www.openstreetmap.org https://www.google.com https://maps.google.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** For JSON and files: nothing may run, nothing may frame us. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Rescans of the build for hashes it may have gained (a rebuild while serving): at most this often. */
const RESCAN_MS = 30_000;

/**
 * The hashes of every inline script the build produced (dist/**\/*.html):
 * read at start, and read again in the background (at most every 30 s) when a
 * page shows a hash not yet known, in case the site was rebuilt while serving.
 * Only the build can add to it, never a request.
 */
export function builtScriptHashes(distDir: string): (hash: string) => boolean {
  let known = new Set<string>();
  let scannedAt = Date.now();
  const collect = async (dir: string, found: Set<string>): Promise<void> => {
    for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await collect(full, found);
      else if (entry.name.endsWith('.html')) for (const h of inlineScriptHashes(await fs.promises.readFile(full, 'utf8'))) found.add(h);
    }
  };
  const scanSync = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) scanSync(full);
      else if (entry.name.endsWith('.html')) for (const h of inlineScriptHashes(fs.readFileSync(full, 'utf8'))) known.add(h);
    }
  };
  try {
    scanSync(distDir);
  } catch {
    // No build (API tests, a bare checkout): no inline script is allowed until one appears.
  }
  return (hash) => {
    if (known.has(hash)) return true;
    if (Date.now() - scannedAt > RESCAN_MS) {
      scannedAt = Date.now();
      const found = new Set<string>();
      collect(distDir, found).then(
        () => (known = found),
        () => undefined,
      );
    }
    return false;
  };
}

/**
 * What hono/secure-headers sets with our options (X-Frame-Options DENY, this referrer
 * policy, no HSTS: that one only over HTTPS, below), listed once instead of being
 * built by a middleware of its own on every request. Always overwritten.
 */
export const SECURE_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['cross-origin-resource-policy', 'same-origin'],
  ['cross-origin-opener-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/** Whether a request came over HTTPS: as the proxy says (X-Forwarded-Proto), else as the socket is. */
export function cameOverHttps(forwardedProto: string | undefined, encrypted: boolean): boolean {
  return (forwardedProto ?? (encrypted ? 'https' : 'http')) === 'https';
}

/**
 * The secure headers above on every response, and a CSP on every response that lacks one: HTML gets a hashed policy
 * (read from the body when it is not compressed) that allows only inline
 * scripts the build produced, everything else API_CSP. The built site's own
 * files get theirs from static.ts. HSTS only when the request came over HTTPS
 * (directly or via a proxy).
 */
export function securityPolicy(distDir: string): MiddlewareHandler {
  const isBuilt = builtScriptHashes(distDir);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of SECURE_HEADERS) headers.set(name, value);
    headers.delete('x-powered-by');
    // c.req.url is absolute; its scheme is all we need (no URL parse per request).
    if (cameOverHttps(c.req.header('x-forwarded-proto'), c.req.url.startsWith('https:')))
      headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (headers.has('content-security-policy')) return;
    const type = headers.get('content-type') ?? '';
    if (type.startsWith('text/html') && !c.res.headers.get('content-encoding') && c.res.body) {
      const html = await c.res.clone().text();
      const built = new Set(inlineScriptHashes(html).filter(isBuilt));
      c.res.headers.set('content-security-policy', cspFor(html, built));
      return;
    }
    c.res.headers.set('content-security-policy', type.startsWith('text/html') ? cspFor('') : API_CSP);
  };
}
