// npm start (a full checkout): build the site if it is missing or older than
// its sources, then serve from the TypeScript sources. A failed build keeps the
// last good dist/ and says why; with no good build at all it stops with that
// one message. Production images run the compiled server instead:
// `node dist-server/server.js` (docs/operations.md).
import fs from 'node:fs';
import path from 'node:path';
import { buildSite, type BuildOutcome } from '../src/site/build.ts';
import { configOrExit } from './cli-args.ts';

function newestMtime(dir: string): number {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const { distDir } = configOrExit();
const built = path.join(distDir, 'index.html');
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
let startBuild: BuildOutcome | undefined;
const sourcesAt = Math.max(newestMtime('site'), newestMtime('content'), newestMtime('public'), fs.statSync('astro.config.mjs').mtimeMs);
if (builtAt < sourcesAt) {
  // Astro's own output stays quiet here: on failure the one message below says what to fix.
  console.log(builtAt ? 'Site sources changed: rebuilding the site…' : 'No site build yet: building the site…');
  const outcome = await buildSite({ distDir });
  startBuild = outcome;
  if (!outcome.ok && !builtAt) {
    console.error(`\nThe site could not be built, and there is no earlier build to serve:\n${outcome.error}`);
    process.exit(1);
  }
  if (outcome.ok) console.log(`Site built in ${(outcome.ms / 1000).toFixed(1)} s.`);
  // A failure with an earlier build: the server logs it as one JSON line and the admin's
  // rebuild status shows it (Fix it, then restart or use the Rebuild button).
}
await import('../src/server.ts').then((m) => m.main({ startBuild }));
