import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat.ts';

// The intervals pass on fake timers: each step below is exact, and no test sleeps.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it('runs at once and then each interval, one round at a time, and stop() waits for the round in hand', async () => {
  let rounds = 0;
  let release: () => void = () => undefined;
  const job = repeatEvery(
    5,
    () => {
      rounds++;
      return new Promise<void>((resolve) => (release = resolve));
    },
    () => undefined,
  );
  expect(rounds).toBe(1);
  // The first round is still going: the intervals that pass meanwhile start none.
  await vi.advanceTimersByTimeAsync(30);
  expect(rounds).toBe(1);
  let stopped = false;
  const stopping = job.stop().then(() => (stopped = true));
  await vi.advanceTimersByTimeAsync(10);
  expect(stopped).toBe(false);
  release();
  await stopping;
  expect(stopped).toBe(true);
  await vi.advanceTimersByTimeAsync(30);
  expect(rounds).toBe(1);
});

it('hands a failed round to its handler and goes on with the next', async () => {
  const failures: unknown[] = [];
  let rounds = 0;
  const job = repeatEvery(
    5,
    async () => {
      rounds++;
      throw new Error(`round ${rounds}`);
    },
    (err) => failures.push(err),
  );
  await vi.advanceTimersByTimeAsync(40);
  await job.stop();
  expect(rounds).toBeGreaterThan(1);
  expect(failures.map((e) => (e as Error).message).slice(0, 2)).toEqual(['round 1', 'round 2']);
});
