import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compiled } from './compiled-server.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { runServer } from './process.ts';
import { copyProject } from './site-project.ts';

// A newcomer's stumbles: a busy port answers one line naming it, and
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
}, 60_000);

it("create-admin prints the running server's sign-in address", async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [compiled('create-admin'), '--email', 'second-admin@example.com', '--password', 'Second-Passw0rd'],
    {
      cwd: ROOT,
      // No PORT or PUBLIC_URL here: a shell of its own, sharing only the data folder.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: server.dataDir,
        ...(server.deps.config.database.kind === 'postgres' ? { DATABASE_URL: server.deps.config.database.url } : {}),
      },
    },
  );
  expect(stdout.trim()).toBe(
    'Created admin second-admin@example.com named Second Admin (give --name to choose another). Sign in at https://portal.example.com/login',
  );
});

it('npm scripts that run the app read .env, and the real environment wins over it', async () => {
  const project = copyProject();
  try {
    const dataDir = path.join(project, 'from-dotenv');
    fs.writeFileSync(
      path.join(project, '.env'),
      `# as a newcomer copies .env.example\nDATA_DIR=${dataDir}\nPUBLIC_URL=https://from-dotenv.example.com\nLOG_LEVEL=silent\n`,
    );
    const run = (env: Record<string, string>) =>
      promisify(execFile)(
        'npm',
        ['run', '--silent', 'create-admin', '--', '--email', 'dotenv-admin@example.com', '--password', 'Dotenv-Passw0rd'],
        {
          cwd: project,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
        },
      );
    const { stdout } = await run({});
    expect(stdout.trim().split('\n').at(-1)).toBe(
      'Created admin dotenv-admin@example.com named Dotenv Admin (give --name to choose another). Sign in at https://from-dotenv.example.com/login',
    );
    // The database went where .env's DATA_DIR says.
    expect(fs.existsSync(path.join(dataDir, 'app.db'))).toBe(true);
    const again = await run({ PUBLIC_URL: 'https://from-environment.example.com' });
    expect(again.stdout.trim().split('\n').at(-1)).toBe(
      'Admin dotenv-admin@example.com already existed: password unchanged. Sign in at https://from-environment.example.com/login',
    );
  } finally {
    fs.rmSync(project, { recursive: true, force: true });
  }
}, 60_000);
