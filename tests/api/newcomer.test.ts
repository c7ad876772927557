import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { runServer } from './process.ts';

// Issue 16, a newcomer's stumbles: a busy port answers one line naming it, and
// create-admin prints the address of the server, not this shell's default.

const ROOT = path.resolve(import.meta.dirname, '../..');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://portal.example.com' });
});
afterAll(() => server?.stop());

it('a busy port stops the start with one line naming it', async () => {
  const dataDir = fs.mkdtempSync(path.join(server.dataDir, 'second-'));
  const run = await runServer({ PORT: String(server.port), DATA_DIR: dataDir });
  expect(run.code).toBe(1);
  expect(run.stderr.trim()).toBe(`Port ${server.port} on 127.0.0.1 is already in use: stop the other server or set PORT (e.g. in .env).`);
  expect(run.stderr).not.toMatch(/^\s+at /m);
});

it("create-admin prints the running server's sign-in address", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'portal-api/scripts/create-admin.ts', '--email', 'second-admin@example.com', '--password', 'Second-Passw0rd'], {
    cwd: ROOT,
    // No PORT or PUBLIC_URL here: a shell of its own, sharing only the data folder.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: server.dataDir, ...(server.deps.config.database.kind === 'postgres' ? { DATABASE_URL: server.deps.config.database.url } : {}) },
  });
  expect(stdout.trim()).toBe('Admin second-admin@example.com created. Sign in at https://portal.example.com/login');
});
