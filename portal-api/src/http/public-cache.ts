import { hash } from 'node:crypto';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import { etag } from 'hono/etag';
import type { JSONParsed } from 'hono/utils/types';

/**
 * HTTP caching for the public reads (services, blogs, categories): every answer carries an ETag
 * of its bytes and `Cache-Control: no-cache`, so a browser, CDN or reverse proxy may keep it but
 * revalidates each time, and an unchanged list costs a 304 with no body. An edit shows at once
 * without any invalidation here. Answers to requests with a token (an admin's list with drafts)
 * are never stored by a shared cache: RFC 9111 §3.5 forbids it without `public`.
 *
 * A handler that answers with `taggedJson(c, body)` names its tag itself; for any other answer
 * the middleware hashes the bytes it reads back from the response.
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
 * A public read's JSON answer with the ETag of its bytes, serialised once: the text that is hashed
 * is the text sent. Read back from the response instead, the tag made the node adapter build a
 * full web Response, clone its stream and hash it through WebCrypto: about a third of the
 * server's CPU time per `GET /api/services`. Typed as `c.json` types it, for the routes' clients.
 */
export function taggedJson<T>(c: Context, body: T): JsonAnswer<T> {
  const text = JSON.stringify(body);
  const answer: Response = c.body(text, 200, { 'content-type': 'application/json', etag: `W/"${hash('sha1', text, 'base64url')}"` });
  return answer as JsonAnswer<T>;
}

/** What `c.json(body, 200)` returns: a Response that names its JSON for the routes' typed clients. */
type JsonAnswer<T> = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
