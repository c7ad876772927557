import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Three projects (docs/testing.md):
// - unit: unit and browser-logic tests in Node, and the lint/typecheck rule tests (tests/tooling).
//   Like api, its files share a worker's module graph (isolate: false), so each puts back what it
//   changes (timers, globals, TZ: docs/testing.md, "One module graph per worker");
// - api: the API tests (tests/api), each file against real servers. Files of one worker share its
//   module graph (isolate: false): the server's code is loaded once per worker, not once per file,
//   and each file still starts its own servers on its own database, copied from the run's migrated
//   template (tests/api/template-database.ts). The engine picks the files by name (below);
// - dom: the component tests (site/**/*.test.tsx) in jsdom with React Testing Library, on React 19
//   as on the site. Shared as well: tests/component/setup.ts empties the document after each file.

// Which API files run on which engine (docs/testing.md "Which tests run on PostgreSQL"):
// *.pg.test.ts runs on both, *.pg-only.test.ts on PostgreSQL only, *.sqlite-only.test.ts on SQLite
// only, and every other file on SQLite; `npm test` is the SQLite run, `npm run test:pg` the
// PostgreSQL one. TEST_DATABASE_URL says which engine this run is.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// Named on the command line for the other engine, a file would be left out in silence.
if (!onPostgres && process.argv.some((arg) => arg.includes('.pg-only'))) {
  throw new Error('*.pg-only.test.ts files run on PostgreSQL only: set TEST_DATABASE_URL (docs/testing.md).');
}
if (onPostgres && process.argv.some((arg) => arg.includes('.sqlite-only'))) {
  throw new Error('*.sqlite-only.test.ts files run on SQLite only: unset TEST_DATABASE_URL (docs/testing.md).');
}
// Every project's files share a worker's module graph (isolate: false; docs/testing.md, "One module
// graph per worker").
const shared = { pool: 'forks', isolate: false, testTimeout: 30_000, hookTimeout: 60_000 } as const;

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
          exclude: [...configDefaults.exclude, onPostgres ? 'tests/api/**/*.sqlite-only.test.ts' : 'tests/api/**/*.pg-only.test.ts'],
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
