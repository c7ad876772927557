// npm run lint:openapi: write the server's OpenAPI document to a file (for
// Redocly lint in CI, or for client generators). Boots the real app on a
// throwaway data folder and port, so the file is exactly what /api/openapi.json serves.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { startServer } from '../src/server.ts';

const out = path.resolve(process.argv[2] ?? 'openapi.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estimating-openapi-'));
const running = await startServer(
  loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' }),
  pino({ level: 'silent' }),
);
try {
  const res = await fetch(`${running.url}/api/openapi.json`);
  if (!res.ok) throw new Error(`/api/openapi.json answered ${res.status}`);
  fs.writeFileSync(out, `${JSON.stringify(await res.json(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${out}`);
} finally {
  await running.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
