import type { Context, MiddlewareHandler } from 'hono';
import { errorBody, HttpError } from './errors.ts';

// The one limit on request bodies. Every request's body is read or refused
// before the answer goes out: a handler that answers without reading it (logout,
// a 401, a 404) would otherwise leave it unread, and the connection could be
// reset under a client still sending, which then sees ECONNRESET instead of a
// status.
//
// - multipart uploads: lib/storage.ts streams and caps them itself;
// - `streamed` bodies (tus PATCH): @tus/server reads and caps them itself; a
//   declared length past the limit is refused here;
// - anything else (JSON, text, chunked or not) is capped at `limit`: the handler
//   reads it from memory.
//
// A body past the limit is answered 413 with `connection: close`, but only after
// it has been read and thrown away, up to LINGER_BYTES or LINGER_MS (a lingering
// close, as nginx does): answering and closing while the client is still sending
// resets the connection, and the client sees EPIPE instead of the 413.

/** How much of a refused body is read and thrown away before the 413 goes out regardless. */
export const LINGER_BYTES = 64 * 1024 * 1024;
const LINGER_MS = 5000;

type Options = { streamed?: boolean };

export function readOrRefuseBody(limit: number, { streamed = false }: Options = {}): MiddlewareHandler {
  return async (c, next) => {
    // GET and HEAD carry no body (@hono/node-server gives them none); asking for
    // c.req.raw.body would build a whole fetch Request on every read.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const multipart = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    const length = c.req.header('transfer-encoding') ? undefined : c.req.header('content-length');
    const declared = length === undefined ? null : Number(length);
    if (!multipart && declared !== null && declared > limit) return refuse(c, limit, c.req.raw.body);
    if (!multipart && !streamed && declared === null && c.req.raw.body) {
      // No declared length (chunked): read it here, up to the limit, so the handler never sees more.
      const reader = c.req.raw.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limit) break;
        chunks.push(value);
      }
      reader.releaseLock();
      if (size > limit) return refuse(c, limit, c.req.raw.body, size);
      c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    }
    await next();
    const body = c.req.raw.body;
    if (!body || c.req.raw.bodyUsed || body.locked) return;
    // An unread body: read it to its end after the handler, within the limit.
    const read = await discard(body, limit);
    if (read.complete) return;
    // Past the limit: an unread upload keeps its answer but the connection closes; anything else is a 413.
    if (multipart) c.res.headers.set('connection', 'close');
    else c.res = await refuse(c, limit, null);
  };
}

/** The 413, after reading and throwing away what the client still sends (up to the linger caps). */
async function refuse(c: Context, limit: number, body: ReadableStream<Uint8Array> | null, alreadyRead = 0): Promise<Response> {
  if (body && !body.locked) await discard(body, LINGER_BYTES - alreadyRead, LINGER_MS);
  return c.json(errorBody(413, tooLarge(limit).message), 413, { connection: 'close' });
}

/** Reads and drops up to `cap` bytes (and for at most `ms`); `complete` when the body ended within them. */
async function discard(body: ReadableStream<Uint8Array>, cap: number, ms = Infinity): Promise<{ complete: boolean }> {
  const reader = body.getReader();
  let read = 0;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    if (Number.isFinite(ms)) timer = setTimeout(() => resolve('expired'), ms);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), expired]);
      if (next === 'expired') return { complete: false };
      if (next.done) return { complete: true };
      read += next.value.byteLength;
      if (read > cap) return { complete: false };
    }
  } catch {
    // The client went away mid-body: nothing more to read.
    return { complete: true };
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => undefined);
  }
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body is too large. The limit is ${Math.round(limit / 1024 / 1024)} MB.`);
}
