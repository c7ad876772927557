/**
 * Runs `run` now and then every `everyMs`, never two rounds at once (a round that finds the last
 * one still going is skipped); a failed round goes to `failed`. The timer keeps no process alive.
 * `stop()` ends the rounds and waits for the one in hand, so the database is not closed under it.
 */
export function repeatEvery(everyMs: number, run: () => Promise<unknown>, failed: (err: unknown) => void): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = run()
      .then(() => undefined, failed)
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
