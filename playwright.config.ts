import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Browser tests drive Debian's Chromium (CHROME_PATH overrides); never a downloaded browser.
// Its headless shell (package chromium-headless-shell: the same Blink and V8 without the
// browser's own windowing) when installed, as Playwright itself does headless: the whole suite
// took a third less processor time in it (docs/testing.md, "A real run").
// Files run side by side, each worker against a server and data folder of its own, started by the
// worker fixture in tests/e2e/fixtures.ts (ports E2E_PORT and up, tests/e2e/env.ts); the tests of
// one file run in order, in one worker. E2E_WORKERS sets how many (2 by default, one per core).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROME_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  // Per first port too: a run clears its output folder as it starts, which would take the traces
  // from under another run on the same machine.
  outputDir: `test-results/e2e-${process.env.E2E_PORT ?? 4390}`,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  // No retries: a flaky journey is a defect to find (docs/testing.md, "No retries").
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // No trace unless asked for (E2E_TRACE=retain-on-failure): recording one for every test, kept
    // or not, cost a third of the stage's time (docs/testing.md, "Where the browser stage's time went").
    trace: (process.env.E2E_TRACE as 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
