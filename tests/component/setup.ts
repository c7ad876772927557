import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Calls go to a real server that hashes passwords with argon2 on a shared machine: allow it time.
configure({ asyncUtilTimeout: 5000 });

// Testing Library unmounts after each test only when the runner exposes globals; ours does not.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
