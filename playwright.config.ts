import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/env.ts';

// Browser tests drive Debian's Chromium (CHROME_PATH overrides); never a downloaded browser.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E.baseURL,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // A fresh data folder per run; the built site in dist/ served by the real server.
    command: `rm -rf '${E2E.dataDir}' && '${process.execPath}' '${path.resolve('node_modules/tsx/dist/cli.mjs')}' portal-api/src/server.ts`,
    url: `${E2E.baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(E2E.port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E.dataDir,
      ADMIN_EMAIL: E2E.admin.email,
      ADMIN_PASSWORD: E2E.admin.password,
      LOG_LEVEL: 'warn',
      UPLOAD_MAX_MB: '50',
    },
  },
});
