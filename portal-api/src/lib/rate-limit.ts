import pg from 'pg';
import { pgPool } from '../db/pg-pool.ts';
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Config } from '../config.ts';

// Every rate limit of the server, on rate-limiter-flexible. On SQLite there is
// one instance, so the counters live in its memory. On PostgreSQL several
// instances serve the same users, so the counters are rows of rate_limits
// (migration 20261123T0900) and a limit holds across instances; if the
// database cannot answer, each instance falls back to its own memory (the
// library's insurance limiter) rather than refusing or waving everyone through.

/** The library's table on PostgreSQL (created by migration 20261123T0900-rate-limits). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/** Seconds to wait as Retry-After says it: a whole number, at least 1. */
const waitSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The library rejects a consume with a RateLimiterRes; anything else is a real error. */
async function consumeOrWait(limiter: { consume: (key: string) => Promise<RateLimiterRes> }, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (res) {
    if (res instanceof RateLimiterRes) return waitSeconds(res.msBeforeNext);
    throw res;
  }
}

/**
 * A token bucket per key: a burst, then a steady rate. The library's bursty
 * limiter: a limiter of the steady rate, and when it refuses, one holding the
 * rest of the burst over the time the steady rate takes to refill it.
 */
export class BucketLimit {
  private readonly limiter: BurstyRateLimiter;

  constructor(
    private readonly rate: RateLimiterAbstract,
    private readonly burst: RateLimiterAbstract,
  ) {
    this.limiter = new BurstyRateLimiter(rate, burst);
  }

  /** Counts one call: 0 when allowed, else the seconds until the next one is. */
  take(key: string): Promise<number> {
    return consumeOrWait(this.limiter, key);
  }

  /**
   * Returns up to `points` calls taken from the key (the burst first, then the
   * steady rate), never more than were taken, so giving back cannot raise a
   * key above a full bucket. A courtesy: when the store cannot answer, nothing
   * is given back and the call that earned it still succeeds.
   */
  async giveBack(key: string, points: number): Promise<void> {
    let left = points;
    try {
      for (const limiter of [this.burst, this.rate]) {
        const taken = Math.max(0, (await limiter.get(key))?.consumedPoints ?? 0);
        const back = Math.min(left, taken);
        if (back > 0) await limiter.reward(key, back);
        left -= back;
        if (left <= 0) return;
      }
    } catch {
      // The store is unreachable (PostgreSQL down): the bucket refills on its own.
    }
  }
}

/** A minimum interval per key (the resend countdown), whether or not the key stands for anything. */
export class Cooldown {
  constructor(
    private readonly limiter: RateLimiterAbstract,
    readonly seconds: number,
  ) {}

  /** 0, starting the interval, when allowed; else the seconds left. */
  take(key: string): Promise<number> {
    return consumeOrWait(this.limiter, key);
  }

  /** Starts the interval without asking (a code sent by the password step). */
  async start(key: string): Promise<void> {
    await this.limiter.set(key, 1, this.seconds);
  }
}

/**
 * An escalating throttle per key: after n failures the next try waits
 * delaysSeconds[n] (the last delay repeats) from the latest failure. Success
 * resets. Failures are remembered for a day from the first one.
 */
export class Throttle {
  constructor(
    private readonly failures: RateLimiterAbstract,
    private readonly waits: RateLimiterAbstract,
    readonly delaysSeconds: readonly number[],
  ) {}

  /** 0 when a try is allowed now, else the seconds to wait. */
  async check(key: string): Promise<number> {
    const res = await this.waits.get(key);
    return res && res.consumedPoints > 1 && res.msBeforeNext > 0 ? waitSeconds(res.msBeforeNext) : 0;
  }

  async fail(key: string): Promise<void> {
    const { consumedPoints } = await this.failures.penalty(key, 1);
    const delay = this.delaysSeconds[Math.min(consumedPoints, this.delaysSeconds.length - 1)]!;
    if (delay > 0) await this.waits.block(key, delay);
  }

  async reset(key: string): Promise<void> {
    await Promise.all([this.failures.delete(key), this.waits.delete(key)]);
  }
}

const THROTTLE_MEMORY_SECONDS = 24 * 60 * 60;

/** The rate-limit store of one server: memory on SQLite, the rate_limits table on PostgreSQL. */
export class RateLimits {
  private readonly pool: pg.Pool | null;

  constructor(database: Config['database']) {
    this.pool = database.kind === 'postgres' ? pgPool(database.url, 4) : null;
  }

  /**
   * A limiter named `name` (its key prefix: names must differ). `local` keeps it
   * in this instance's memory even on PostgreSQL, for keys that exist on one
   * instance only (a socket).
   */
  private limiter(name: string, points: number, seconds: number, local = false): RateLimiterAbstract {
    const options = { keyPrefix: name, points, duration: seconds };
    if (!this.pool || local) return new RateLimiterMemory(options);
    return new RateLimiterPostgres({
      ...options,
      storeClient: this.pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }

  /** A burst of `burst` calls per key, then `points` every `perSeconds`. */
  bucket(name: string, rate: { burst: number; points: number; perSeconds: number }, options: { local?: boolean } = {}): BucketLimit {
    const refillAll = (rate.burst / rate.points) * rate.perSeconds;
    return new BucketLimit(
      this.limiter(`${name}:rate`, rate.points, rate.perSeconds, options.local),
      this.limiter(`${name}:burst`, rate.burst - rate.points, refillAll, options.local),
    );
  }

  cooldown(name: string, seconds: number): Cooldown {
    return new Cooldown(this.limiter(name, 1, seconds), seconds);
  }

  throttle(name: string, delaysSeconds: readonly number[]): Throttle {
    return new Throttle(
      // Counting only (penalty never refuses), so points is merely a ceiling for the count.
      this.limiter(`${name}:failures`, Number.MAX_SAFE_INTEGER, THROTTLE_MEMORY_SECONDS),
      this.limiter(`${name}:wait`, 1, 1),
      delaysSeconds,
    );
  }

  async close(): Promise<void> {
    await this.pool?.end();
  }
}
