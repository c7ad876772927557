import path from 'node:path';

// Each run may pick its own port (E2E_PORT) so that parallel runs do not collide.
const port = Number(process.env.E2E_PORT ?? 4390);
export const E2E = {
  port,
  baseURL: `http://127.0.0.1:${port}`,
  dataDir: path.resolve(process.env.E2E_DATA_DIR ?? `.e2e-data-${port}`),
  admin: { email: 'admin@example.com', password: 'Admin-Passw0rd!' },
} as const;
