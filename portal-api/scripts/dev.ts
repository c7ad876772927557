// npm run dev: the API in watch mode on PORT (4321) and Astro's dev server on 4322,
// which proxies /api, /ws and /uploads to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';

const children = [
  spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'watch', 'portal-api/src/server.ts'], { stdio: 'inherit' }),
  spawn(process.execPath, [path.resolve('node_modules/astro/bin/astro.mjs'), 'dev', '--port', '4322'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_DEV: '1' },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
