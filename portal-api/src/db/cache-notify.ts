import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { CacheTag, ReadCache } from '../lib/read-cache.ts';
import type { DB } from './database.ts';
import { PgListener } from './pg-listener.ts';

// Cross-instance invalidation of lib/read-cache.ts on PostgreSQL: a write
// sends NOTIFY read_cache '<instance> <tags>'; every instance LISTENs on its
// own connection (db/pg-listener.ts, as the chat fan-out does) and drops
// what another instance changed. While the listener is down the cache is off.

export const CACHE_CHANNEL = 'read_cache';
const TAGS = new Set<CacheTag>(['services', 'blogs', 'categories']);

export class PgCacheNotify {
  readonly instanceId = randomUUID();
  private readonly listener: PgListener;

  constructor(
    url: string,
    private readonly db: DB,
    private readonly cache: ReadCache,
    private readonly log: Logger,
  ) {
    this.listener = new PgListener({
      url,
      channel: CACHE_CHANNEL,
      name: `read-cache-${this.instanceId}`,
      what: 'read cache listener',
      log,
      onPayload: (payload) => {
        const [origin, ...tags] = payload.split(' ');
        if (origin !== this.instanceId) this.cache.drop(tags.filter((t): t is CacheTag => TAGS.has(t as CacheTag)));
      },
      onUp: () => this.cache.setListening(true),
      onDown: () => this.cache.setListening(false),
    });
  }

  async start(): Promise<void> {
    this.cache.setListening(false);
    await this.listener.start();
    this.cache.setRelay((tags) => this.notify(tags));
  }

  async stop(): Promise<void> {
    this.cache.setRelay(null);
    this.cache.setListening(false);
    await this.listener.stop();
  }

  /** Never throws: the write succeeded; should the notice be lost, the others' answers age out (read-cache.ts MAX_AGE_MS). */
  private async notify(tags: CacheTag[]): Promise<void> {
    try {
      await sql`select pg_notify(${CACHE_CHANNEL}, ${`${this.instanceId} ${tags.join(' ')}`})`.execute(this.db);
    } catch (err) {
      this.log.error({ err }, 'read cache change not announced to the other instances');
    }
  }
}
