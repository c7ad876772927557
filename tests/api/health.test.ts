import fs from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

// /api/health says the process is alive; /api/ready says it can serve:
// database reachable and every migration applied (for a load balancer).

describe('readiness', () => {
  let server: TestServer | null = null;
  afterEach(async () => {
    await server?.stop();
    server = null;
  });

  it('is ready once the database is migrated', async () => {
    server = await startTestServer();
    const res = await server.call('GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: 'ok', migrations: 'applied', mail: { pending: 0, oldestUnsentSeconds: 0 } });
  });

  it('answers 503 while a migration is not applied', async () => {
    server = await startTestServer();
    await sql`delete from kysely_migration`.execute(server.deps.db);
    const res = await server.call('GET', '/api/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: 'Database migrations are not applied.', code: 'service_unavailable' });
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  });

  it('answers 503 when the database is unreachable, and health says so too', async () => {
    server = await startTestServer();
    await server.deps.db.destroy();
    const ready = await server.call('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ message: 'Database unreachable.', code: 'database_unreachable' });
    expect((await server.call('GET', '/api/health')).status).toBe(503);
  });

  it('logs probes at debug whatever they answer: one error line when readiness starts failing, one info line when it passes again', async () => {
    // A failing /api/ready was logged at error on every probe.
    const lines: Array<{ level: number; msg: string; path?: string; probe?: string; problem?: string }> = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(
          ...chunk
            .toString()
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l)),
        );
        done();
      },
    });
    server = await startTestServer({}, { log: pino({ level: 'info' }, sink) });
    const probes = async (status: number) => {
      for (let i = 0; i < 3; i++) expect((await server!.call('GET', '/api/ready')).status).toBe(status);
    };
    const tmp = path.join(server.deps.storage.root, 'tmp');
    await probes(200);
    await fs.rm(tmp, { recursive: true });
    await fs.writeFile(tmp, 'a file where the folder should be');
    await probes(503);
    await fs.rm(tmp);
    await fs.mkdir(tmp);
    await probes(200);

    expect(lines.filter((l) => l.path === '/api/ready')).toEqual([]);
    const probeLines = lines.filter((l) => l.probe === '/api/ready');
    expect(probeLines.map((l) => [l.level, l.msg.replace(/: .*/, '')])).toEqual([
      [50, '/api/ready fails'],
      [30, '/api/ready passes again'],
    ]);
    expect(probeLines[0]!.problem).toMatch(/^The upload folder is not writable/);
  });
});
