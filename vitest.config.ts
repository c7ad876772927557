import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects (docs/testing.md):
// - unit: unit and browser-logic tests in Node, and the lint/typecheck rule tests (tests/tooling);
// - api: the API tests (tests/api), each file against real servers. Files of one worker share its
//   module graph (isolate: false): the server's code is loaded once per worker, not once per file,
//   and each file still starts its own servers on its own database, copied from the run's migrated
//   template (tests/api/template-database.ts). On PostgreSQL (`npm run test:pg`) only the
//   *.pg.test.ts files run: those whose behaviour depends on the engine;
// - dom: the component tests (site/**/*.test.tsx) in jsdom with React Testing Library, on React 19
//   as on the site.
const shared = { pool: 'forks', testTimeout: 30_000, hookTimeout: 60_000 } as const;

export default defineConfig({
  test: {
    reporters: ['default'],
    // Vitest's default leaves a core idle (one worker on two cores); the API tests mostly wait on
    // sockets, disks and child processes, so every core gets a worker.
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          environment: 'node',
          include: ['portal-api/**/*.test.ts', 'site/**/*.test.ts', 'tests/tooling/**/*.test.ts'],
        },
      },
      {
        test: {
          ...shared,
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          isolate: false,
          globalSetup: ['tests/api/template-database.ts'],
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
