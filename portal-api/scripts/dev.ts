// npm run dev: the API in watch mode on PORT (4321) and Astro's dev server on
// DEV_PORT (4322), which proxies /api, /ws and /uploads to the API. Both ports
// can be set in .env. Content schema errors show in the browser overlay
// (astro.config.mjs "content errors in the overlay").
import { spawn } from 'node:child_process';
import path from 'node:path';

const devPort = process.env.DEV_PORT ?? '4322';
if (!/^\d+$/.test(devPort)) {
  console.error(`Invalid environment variable DEV_PORT=${JSON.stringify(devPort)}: must be a whole number`);
  process.exit(1);
}
console.log(`Open http://127.0.0.1:${devPort} (Astro dev server; the API listens on PORT=${process.env.PORT ?? '4321'}).`);
const children = [
  spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'watch', 'portal-api/src/server.ts'], { stdio: 'inherit' }),
  spawn(process.execPath, [path.resolve('node_modules/astro/bin/astro.mjs'), 'dev', '--port', devPort], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_DEV: '1', DEV_PORT: devPort },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
