// Rate limits for the password, code and reset calls, after the Lucia example
// (lucia-auth/example-sveltekit-email-password-2fa, src/lib/server/rate-limit.ts):
// a refilling token bucket per IP address plus an escalating throttle per account.
//
// They live in memory on purpose: the state is small, short-lived and per
// instance; losing it on restart only gives an attacker a fresh burst, and
// several instances multiply the limits by their number (still bounded).
// The numbers are in LIMITS, the one place to tune them; tests read them too.

export const LIMITS = {
  /**
   * Every auth call (register, login, send-otp, login-verify-otp, reset-password)
   * from one IP: a burst of 100, then one call every 2 s (30 a minute). A person
   * signing in makes 2-4 calls; a script guessing gets 30 tries a minute.
   */
  ip: { max: 100, refillSeconds: 2 },
  /**
   * Wrong passwords for one account: 5 free (typos), then each further try
   * waits 5 s, 15 s, 30 s, 1 min, 2 min, then 5 min, until a good password.
   */
  password: { delaysSeconds: [0, 0, 0, 0, 0, 5, 15, 30, 60, 120, 300] },
  /**
   * Wrong codes for one account, across codes (each code also burns after 5
   * wrong tries): 10 free, then 5 s, 15 s, 30 s, 1 min, 2 min, then 5 min.
   * With 6-digit codes that keeps a script well under 1 in 1,000 a day.
   */
  code: { delaysSeconds: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 15, 30, 60, 120, 300] },
  /** SPEC §9: the OTP screen allows a resend after 60 s; the same per e-mail, known or not. */
  resendSeconds: 60,
} as const;

/** Entries beyond this many are swept when idle, so a flood of keys cannot grow memory without bound. */
const SWEEP_AT = 10_000;

type Bucket = { count: number; refilledAt: number };

/** A bucket of `max` tokens per key, refilled by one every `refillSeconds`. */
export class RefillingTokenBucket<Key> {
  private readonly storage = new Map<Key, Bucket>();

  constructor(
    readonly max: number,
    readonly refillSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes `cost` tokens; returns 0 when allowed, else the seconds until enough have refilled. */
  consume(key: Key, cost = 1): number {
    const now = this.now();
    const interval = this.refillSeconds * 1000;
    let bucket = this.storage.get(key);
    if (!bucket) {
      if (this.storage.size >= SWEEP_AT) this.sweep(now);
      bucket = { count: this.max, refilledAt: now };
      this.storage.set(key, bucket);
    }
    const refill = Math.floor((now - bucket.refilledAt) / interval);
    bucket.count = Math.min(bucket.count + refill, this.max);
    bucket.refilledAt = bucket.count === this.max ? now : bucket.refilledAt + refill * interval;
    if (bucket.count < cost) {
      const missing = cost - bucket.count;
      return Math.max(1, Math.ceil((bucket.refilledAt + missing * interval - now) / 1000));
    }
    bucket.count -= cost;
    return 0;
  }

  private sweep(now: number): void {
    for (const [key, b] of this.storage) {
      if (b.count + (now - b.refilledAt) / (this.refillSeconds * 1000) >= this.max) this.storage.delete(key);
    }
  }
}

type Counter = { failures: number; lastFailureAt: number };

/**
 * An escalating throttle per key: after n failures the next try must wait
 * delaysSeconds[n] (the last delay repeats) since the latest failure. Success resets.
 */
export class Throttler<Key> {
  private readonly storage = new Map<Key, Counter>();

  constructor(
    readonly delaysSeconds: readonly number[],
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 when a try is allowed now, else the seconds to wait. */
  check(key: Key): number {
    const counter = this.storage.get(key);
    if (!counter) return 0;
    const delay = this.delaysSeconds[Math.min(counter.failures, this.delaysSeconds.length - 1)]! * 1000;
    const wait = counter.lastFailureAt + delay - this.now();
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  fail(key: Key): void {
    const now = this.now();
    if (!this.storage.has(key) && this.storage.size >= SWEEP_AT) this.sweep(now);
    const counter = this.storage.get(key) ?? { failures: 0, lastFailureAt: now };
    counter.failures += 1;
    counter.lastFailureAt = now;
    this.storage.set(key, counter);
  }

  reset(key: Key): void {
    this.storage.delete(key);
  }

  private sweep(now: number): void {
    // Forgetting a key idle for an hour only gives back its free tries.
    for (const [key, c] of this.storage) if (now - c.lastFailureAt > 3600_000) this.storage.delete(key);
  }
}

/** A minimum interval per key (the resend countdown), independent of whether the key exists. */
export class Cooldown<Key> {
  private readonly storage = new Map<Key, number>();

  constructor(
    readonly seconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** 0 and starts the interval when allowed, else the seconds left. */
  take(key: Key): number {
    const now = this.now();
    const last = this.storage.get(key);
    if (last !== undefined && now - last < this.seconds * 1000) return Math.ceil((last + this.seconds * 1000 - now) / 1000);
    if (last === undefined && this.storage.size >= SWEEP_AT) {
      for (const [k, t] of this.storage) if (now - t >= this.seconds * 1000) this.storage.delete(k);
    }
    this.storage.set(key, now);
    return 0;
  }

  /** Starts the interval without asking (a code sent by the password step). */
  start(key: Key): void {
    this.storage.set(key, this.now());
  }
}

/** The limiters of one app instance (created per server, so test servers do not share state). */
export function createAuthLimits(now: () => number = Date.now) {
  return {
    ip: new RefillingTokenBucket<string>(LIMITS.ip.max, LIMITS.ip.refillSeconds, now),
    password: new Throttler<string>(LIMITS.password.delaysSeconds, now),
    code: new Throttler<string>(LIMITS.code.delaysSeconds, now),
    resend: new Cooldown<string>(LIMITS.resendSeconds, now),
  };
}
export type AuthLimits = ReturnType<typeof createAuthLimits>;
