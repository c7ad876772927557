import path from 'node:path';

// Each Playwright worker drives its own server, on its own port and data folder: worker n (its
// TEST_PARALLEL_INDEX) takes E2E_PORT + n, so a run takes E2E_PORT and the next (workers - 1) ports.
// E2E_PORT picks the first, so that two runs on one machine do not collide.
const base = Number(process.env.E2E_PORT ?? 4390);
const port = base + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const E2E = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  dataDir: path.resolve(process.env.E2E_DATA_DIR ?? '.', `.e2e-data-${port}`),
  admin: { email: 'admin@example.com', password: 'Admin-Passw0rd!' },
} as const;
