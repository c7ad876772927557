import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { DB } from './db/database.ts';
import type { RateLimits } from './lib/rate-limit.ts';
import type { Storage } from './lib/storage.ts';
import type { ChatHub } from './modules/chats/hub.ts';
import type { Metrics } from './modules/metrics/metrics.ts';
import type { OutboxWorker } from './modules/outbox/outbox.worker.ts';
import type { SheetIndexer } from './modules/sheet-index/indexer.ts';
import type { BuildOutcome } from './site/build.ts';

/** What every module's routes factory receives from server.ts. */
export type Deps = {
  config: Config;
  db: DB;
  log: Logger;
  /** Sends the outbox; modules write mail with enqueueMail() in their own transaction. */
  outbox: OutboxWorker;
  storage: Storage;
  /** Every rate limit's store: memory on SQLite, shared through PostgreSQL on PostgreSQL. */
  rateLimits: RateLimits;
  hub: ChatHub;
  /** Background sheet index of stored files (kick() after storing some). */
  indexer: SheetIndexer;
  /** Aborted when the server closes: work it started in the background (a site rebuild) stops with it. */
  shutdown: AbortSignal;
  /** What GET /metrics reports (modules/metrics). */
  metrics: Metrics;
  /** The site build `npm start` ran before starting the server, if any: the admin's rebuild status starts from it. */
  startBuild?: BuildOutcome;
};
