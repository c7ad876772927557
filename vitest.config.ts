import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['portal-api/**/*.test.ts', 'site/**/*.test.ts', 'tests/api/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
