import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { E2E } from './env.ts';
import { newClient, signInAdmin, type Session } from './support.ts';

// Every browser test imports `test` from here. Each Playwright worker starts its own server (the
// built site in dist/ served by portal-api/src/server.ts) on its own port and fresh data folder
// (env.ts), so workers share no data, no rate limits and no outbox; a worker's tests point at it
// through `baseURL`. See docs/testing.md, "Browser tests".

/** The server's environment: what a deployment sets, with a small upload limit for the upload journeys. */
const serverEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: String(E2E.port),
  HOST: '127.0.0.1',
  DATA_DIR: E2E.dataDir,
  ADMIN_EMAIL: E2E.admin.email,
  ADMIN_PASSWORD: E2E.admin.password,
  LOG_LEVEL: 'warn',
  UPLOAD_MAX_MB: '50',
  // The bid-outcome question job runs every second, so a journey sees its mail without waiting minutes.
  OUTCOME_CHECK_INTERVAL_MS: '1000',
});

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${E2E.baseURL}/api/health`)).ok;
  } catch {
    return false;
  }
}

/** The worker-scoped fixtures: the server, and the accounts signed in once per worker on it. */
type WorkerFixtures = {
  server: string;
  /** The admin's session of this worker (signInAdmin, support.ts). */
  admin: Session;
  /**
   * A client of this worker, registered, approved and signed in through the real flow once per
   * worker (password CLIENT_PASSWORD, support.ts), for tests that need a signed-in client but
   * not one of their own. Every test of the worker shares it: its requests and messages are not
   * the test's alone. A test that counts a client's requests, or ends, changes or signs out its
   * sessions, registers its own with newClient().
   */
  sharedClient: Session;
};

export const test = base.extend<object, WorkerFixtures>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      await fs.rm(E2E.dataDir, { recursive: true, force: true });
      // `node --import tsx`, not the tsx command: that would run the server in a grandchild that
      // a kill of this child leaves behind.
      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('portal-api/src/server.ts')], {
        env: serverEnv(),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        process.stderr.write(d);
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      let gone = false;
      void exited.then(() => (gone = true));
      // A start compiles the server's TypeScript first (tsx): on a loaded machine that alone can take 15 s.
      const end = Date.now() + 60_000;
      while (!(await healthy())) {
        if (gone) throw new Error(`the server on ${E2E.baseURL} exited before it answered:\n${stderr}`);
        if (Date.now() > end) {
          child.kill('SIGKILL');
          throw new Error(`the server on ${E2E.baseURL} did not answer /api/health within 60 s:\n${stderr}`);
        }
        // Polled every 100 ms, or at once when the process ends.
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
      }
      await use(E2E.baseURL);
      child.kill('SIGTERM');
      await exited;
    },
    { scope: 'worker', auto: true, timeout: 90_000 },
  ],
  admin: [
    async ({ server, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: server });
      const session = await signInAdmin(request);
      await request.dispose();
      await use(session);
    },
    { scope: 'worker' },
  ],
  sharedClient: [
    async ({ server, playwright, admin }, use) => {
      const request = await playwright.request.newContext({ baseURL: server });
      const session = await newClient(request, admin, 'Wendy Worker');
      await request.dispose();
      await use(session);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server),
});

// The rest of Playwright's exports (expect, the types), so that a spec imports from here alone.
export * from '@playwright/test';
