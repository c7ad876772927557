import type { Deps } from '../../deps.ts';
import { askForOutcomes } from './outcome.repo.ts';

// Issue 13: "once by mail" the client is asked for the bid outcome after the bid
// date. A bid date is a whole day, so checking every 15 minutes is plenty.
const EVERY_MS = 15 * 60_000;

export function startOutcomeQuestions(deps: Deps): { stop: () => void } {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    askForOutcomes(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'bid outcome questions failed'))
      .finally(() => (running = false));
  };
  const timer = setInterval(tick, EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
