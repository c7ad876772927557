import { cleanup, configure } from '@testing-library/preact';
import { afterEach } from 'vitest';

configure({
  // Calls go to a real server that hashes passwords with argon2 on a shared machine: allow it time.
  asyncUtilTimeout: 5000,
  // As React Testing Library does: findBy* and waitFor poll while the page runs on its own
  // (Preact renders on its microtask, not held back inside act() as @testing-library/preact's
  // wrapper does), then one macrotask more lets the promises the page was awaiting settle
  // before the test reads it.
  asyncWrapper: async (cb) => {
    const result = await cb();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return result;
  },
});

// Testing Library unmounts after each test only when the runner exposes globals; ours does not.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
