import type { MiddlewareHandler } from 'hono';
import { HttpError } from './errors.ts';

// Every request's body is read or refused before the answer goes out (issue 18
// item 11). A handler that answers without reading the body (logout, a 401, a
// 404) used to leave it unread, and the connection could be reset under a
// client still sending — it saw ECONNRESET instead of a status. Bodies other
// than multipart uploads (which storage.ts streams and limits itself) are
// capped at `limit` on every route: a declared larger body is refused with 413
// at once, an unread one is read to its end after the handler, or answered 413
// when it runs past the limit.

export function readOrRefuseBody(limit: number): MiddlewareHandler {
  return async (c, next) => {
    // GET and HEAD carry no body (@hono/node-server gives them none); asking for
    // c.req.raw.body would build a whole fetch Request on every read (issue 15).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    const declared = Number(c.req.header('content-length') ?? 0);
    if (!multipart && declared > limit) throw tooLarge(limit);
    await next();
    const body = c.req.raw.body;
    if (!body || c.req.raw.bodyUsed || body.locked) return;
    let read = 0;
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        read += value.byteLength;
        if (read > limit) {
          await reader.cancel().catch(() => undefined);
          // Past the limit: an unread upload keeps its answer but the connection closes; anything else is a 413.
          if (multipart) c.res.headers.set('connection', 'close');
          else c.res = c.json({ message: tooLarge(limit).message }, 413, { connection: 'close' });
          return;
        }
      }
    } catch {
      // The client went away mid-body: nothing to answer.
    } finally {
      reader.releaseLock();
    }
  };
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body is too large. The limit is ${Math.round(limit / 1024 / 1024)} MB.`);
}
