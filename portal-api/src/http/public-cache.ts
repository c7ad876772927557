import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

/**
 * HTTP caching for the public reads (services, blogs, categories): every answer carries an ETag
 * of its bytes and `Cache-Control: no-cache`, so a browser, CDN or reverse proxy may keep it but
 * revalidates each time, and an unchanged list costs a 304 with no body. An edit shows at once
 * without any invalidation here. Answers to requests with a token (an admin's list with drafts)
 * are never stored by a shared cache: RFC 9111 §3.5 forbids it without `public`.
 *
 * A handler that answers with `c.json(body, 200, tagged(body))` names its tag itself; for any
 * other answer the middleware hashes the bytes it reads back from the response.
 */
export function publicRead(): MiddlewareHandler {
  const tag = etag({ weak: true });
  return (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? tag(c, async () => {
          await next();
          if (c.res.ok) c.res.headers.set('cache-control', 'no-cache');
        })
      : next();
}

/** The answer a publicRead() route gives to a request whose If-None-Match holds the current tag. */
export const NOT_MODIFIED = { 304: { description: 'Not modified: the If-None-Match tag is current (no body)' } } as const;

/**
 * The ETag header of a JSON answer: a hash of the bytes `c.json` writes for `body` (JSON.stringify
 * is deterministic for one value). Read back from the response instead, the tag made the node
 * adapter build a full web Response, clone its stream and hash it through WebCrypto: about a
 * third of the server's CPU time per `GET /api/services` (docs/performance.md, "HTTP caching").
 * The body is serialised once more for the hash, since the typed routes answer through `c.json`;
 * that costs microseconds against the clone it replaces.
 */
export function tagged(body: unknown): { etag: string } {
  return { etag: `W/"${createHash('sha1').update(JSON.stringify(body)).digest('base64url')}"` };
}
