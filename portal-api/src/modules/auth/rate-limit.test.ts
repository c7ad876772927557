import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BucketLimit, RateLimits } from '../../lib/rate-limit.ts';
import { LIMITS } from './rate-limit.ts';

// The limiters on the memory store (the SQLite server's), on a fake clock.
// tests/api/rate-limit-shared.pg-only.test.ts runs them on PostgreSQL across two instances.

let limits: RateLimits;
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
  limits = new RateLimits({ kind: 'sqlite', file: ':memory:' });
});
afterEach(async () => {
  await limits.close();
  vi.useRealTimers();
});

describe('BucketLimit', () => {
  it('allows a burst of max, then refuses with the seconds until the next call is allowed', async () => {
    const bucket = limits.bucket('t', { burst: 3, points: 1, perSeconds: 2 });
    expect([await bucket.take('a'), await bucket.take('a'), await bucket.take('a')]).toEqual([0, 0, 0]);
    expect(await bucket.take('a')).toBe(2);
    vi.advanceTimersByTime(1500);
    expect(await bucket.take('a')).toBe(1);
    vi.advanceTimersByTime(500);
    expect(await bucket.take('a')).toBe(0);
    expect(await bucket.take('a')).toBe(2);
  });

  it('keeps keys apart and gives the burst back once it has refilled', async () => {
    const bucket = limits.bucket('t', { burst: 2, points: 1, perSeconds: 1 });
    await bucket.take('a');
    await bucket.take('a');
    expect(await bucket.take('b')).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect([await bucket.take('a'), await bucket.take('a'), await bucket.take('a')]).toEqual([0, 0, 1]);
  });

  it('gives back calls taken, never more than were taken', async () => {
    const bucket = limits.bucket('t', { burst: 3, points: 1, perSeconds: 60 });
    // Given back before anything was taken: the bucket stays at its burst, not above.
    await bucket.giveBack('a', 5);
    expect([await bucket.take('a'), await bucket.take('a'), await bucket.take('a')]).toEqual([0, 0, 0]);
    expect(await bucket.take('a')).toBeGreaterThan(0);
    await bucket.giveBack('a', 2);
    expect(await bucket.take('a')).toBe(0);
  });

  it('gives back nothing, and does not fail, when its store cannot answer', async () => {
    const down = {
      get: () => Promise.reject(new Error('connection refused')),
      reward: () => Promise.reject(new Error('connection refused')),
    };
    const bucket = new BucketLimit(down as never, down as never);
    await expect(bucket.giveBack('a', 2)).resolves.toBeUndefined();
  });
});

describe('Throttle', () => {
  it('lets the free failures through, then escalates and resets on success', async () => {
    const t = limits.throttle('t', [0, 0, 5, 30]);
    await t.fail('x');
    expect(await t.check('x')).toBe(0);
    await t.fail('x');
    expect(await t.check('x')).toBe(5);
    vi.advanceTimersByTime(5000);
    expect(await t.check('x')).toBe(0);
    await t.fail('x');
    expect(await t.check('x')).toBe(30);
    vi.advanceTimersByTime(30_000);
    await t.fail('x');
    expect(await t.check('x')).toBe(30); // the last delay repeats
    await t.reset('x');
    expect(await t.check('x')).toBe(0);
  });
});

describe('Cooldown', () => {
  it('refuses a second take within the interval, for any key', async () => {
    const cd = limits.cooldown('t', 60);
    expect(await cd.take('unknown@example.com')).toBe(0);
    vi.advanceTimersByTime(15_000);
    expect(await cd.take('unknown@example.com')).toBe(45);
    vi.advanceTimersByTime(45_000);
    expect(await cd.take('unknown@example.com')).toBe(0);
    await cd.start('k');
    expect(await cd.take('k')).toBe(60);
  });
});

describe('LIMITS', () => {
  it('give a person room: typos and a few resends never hit a limit', () => {
    expect(LIMITS.password.delaysSeconds.slice(0, 5).every((d) => d === 0)).toBe(true);
    expect(LIMITS.ip.max).toBeGreaterThanOrEqual(20);
    expect(LIMITS.resendSeconds).toBe(60); // docs/product.md §9
  });
});
