import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../lib/logger.ts';
import { isNotModified, type CachedBody, type ReadCache } from '../lib/read-cache.ts';
import { cameOverHttps } from './csp.ts';
import type { AppEnv } from './env.ts';
import { requestLogger, type RequestLine } from './request-log.ts';

// Anonymous reads of the cached public lists (GET /api/services, /api/blogs?…,
// /api/categories) replayed whole, before Hono (issue 15, docs/performance.md).
//
// The first anonymous GET of a URL goes the normal way through every middleware;
// `record` keeps its complete answer: status, every header in the order they went
// out (security headers, CSP, ETag) and the body. Later requests for the same URL
// get that answer written straight to the socket by `serve`, for as long as the
// read cache still holds the same entry (lib/read-cache.ts `isCurrent`): a write
// here, a NOTIFY from another instance, the listener going down or the 60 s
// backstop all end it, and the next request goes the normal way and records again.
//
// Per request only these differ, and are done here as the middleware does them:
// - X-Request-Id: the caller's when valid (hono/request-id's rule), else a new UUID;
// - HSTS: set over HTTPS only (http/csp.ts `cameOverHttps`), so each answer is kept
//   per scheme;
// - If-None-Match equal to the ETag: the 304 the route gives (kept like a 200);
// - HEAD: the GET's headers without Content-Length or body, as @hono/node-server writes it;
// - the request log line (http/request-log.ts), at debug: these reads are the bulk of the
//   traffic and its line was a quarter of their CPU.
// Nothing else applies to these routes: no rate limit, no body, no compression (only
// the static site is compressed). Anything else goes the normal way: another method,
// an Authorization header (an admin's /api/blogs lists drafts too), a URL not yet
// recorded (other query strings are other URLs), an answer not yet seen (the first
// 304, the first HEAD over HTTPS).

/** hono/request-id: a caller's id is kept when it is 1–255 of these characters. */
const FOREIGN_ID = /[^\w\-=]/;
const MAX_ID_LENGTH = 255;
/**
 * Hosts @hono/node-server takes as they are (its `reValidHost`); any other Host header
 * (refused there, or parsed as a URL) goes the normal way.
 */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
/** Replayed URLs kept at most (query strings of GET /api/blogs); the read cache bounds its own variants. */
const MAX_URLS = 500;

/** One answer as it goes out: flat header list with the request id's slot, and the body as latin1 text. */
type Recorded = {
  status: number;
  /** name, value, name, value… in the order @hono/node-server writes them; `idAt` is the id's value. */
  headers: string[];
  /** The same without Content-Length, for HEAD. */
  headHeaders: string[];
  idAt: number;
  /** The bytes as latin1 text: Node then writes head and body in one write(2) instead of a writev. */
  body: string | null;
};
type Replay = { cached: CachedBody; path: string; answers: Map<string, Recorded> };

export class AnswerReplay {
  /** How many answers were replayed (tests and benchmarks read it). */
  served = 0;
  private readonly urls = new Map<string, Replay>();
  private readonly logLine: (line: RequestLine) => void;
  private readonly logs: () => boolean;

  constructor(
    private readonly cache: ReadCache,
    log: Logger,
  ) {
    this.logLine = requestLogger(log, { replayed: true });
    this.logs = () => log.isLevelEnabled('debug');
  }

  /** The outermost middleware: keeps the finished answer of an anonymous GET marked by lib/read-cache.ts. */
  readonly record: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    const mark = c.get('cachedAnswer');
    if (!mark || c.req.method !== 'GET' || c.req.header('authorization')) return;
    const res = c.res;
    if (res.status !== mark.status || !this.cache.isCurrent(mark.cached)) return;
    const headers: string[] = [];
    for (const [name, value] of res.headers) headers.push(name, value);
    const idAt = headers.indexOf('x-request-id') + 1;
    // A 200 without a type would get one from @hono/node-server; no such answer is replayed.
    if (idAt === 0 || (mark.status === 200 && !res.headers.has('content-type'))) return;
    const headHeaders = headers.slice();
    const body = mark.status === 200 ? Buffer.from(mark.cached.bytes).toString('latin1') : null;
    // @hono/node-server appends the length of a body it knows in full.
    if (body !== null) headers.push('Content-Length', String(mark.cached.bytes.byteLength));
    // The request target as Hono saw it (after @hono/node-server's normalising, if any): a
    // later request with exactly this target is the same request to every middleware.
    const href = c.req.url;
    const url = href.slice(href.indexOf('/', href.indexOf('//') + 2));
    let replay = this.urls.get(url);
    if (!replay || replay.cached !== mark.cached) {
      if (this.urls.size >= MAX_URLS) this.urls.clear();
      this.urls.set(url, (replay = { cached: mark.cached, path: c.req.path, answers: new Map() }));
    }
    const https = cameOverHttps(c.req.header('x-forwarded-proto'), c.req.url.startsWith('https:'));
    replay.answers.set(answerKey(mark.status, https), { status: mark.status, headers, headHeaders, idAt, body });
  };

  /** Answers `req` from a recorded answer and returns true, or returns false for the normal path. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '';
    const replay = this.urls.get(url);
    if (!replay) return false;
    const h = req.headers;
    // A token: the caller may see more (an admin's /api/blogs). No Host: a 400 there.
    if (h.authorization !== undefined || h.host === undefined || !PLAIN_HOST.test(h.host)) return false;
    if (!this.cache.isCurrent(replay.cached)) {
      this.urls.delete(url);
      return false;
    }
    const logged = this.logs();
    const started = logged ? performance.now() : 0;
    const https = cameOverHttps(h['x-forwarded-proto'] as string | undefined, (req.socket as TLSSocket).encrypted === true);
    const status = isNotModified(h['if-none-match'], replay.cached) ? 304 : 200;
    const answer = replay.answers.get(answerKey(status, https));
    if (!answer) return false;
    const given = h['x-request-id'];
    const reqId = typeof given === 'string' && given && given.length <= MAX_ID_LENGTH && !FOREIGN_ID.test(given) ? given : randomUUID();
    const isHead = method === 'HEAD';
    const headers = (isHead ? answer.headHeaders : answer.headers).slice();
    headers[answer.idAt] = reqId;
    res.writeHead(answer.status, headers);
    if (isHead || answer.body === null) res.end();
    else res.end(answer.body, 'latin1');
    this.served++;
    if (logged)
      this.logLine({ reqId, method, path: replay.path, status: answer.status, ms: Math.round((performance.now() - started) * 10) / 10 });
    return true;
  }
}

const answerKey = (status: number, https: boolean) => (https ? `${status} https` : `${status}`);
