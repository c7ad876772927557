// npm run build:site: build the public site into a fresh folder and swap it in
// only when it succeeds (portal-api/src/site/build.ts). A server running from
// dist/ meanwhile keeps answering from the previous build.
import { buildSite } from '../src/site/build.ts';
import { configOrExit } from './cli-args.ts';

const { distDir } = configOrExit();
const outcome = await buildSite({ distDir, echo: true });
if (!outcome.ok) {
  console.error(`\nThe site build failed; ${distDir} is unchanged.\n${outcome.error}`);
  process.exit(1);
}
console.log(`Site built in ${(outcome.ms / 1000).toFixed(1)} s and swapped into ${distDir}.`);
