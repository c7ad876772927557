// A migrated, seeded database made once per test run (vitest's globalSetup of the api project,
// vitest.config.ts) and copied for each test server that needs no private configuration: a
// SQLite file copy, or on PostgreSQL `CREATE DATABASE … TEMPLATE`. Each test file still gets a
// database of its own, without paying for the migrations and the first admin's password hash
// again (docs/testing.md "API tests: servers and databases").
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../portal-api/src/config.ts';
import { startServer } from '../../portal-api/src/server.ts';
import { ADMIN, createTestDatabase } from './harness.ts';

/** Where the template lives, for the test processes (set before vitest starts its workers). */
export const TEMPLATE_ENV = 'ESTIMATING_TEST_TEMPLATE';
export type Template = { sqliteFile: string | null; pgName: string | null };

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'estimating-template-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDatabase = adminUrl ? await createTestDatabase(adminUrl) : null;
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
  };
  try {
    const server = await startServer(loadConfig(env), pino({ level: 'silent' }));
    await server.swept;
    // Closed before copying: SQLite's WAL is folded into the file, PostgreSQL's connections end
    // (a template must have none while it is copied).
    await server.close();
  } catch (err) {
    await pgDatabase?.drop().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
  const template: Template = { sqliteFile: pgDatabase ? null : path.join(dir, 'app.db'), pgName: pgDatabase?.name ?? null };
  process.env[TEMPLATE_ENV] = JSON.stringify(template);
  return async () => {
    await pgDatabase?.drop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
