import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { cleanupAfterEach } from './cleanups.ts';
import { compiled } from './compiled-server.ts';
import { ROOT } from './site-project.ts';

// `npm run migrate -- --status` lists applied and pending migrations without changing
// anything; `npm run migrate` applies what is pending (docs/operations.md "Upgrades").

const { tempDir } = cleanupAfterEach();

function migrate(dataDir: string, args: string[] = []) {
  const child = spawn(process.execPath, [compiled('migrate'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

it('lists applied and pending migrations with --status, and applies the pending ones without it', { timeout: 180_000 }, async () => {
  const dataDir = await tempDir('estimating-migrate-');
  const fresh = await migrate(dataDir, ['--status']);
  expect(fresh.code).toBe(0);
  expect(fresh.stdout).toContain('every migration is pending');
  // --status created nothing.
  expect(fs.readdirSync(dataDir)).toEqual([]);

  const applied = await migrate(dataDir);
  expect(applied.stderr).toBe('');
  expect(applied.code).toBe(0);
  const total = Number(/(\d+) applied, 0 pending\./.exec(applied.stdout)?.[1]);
  expect(total).toBeGreaterThan(10);
  expect(applied.stdout).toMatch(/^Version \d+\.\d+\.\d+/);

  // As after an upgrade whose newest migration has not run yet.
  const db = new Database(path.join(dataDir, 'app.db'));
  const newest = db.prepare('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1').get() as { name: string };
  db.prepare('DELETE FROM kysely_migration WHERE name = ?').run(newest.name);
  db.close();
  const status = await migrate(dataDir, ['--status']);
  expect(status.code).toBe(0);
  expect(status.stdout).toMatch(new RegExp(`\\n  pending +${newest.name}\\n`));
  expect(status.stdout).toMatch(/\n {2}applied \d{4}-\d\d-\d\dT\S+ +20261122T0000-initial\n/);
  expect(status.stdout).toContain(`${total - 1} applied, 1 pending.`);
});
