// A migrated, seeded database made once per test run (vitest's globalSetup of the api project,
// vitest.config.ts) and copied for each test server that needs no private configuration: a
// SQLite file copy, or on PostgreSQL `CREATE DATABASE … TEMPLATE`. Each test file still gets a
// database of its own, without paying for the migrations and the first admin's password hash
// again (docs/testing.md "API tests: servers and databases").
// Beside it, in a child process, the server is compiled for the tests that start it as a
// process (compiled-server.ts): the two together take about the time of the longer one.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../portal-api/src/config.ts';
import { startServer } from '../../portal-api/src/server.ts';
import { buildServer, COMPILED_ENV } from './compiled-server.ts';
import { ADMIN, createTestDatabase } from './harness.ts';

/** Where the template lives, for the test processes (set before vitest starts its workers). */
export const TEMPLATE_ENV = 'ESTIMATING_TEST_TEMPLATE';
export type Template = { sqliteFile: string | null; pgName: string | null };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [built, made] = await Promise.allSettled([buildServer(), makeTemplate()]);
  if (built.status === 'rejected' || made.status === 'rejected') {
    if (built.status === 'fulfilled') await built.value.remove();
    if (made.status === 'fulfilled') await made.value.remove();
    throw built.status === 'rejected' ? built.reason : (made as PromiseRejectedResult).reason;
  }
  const build = built.value;
  process.env[COMPILED_ENV] = build.dir;
  // In watch mode a rerun follows an edit: compile again, or it would test the first build.
  project.onTestsRerun(() => build.rebuild());
  process.env[TEMPLATE_ENV] = JSON.stringify(made.value.template);
  return async () => {
    try {
      await made.value.remove();
    } finally {
      await build.remove();
    }
  };
}

async function makeTemplate(): Promise<{ template: Template; remove: () => Promise<void> }> {
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
  const remove = async () => {
    try {
      await pgDatabase?.drop();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  };
  try {
    const server = await startServer(loadConfig(env), pino({ level: 'silent' }));
    await server.swept;
    // Closed before copying: SQLite's WAL is folded into the file, PostgreSQL's connections end
    // (a template must have none while it is copied).
    await server.close();
  } catch (err) {
    await remove().catch(() => undefined);
    throw err;
  }
  return { template: { sqliteFile: pgDatabase ? null : path.join(dir, 'app.db'), pgName: pgDatabase?.name ?? null }, remove };
}
