// npm run build:server: compile the server and its operator scripts to plain
// JavaScript in dist-server/, so production runs `node dist-server/server.js`
// with production dependencies only (no tsx, no TypeScript at start).
// Packages stay external: they come from node_modules at run time, and native
// addons (better-sqlite3, sharp, argon2) cannot be bundled anyway.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { BUNDLE_IN_DIST, scalarBundlePath } from '../src/http/docs.ts';

// An argument names another folder (the pruned-install test builds into a temporary one).
const outdir = process.argv[2] ?? 'dist-server';
fs.rmSync(outdir, { recursive: true, force: true });
// The commit the server is built from, for /api/health and the start line (src/version.ts). In a
// build without git (a Docker build stage), GIT_COMMIT may name it: docker build --build-arg GIT_COMMIT=….
function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return process.env.GIT_COMMIT?.slice(0, 12) || null;
  }
}
const result = await build({
  define: { __BUILD_COMMIT__: JSON.stringify(commit() ?? '') },
  entryPoints: {
    server: 'portal-api/src/server.ts',
    'create-admin': 'portal-api/scripts/create-admin.ts',
    backup: 'portal-api/scripts/backup.ts',
    restore: 'portal-api/scripts/restore.ts',
    migrate: 'portal-api/scripts/migrate.ts',
    // Worker threads started from a file: each needs its own entry, at the top of
    // outdir where the bundled code that starts it looks (sheet-index/indexer.ts).
    // (The SQLite checkpoint worker is source text run with eval: nothing to build.)
    'index-worker': 'portal-api/src/modules/sheet-index/index-worker.ts',
  },
  // Chunks beside the entries, so `new URL('./index-worker.js', import.meta.url)` finds it from any of them.
  chunkNames: '[name]-[hash]',
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.12',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
});
// /api/docs serves Scalar's browser bundle from this server, never from a CDN. It
// comes with a build-time package, so the compiled server carries its own copy.
const bundle = scalarBundlePath();
if (!bundle) throw new Error('@scalar/api-reference is not installed: run npm ci (with dev dependencies) before npm run build:server.');
fs.mkdirSync(path.join(outdir, path.dirname(BUNDLE_IN_DIST)), { recursive: true });
fs.copyFileSync(bundle, path.join(outdir, BUNDLE_IN_DIST));
// Every worker file the code starts must be there.
for (const worker of ['index-worker.js']) {
  if (!fs.existsSync(path.join(outdir, worker))) throw new Error(`${worker} missing from ${outdir}/`);
}
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`Server compiled into ${outdir}/ (${(bytes / 1024).toFixed(0)} KiB with source maps).`);
