import { createHash } from 'node:crypto';
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

export function cspFor(html: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
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

/**
 * Sets a CSP on every response that lacks one: HTML gets the hashed policy
 * (read from the body when it is not compressed), everything else API_CSP.
 * HSTS only when the request came over HTTPS (directly or via a proxy).
 */
export function securityPolicy(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const proto = c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '');
    if (proto === 'https') c.res.headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (c.res.headers.has('content-security-policy')) return;
    const type = c.res.headers.get('content-type') ?? '';
    if (type.startsWith('text/html') && !c.res.headers.get('content-encoding') && c.res.body) {
      const html = await c.res.clone().text();
      c.res.headers.set('content-security-policy', cspFor(html));
      return;
    }
    c.res.headers.set('content-security-policy', type.startsWith('text/html') ? cspFor('') : API_CSP);
  };
}
