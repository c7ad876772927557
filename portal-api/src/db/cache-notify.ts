import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { CacheTag, ReadCache } from '../lib/read-cache.ts';
import type { DB } from './database.ts';

// Cross-instance invalidation of lib/read-cache.ts on PostgreSQL: a write
// sends NOTIFY read_cache '<instance> <tags>'; every instance LISTENs on its
// own connection (like the chat fan-out, modules/chats/fanout.ts) and drops
// what another instance changed. While the listener is down the cache is off.

export const CACHE_CHANNEL = 'read_cache';
const TAGS = new Set<CacheTag>(['services', 'blogs', 'categories']);

export class PgCacheNotify {
  readonly instanceId = randomUUID();
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly db: DB,
    private readonly cache: ReadCache,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.cache.setListening(false);
    await this.listen();
    this.cache.setRelay((tags) => this.notify(tags));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cache.setRelay(null);
    this.cache.setListening(false);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, application_name: `read-cache-${this.instanceId}` });
    client.on('notification', (msg) => {
      if (msg.channel !== CACHE_CHANNEL || !msg.payload) return;
      const [origin, ...tags] = msg.payload.split(' ');
      if (origin !== this.instanceId) this.cache.drop(tags.filter((t): t is CacheTag => TAGS.has(t as CacheTag)));
    });
    client.on('error', (err) => {
      if (this.client === client) this.log.error({ err }, 'read cache listener lost its connection');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.cache.setListening(true);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.cache.setListening(false);
    client.end().catch(() => undefined);
    this.scheduleReconnect(1000);
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.stopped) return;
      this.listen().catch((err: unknown) => {
        this.log.error({ err }, 'read cache listener could not reconnect');
        this.scheduleReconnect(Math.min(delayMs * 2, 30_000));
      });
    }, delayMs);
    this.retry.unref();
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
