// npm start: build the site if it is missing or older than its sources, then serve.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const built = path.resolve('dist/index.html');
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const sourcesAt = Math.max(newestMtime('site'), newestMtime('content'), newestMtime('public'), fs.statSync('astro.config.mjs').mtimeMs);
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Site sources changed: rebuilding…' : 'No site build yet: building…');
  const result = spawnSync(process.execPath, [path.resolve('node_modules/astro/bin/astro.mjs'), 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../src/server.ts').then((m) => m.main());
