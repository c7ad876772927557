import { useEffect, useState } from 'react';

/**
 * How many of `total` rows a long list renders now: `first` with the screen, then `step`
 * more in each following task until all are there (/chat for a client with 200
 * requests rendered its whole list in one long task on a phone). Every row is in the page a
 * few tasks later; only the first paint is lighter.
 */
export function useProgressiveCount(total: number, first = 30, step = 60): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    // A new task each time, so the browser may paint and handle input between chunks.
    const id = setTimeout(() => setCount((c) => c + step), 0);
    return () => clearTimeout(id);
  }, [count, total, step]);
  return Math.min(count, total);
}
