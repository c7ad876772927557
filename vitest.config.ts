import { defineConfig } from 'vitest/config';

// Two projects: the API, unit and browser-logic tests in Node, and the component
// tests (site/**/*.test.tsx) in jsdom with React Testing Library, on React 19 as on the site.
const shared = { pool: 'forks', testTimeout: 30_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          ...shared,
          name: 'node',
          environment: 'node',
          include: ['portal-api/**/*.test.ts', 'site/**/*.test.ts', 'tests/api/**/*.test.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'dom',
          environment: './tests/component/jsdom-server-environment.ts',
          include: ['site/**/*.test.tsx'],
          setupFiles: ['tests/component/setup.ts'],
        },
      },
    ],
  },
});
