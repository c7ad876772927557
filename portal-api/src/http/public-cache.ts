import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

/**
 * HTTP caching for the public reads (services, blogs, categories): every answer carries an ETag
 * of its bytes and `Cache-Control: no-cache`, so a browser, CDN or reverse proxy may keep it but
 * revalidates each time, and an unchanged list costs a 304 with no body. An edit shows at once
 * without any invalidation here. Answers to requests with a token (an admin's list with drafts)
 * are never stored by a shared cache: RFC 9111 §3.5 forbids it without `public`.
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
