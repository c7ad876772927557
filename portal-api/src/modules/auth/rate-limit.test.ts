import { describe, expect, it } from 'vitest';
import { Cooldown, LIMITS, RefillingTokenBucket, Throttler } from './rate-limit.ts';

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('RefillingTokenBucket', () => {
  it('allows a burst of max, then refuses with the seconds until the next token', () => {
    const c = clock();
    const bucket = new RefillingTokenBucket<string>(3, 2, c.now);
    expect([bucket.consume('a'), bucket.consume('a'), bucket.consume('a')]).toEqual([0, 0, 0]);
    expect(bucket.consume('a')).toBe(2);
    c.advance(1500);
    expect(bucket.consume('a')).toBe(1);
    c.advance(500);
    expect(bucket.consume('a')).toBe(0);
    expect(bucket.consume('a')).toBe(2);
  });

  it('keeps keys apart and never refills beyond max', () => {
    const c = clock();
    const bucket = new RefillingTokenBucket<string>(2, 1, c.now);
    bucket.consume('a');
    bucket.consume('a');
    expect(bucket.consume('b')).toBe(0);
    c.advance(60_000);
    expect([bucket.consume('a'), bucket.consume('a'), bucket.consume('a')]).toEqual([0, 0, 1]);
  });
});

describe('Throttler', () => {
  it('lets the free failures through, then escalates and resets on success', () => {
    const c = clock();
    const t = new Throttler<string>([0, 0, 5, 30], c.now);
    t.fail('x');
    expect(t.check('x')).toBe(0);
    t.fail('x');
    expect(t.check('x')).toBe(5);
    c.advance(5000);
    expect(t.check('x')).toBe(0);
    t.fail('x');
    expect(t.check('x')).toBe(30);
    c.advance(30_000);
    t.fail('x');
    expect(t.check('x')).toBe(30); // the last delay repeats
    t.reset('x');
    expect(t.check('x')).toBe(0);
  });
});

describe('Cooldown', () => {
  it('refuses a second take within the interval, for any key', () => {
    const c = clock();
    const cd = new Cooldown<string>(60, c.now);
    expect(cd.take('unknown@example.com')).toBe(0);
    c.advance(15_000);
    expect(cd.take('unknown@example.com')).toBe(45);
    c.advance(45_000);
    expect(cd.take('unknown@example.com')).toBe(0);
    cd.start('k');
    expect(cd.take('k')).toBe(60);
  });
});

describe('LIMITS', () => {
  it('give a person room: typos and a few resends never hit a limit', () => {
    expect(LIMITS.password.delaysSeconds.slice(0, 5).every((d) => d === 0)).toBe(true);
    expect(LIMITS.ip.max).toBeGreaterThanOrEqual(20);
    expect(LIMITS.resendSeconds).toBe(60); // SPEC §9
  });
});
