import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../portal-api/src/config.ts';
import { PG_CONNECT_TIMEOUT_MS } from '../../portal-api/src/db/pg-pool.ts';
import { listenError } from '../../portal-api/src/server.ts';
import { cleanupAfterEach } from './cleanups.ts';
import { runServer } from './process.ts';

// Start errors that did not name the setting behind them
// (`getaddrinfo ENOTFOUND no.such.host.invalid`, `connect ECONNREFUSED 127.0.0.1:1`,
// `file is not a database`), or no error at all (a DIST_DIR without a build).
// Each is now one line naming it, and exit 1.

const { tempDir } = cleanupAfterEach();

async function expectOneLine(env: Record<string, string>, line: string) {
  const result = await runServer(env);
  expect(result.code).toBe(1);
  expect(result.stderr.trim()).toBe(line);
  expect(`${result.output}${result.stderr}`).not.toMatch(/^\s+at /m);
  return result;
}

describe('start errors name the setting', { timeout: 60_000 }, () => {
  it('a HOST that does not resolve', async () => {
    await expectOneLine(
      { DATA_DIR: await tempDir('estimating-start-'), HOST: 'no.such.host.invalid' },
      'Invalid environment variable HOST="no.such.host.invalid": the name does not resolve',
    );
  });

  it('a PostgreSQL server that refuses: DATABASE_URL with host and port, never the password', async () => {
    const result = await expectOneLine(
      { DATA_DIR: await tempDir('estimating-start-'), DATABASE_URL: 'postgres://estimator:s3cret-pw@127.0.0.1:1/estimating' },
      'Cannot start: DATABASE_URL postgres://127.0.0.1:1/estimating is not usable: the connection was refused.',
    );
    expect(`${result.output}${result.stderr}`).not.toContain('s3cret-pw');
  });

  it('a PostgreSQL server that never answers: refused after the connect timeout, not after the OS TCP timeout', async () => {
    // A port that takes the connection and then stays silent, like a host behind a firewall that drops packets.
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const started = Date.now();
      await expectOneLine(
        { DATA_DIR: await tempDir('estimating-start-'), DATABASE_URL: `postgres://estimator:s3cret-pw@127.0.0.1:${port}/estimating` },
        `Cannot start: DATABASE_URL postgres://127.0.0.1:${port}/estimating is not usable: the server did not answer.`,
      );
      expect(Date.now() - started).toBeLessThan(PG_CONNECT_TIMEOUT_MS + 15_000);
    } finally {
      silent.close();
    }
  });

  it('a file that is not a SQLite database: its path', async () => {
    const dir = await tempDir('estimating-start-');
    await fs.writeFile(path.join(dir, 'app.db'), 'this is not a database, '.repeat(200));
    await expectOneLine(
      { DATA_DIR: dir },
      `Cannot start: ${path.join(dir, 'app.db')} is not a SQLite database (check DATA_DIR and DATABASE_URL, or restore a backup).`,
    );
  });

  it('a DIST_DIR with no site build in it (every page would answer 404 while /api/ready said 200)', async () => {
    const dist = await tempDir('estimating-no-build-');
    await expectOneLine(
      { DATA_DIR: await tempDir('estimating-start-'), DIST_DIR: dist },
      `Invalid environment variable DIST_DIR=${JSON.stringify(dist)}: no site build there (no index.html): run \`npm run build\` or fix the path`,
    );
  });

  it('a damaged SQLite database: its path', async () => {
    const dir = await tempDir('estimating-start-');
    const file = path.join(dir, 'elsewhere.db');
    const db = new SQLite(file);
    db.exec('create table t (a text); insert into t values (1)');
    db.close();
    // A valid header over a schema page of garbage: SQLITE_CORRUPT on the first read.
    const bytes = await fs.readFile(file);
    bytes.fill(0xee, 100, 4096);
    await fs.writeFile(file, bytes);
    await expectOneLine(
      { DATA_DIR: dir, DATABASE_URL: file },
      `Cannot start: the database ${file} is damaged: restore a backup (docs/operations.md).`,
    );
  });
});

describe('why the server could not listen, in one line', () => {
  const config = { port: 80, host: '0.0.0.0' };
  const failed = (code: string) => Object.assign(new Error(`listen ${code}`), { code });
  it('names the privilege a port below 1024 needs (root on this machine cannot meet EACCES for real)', () => {
    const err = listenError(failed('EACCES'), config);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(
      'Port 80 needs a privilege this process does not have: use a port above 1023 (e.g. PORT=3000) behind a proxy, or grant it (setcap cap_net_bind_service=+ep on node).',
    );
  });
  it('says a port is taken, and leaves an error it does not know as it is', () => {
    expect((listenError(failed('EADDRINUSE'), config) as Error).message).toBe(
      'Port 80 on 0.0.0.0 is already in use: stop the other server or set PORT (e.g. in .env).',
    );
    const other = failed('EMFILE');
    expect(listenError(other, config)).toBe(other);
  });
});
