import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { AppEnv } from '../http/env.ts';

// Public reads (services, published blogs, categories) answered from memory:
// the JSON text and its ETag are made once per change instead of per request
// (docs/performance.md). Every successful write to a tag drops that tag here
// and, with PostgreSQL, on the other instances too (db/cache-notify.ts sends
// and receives the NOTIFY). While the other instances cannot be heard (the
// listener is down), nothing is cached: a stale list is worse than a slow one.

export type CacheTag = 'services' | 'blogs' | 'categories';
/** `bytes` is the UTF-8 of `body`, encoded once: writing a string to the socket encodes it on every response. */
export type CachedBody = { tag: CacheTag; variant: string; body: string; bytes: Uint8Array<ArrayBuffer>; etag: string; at: number };

const MAX_VARIANTS = 200; // per tag: query strings of GET /blogs
// A backstop only: should a change notice between instances be lost, an answer is at most this old.
const MAX_AGE_MS = 60_000;

export class ReadCache {
  private readonly entries = new Map<CacheTag, Map<string, CachedBody>>();
  private readonly generation = new Map<CacheTag, number>();
  private relay: ((tags: CacheTag[]) => Promise<void>) | null = null;
  private listening = true;

  /** The cached answer of (tag, variant), or `load`'s, serialised once and kept until a write. */
  async read(tag: CacheTag, variant: string, load: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.entries.get(tag)?.get(variant);
    if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit;
    const before = this.generation.get(tag) ?? 0;
    const body = JSON.stringify(await load());
    const fresh: CachedBody = {
      tag,
      variant,
      body,
      bytes: new Uint8Array(Buffer.from(body)),
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
      at: Date.now(),
    };
    // A write that landed while we were reading makes this answer possibly stale: do not keep it.
    if (this.listening && (this.generation.get(tag) ?? 0) === before) {
      let variants = this.entries.get(tag);
      if (!variants) this.entries.set(tag, (variants = new Map()));
      if (variants.size >= MAX_VARIANTS) variants.clear();
      variants.set(variant, fresh);
    }
    return fresh;
  }

  /**
   * Whether `cached` is still the answer `read` would give: kept, not dropped by a write here
   * or on another instance, not aged out. An answer made while nothing was kept never is.
   */
  isCurrent(cached: CachedBody): boolean {
    return this.entries.get(cached.tag)?.get(cached.variant) === cached && Date.now() - cached.at < MAX_AGE_MS;
  }

  /** After a write: drop the tags here and tell the other instances. */
  async invalidate(tags: CacheTag[]): Promise<void> {
    this.drop(tags);
    await this.relay?.(tags);
  }

  /** A change announced by another instance. */
  drop(tags: CacheTag[]): void {
    for (const tag of tags) {
      this.entries.delete(tag);
      this.generation.set(tag, (this.generation.get(tag) ?? 0) + 1);
    }
  }

  /** Wires the cross-instance channel: `relay` announces local writes; `listening` says whether remote ones are heard. */
  setRelay(relay: ((tags: CacheTag[]) => Promise<void>) | null): void {
    this.relay = relay;
  }

  setListening(listening: boolean): void {
    this.listening = listening;
    if (!listening) this.drop([...this.entries.keys()]);
  }
}

/** Middleware for a router's paths: a successful non-GET request drops these tags before it answers. */
export function invalidatesOnWrite(cache: ReadCache, tags: CacheTag[]): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    try {
      await next();
    } catch (err) {
      // A write may have landed before a later step failed.
      await cache.invalidate(tags);
      throw err;
    }
    // A refusal (4xx: bad input, no rights) changed nothing, and an anonymous
    // flood of refused writes must not turn into a flood of NOTIFYs.
    if (c.res.status < 400 || c.res.status >= 500) await cache.invalidate(tags);
  };
}

/**
 * Answers a cached JSON text as is (typed as the JSON it holds, for the route's schema).
 * The answer is the same for every anonymous caller of this URL, so http/replay.ts may keep
 * it whole and replay it until `cached` changes.
 */
export function sendCached<T>(c: Context<AppEnv>, cached: CachedBody): Response & TypedResponse<T, 200, 'json'> {
  c.header('content-type', 'application/json');
  c.set('cachedAnswer', { cached, status: 200 });
  return c.body(cached.bytes, 200) as unknown as Response & TypedResponse<T, 200, 'json'>;
}

/** RFC 9110 §13.1.2, as the services list has always answered it: If-None-Match equal to the ETag. */
export function isNotModified(ifNoneMatch: string | undefined, cached: CachedBody): boolean {
  return ifNoneMatch === cached.etag;
}

/** 304 for a cached answer the caller holds (after the route set its ETag); replayable like sendCached. */
export function sendNotModified(c: Context<AppEnv>, cached: CachedBody): Response {
  c.set('cachedAnswer', { cached, status: 304 });
  return c.body(null, 304);
}
