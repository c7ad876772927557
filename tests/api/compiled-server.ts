// The server and its operator scripts compiled once per test run, by the production build
// (portal-api/scripts/build-server.ts), for the tests that run them as child processes
// (process.ts, backup-scripts.ts, the operator script tests). Started through tsx, each child
// compiled the TypeScript again: a server start to "listening" cost 3.4–3.6 CPU seconds that
// way and 1.5–1.6 compiled (docs/testing.md "API tests: servers and databases").
//
// Built by the api project's global setup (template-database.ts) from the sources as they are,
// never from a dist-server/ left in the checkout, so a test run after an edit runs the edit.
// The folder is laid out as a project: package.json (so Node reads the files as ES modules
// without guessing), node_modules linked to the checkout's, and the build in dist-server/.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Where the build is, for the test processes (set before vitest starts its workers). */
export const COMPILED_ENV = 'ESTIMATING_TEST_SERVER_BUILD';

/** Compiles the server into a fresh temporary folder; `remove` deletes it. */
export async function buildServer(): Promise<{ dir: string; rebuild: () => Promise<void>; remove: () => Promise<void> }> {
  // The real path: the server compares its own URL with the path it was started by.
  const project = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'estimating-server-build-')));
  const dir = path.join(project, 'dist-server');
  const remove = () => fs.rm(project, { recursive: true, force: true });
  const rebuild = async () => {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'portal-api/scripts/build-server.ts', dir], { cwd: ROOT });
  };
  try {
    await fs.copyFile(path.join(ROOT, 'package.json'), path.join(project, 'package.json'));
    await fs.symlink(path.join(ROOT, 'node_modules'), path.join(project, 'node_modules'), 'dir');
    await rebuild();
  } catch (err) {
    await remove();
    throw err;
  }
  return { dir, rebuild, remove };
}

/** The compiled entry (`server`, `backup`, `restore`, `migrate`, `create-admin`) of this test run. */
export function compiled(entry: 'server' | 'backup' | 'restore' | 'migrate' | 'create-admin'): string {
  const dir = process.env[COMPILED_ENV];
  if (!dir) throw new Error(`${COMPILED_ENV} is not set: run the API tests through vitest (npx vitest run --project api …).`);
  return path.join(dir, `${entry}.js`);
}

/** The folder of the compiled server, for a test that copies it. */
export function compiledDir(): string {
  return path.dirname(compiled('server'));
}
