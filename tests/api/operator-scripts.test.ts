import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { cleanupAfterEach } from './cleanups.ts';
import { compiled } from './compiled-server.ts';
import { ROOT } from './site-project.ts';

// A mistyped option of create-admin or backup printed Node's
// 17-line ERR_PARSE_ARGS_UNKNOWN_OPTION stack, and create-admin without
// --password said "Invalid input: expected string, received undefined". Each is
// now one line naming the option, with the usage, and exit 1.

const { tempDir } = cleanupAfterEach();

type Script = 'create-admin' | 'backup' | 'migrate' | 'restore';

async function spawnScript(script: Script, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [compiled(script), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output, lines: output.split('\n').filter((l) => l.trim()) };
}

async function run(script: Script, args: string[]) {
  const dataDir = await tempDir('estimating-cli-');
  const result = await spawnScript(script, args, { DATA_DIR: dataDir });
  // Refused before touching anything: no database was made.
  expect(fs.readdirSync(dataDir)).toEqual([]);
  return result;
}

it.each([
  ['create-admin', ['--emial', 'x@y.test', '--password', 'long-enough'], "Unknown option '--emial'. Usage: npm run create-admin -- "],
  [
    'create-admin',
    ['--email', 'x@y.test'],
    '--password is missing (set ADMIN_PASSWORD, or run in a terminal to be asked). Usage: npm run create-admin -- ',
  ],
  ['create-admin', ['--password', 'long-enough'], '--email is missing. Usage: npm run create-admin -- '],
  ['create-admin', ['--email', 'x@y.test', '--password'], "Option '--password <value>' argument missing. Usage: npm run create-admin -- "],
  ['backup', ['--output', 'copy.db'], "Unknown option '--output'. Usage: npm run backup "],
] as const)('%s %j: one line naming the option, exit 1', { timeout: 30_000 }, async (script, args, line) => {
  const { code, lines } = await run(script, [...args]);
  expect(code).toBe(1);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
});

it.each([
  ['create-admin', '--help', 'Usage: npm run create-admin -- --email'],
  ['create-admin', '-h', 'Usage: npm run create-admin -- --email'],
  ['backup', '--help', 'Usage: npm run backup'],
] as const)('%s %s: the usage, exit 0, nothing touched', { timeout: 30_000 }, async (script, flag, start) => {
  const { code, lines } = await run(script, [flag]);
  expect(code).toBe(0);
  expect(lines).toHaveLength(1);
  expect(lines[0]!.startsWith(start)).toBe(true);
});

// A database create-admin cannot use: the server's one line for it (db/open-errors.ts), not a stack.
it('create-admin on a file that is not a database or an unreachable PostgreSQL server: one line, exit 1', { timeout: 30_000 }, async () => {
  const dataDir = await tempDir('estimating-cli-');
  const file = path.join(dataDir, 'app.db');
  fs.writeFileSync(file, 'this is not a database, '.repeat(200));
  const admin = ['--email', 'boss@example.com', '--password', 'long-enough-secret'];
  const notDb = await spawnScript('create-admin', admin, { DATA_DIR: dataDir });
  expect(notDb.code).toBe(1);
  expect(notDb.lines).toEqual([
    `Cannot create the admin: ${file} is not a SQLite database (check DATA_DIR and DATABASE_URL, or restore a backup).`,
  ]);
  const refused = await spawnScript('create-admin', admin, {
    DATA_DIR: dataDir,
    DATABASE_URL: 'postgres://estimator:s3cret-pw@127.0.0.1:1/estimating',
  });
  expect(refused.code).toBe(1);
  expect(refused.lines).toEqual([
    'Cannot create the admin: DATABASE_URL postgres://127.0.0.1:1/estimating is not usable: the connection was refused.',
  ]);
  expect(refused.output).not.toContain('s3cret-pw');
});

// Every operator script reads the environment through the one check (scripts/cli-args.ts configOrExit).
it.each([
  ['create-admin', ['--email', 'boss@example.com', '--password', 'long-enough-secret']],
  ['backup', []],
  ['migrate', ['--status']],
  ['restore', ['--from', 'backup.zip']],
] as const)('%s with a bad variable: the line naming it, exit 1, nothing touched', { timeout: 30_000 }, async (script, args) => {
  const dataDir = await tempDir('estimating-cli-');
  const { code, lines } = await spawnScript(script, [...args], { DATA_DIR: dataDir, PORT: 'abc' });
  expect(code).toBe(1);
  expect(lines).toEqual(['Invalid environment variable PORT="abc": must be a whole number']);
  expect(fs.readdirSync(dataDir)).toEqual([]);
});
