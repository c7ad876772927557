import { sql } from 'kysely';
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
    expect(res.body).toEqual({ message: 'Database migrations are not applied.' });
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  });

  it('answers 503 when the database is unreachable, and health says so too', async () => {
    server = await startTestServer();
    await server.deps.db.destroy();
    const ready = await server.call('GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ message: 'Database unreachable.' });
    expect((await server.call('GET', '/api/health')).status).toBe(503);
  });
});
