import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT, startNode, stopNode, type Started } from './site-project.ts';

// The production image runs `node dist-server/server.js` with production
// dependencies only (issue 16). This builds the compiled server into a
// folder whose node_modules holds exactly what `npm ci --omit=dev` installs
// (hard links to the checkout's copies, found with `npm ls --omit=dev`), so a
// runtime import of a build-time package (astro, tsx, react…) fails here.

let dir: string;
let started: Started | undefined;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'estimating-pruned-'));
  execFileSync(process.execPath, ['--import', 'tsx', 'portal-api/scripts/build-server.ts', path.join(dir, 'dist-server')], { cwd: ROOT, stdio: 'pipe' });
  fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
  const listing = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 16 * 1024 * 1024 });
  const packages = new Set<string>();
  for (const line of listing.split('\n')) {
    const rel = path.relative(ROOT, line.trim());
    const parts = rel.split(path.sep);
    if (parts[0] !== 'node_modules' || parts.length < 2) continue;
    packages.add(parts[1]!.startsWith('@') ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/'));
  }
  for (const pkg of packages) {
    fs.mkdirSync(path.dirname(path.join(dir, pkg)), { recursive: true });
    // Hard links: instant, and module resolution starts from this folder (a symlink would resolve back into the checkout).
    execFileSync('cp', ['-al', path.join(ROOT, pkg), path.join(dir, pkg)]);
  }
}, 120_000);

afterAll(async () => {
  if (started) await stopNode(started);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('node dist-server/server.js starts from a pruned install and answers /api/health', async () => {
  for (const buildTime of ['astro', 'tsx', 'react', 'vite', 'esbuild', 'typescript', '@scalar/api-reference', '@redocly/cli']) {
    expect(fs.existsSync(path.join(dir, 'node_modules', buildTime)), buildTime).toBe(false);
  }
  for (const runtime of ['hono', 'better-sqlite3', 'kysely', 'zod']) expect(fs.existsSync(path.join(dir, 'node_modules', runtime)), runtime).toBe(true);
  started = startNode(dir, ['dist-server/server.js'], { DATA_DIR: path.join(dir, 'data'), NODE_ENV: 'production' });
  const url = await started.url;
  const health = await fetch(`${url}/api/health`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
  const docs = await fetch(`${url}/api/openapi.json`);
  expect(docs.status).toBe(200);
  // /api/docs serves Scalar's bundle from the copy the server build put beside it (no CDN, no build-time package).
  const page = await (await fetch(`${url}/api/docs`)).text();
  const src = /<script src="(\/api\/docs\/scalar\.js\?v=[0-9a-f]+)"/.exec(page)?.[1];
  expect(src).toBeTruthy();
  const bundle = await fetch(`${url}${src}`);
  expect(bundle.status).toBe(200);
  expect(await bundle.text()).toContain('createApiReference');
  // Probes are logged at debug, not at the default info level; other API calls at info.
  for (let i = 0; i < 40 && !started.output().includes('"path":"/api/openapi.json"'); i++) await new Promise((r) => setTimeout(r, 50));
  expect(started.output()).toContain('"path":"/api/openapi.json"');
  expect(started.output()).not.toContain('"path":"/api/health"');
}, 60_000);
