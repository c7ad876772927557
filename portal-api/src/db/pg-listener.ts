import pg from 'pg';
import type { Logger } from 'pino';
import { PG_CONNECT_TIMEOUT_MS } from './pg-pool.ts';

// One PostgreSQL LISTEN on a dedicated connection, with reconnection: the chat
// fan-out (modules/chats/fanout.ts) keeps one. A lost connection reconnects after 1 s,
// doubling up to 30 s; `onUp`/`onDown` tell the owner when notices flow.

export type PgListenerOptions = {
  url: string;
  channel: string;
  /** application_name, so an operator can tell the listeners apart in pg_stat_activity. */
  name: string;
  /** Words for the log lines ('chat fan-out listener', 'read cache listener'). */
  what: string;
  log: Logger;
  onPayload: (payload: string) => void;
  onUp?: (reconnected: boolean) => void;
  onDown?: () => void;
};

export class PgListener {
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly options: PgListenerOptions) {}

  /** Connects and LISTENs; throws when the first connection fails. */
  start(): Promise<void> {
    return this.listen(false);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(reconnecting: boolean): Promise<void> {
    const { url, channel, name, what, log, onPayload } = this.options;
    const client = new pg.Client({ connectionString: url, application_name: name, connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS });
    client.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) onPayload(msg.payload);
    });
    client.on('error', (err) => {
      if (this.client === client) log.error({ err }, `${what} lost its connection`);
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.options.onUp?.(reconnecting);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.options.onDown?.();
    client.end().catch(() => undefined);
    this.scheduleReconnect(1000);
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.stopped) return;
      this.listen(true).catch((err: unknown) => {
        this.options.log.error({ err }, `${this.options.what} could not reconnect`);
        this.scheduleReconnect(Math.min(delayMs * 2, 30_000));
      });
    }, delayMs);
    this.retry.unref();
  }
}
