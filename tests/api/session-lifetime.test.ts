import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, hashToken, SESSION_MAX_AGE_MS } from '../../portal-api/src/modules/auth/session.ts';
import { ADMIN, startTestServer, type TestServer } from './harness.ts';

// A session created 400 days ago was extended for another 30
// days on use. Sessions now end 90 days after sign-in, whatever their use.

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
let adminId: string;

beforeAll(async () => {
  server = await startTestServer();
  adminId = (await server.deps.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.stop();
});

/** A session whose row says it was created `ageDays` ago and expires in `expiresInDays`. */
async function backdated(ageDays: number, expiresInDays: number): Promise<string> {
  const { token } = await createSession(server.deps.db, adminId);
  await server.deps.db
    .updateTable('sessions')
    .set({
      created_at: new Date(Date.now() - ageDays * DAY).toISOString(),
      expires_at: new Date(Date.now() + expiresInDays * DAY).toISOString(),
    })
    .where('id', '=', hashToken(token))
    .execute();
  return token;
}

const expiresAt = async (token: string) =>
  Date.parse(
    (await server.deps.db.selectFrom('sessions').select('expires_at').where('id', '=', hashToken(token)).executeTakeFirstOrThrow())
      .expires_at,
  );

describe('absolute session lifetime', () => {
  it('is 90 days', () => {
    expect(SESSION_MAX_AGE_MS).toBe(90 * DAY);
  });

  it('refuses and deletes a session created 400 days ago, even one that would slide', async () => {
    const token = await backdated(400, 10);
    const res = await server.call('GET', '/api/users/profile', { token });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Your session has expired. Please sign in again.');
    expect(await server.deps.db.selectFrom('sessions').select('id').where('id', '=', hashToken(token)).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a session just past 90 days', async () => {
    const token = await backdated(90.01, 20);
    expect((await server.call('GET', '/api/users/profile', { token })).status).toBe(401);
  });

  it('slides a session of 80 days only up to its 90-day end, and a young one by 30 days', async () => {
    const old = await backdated(80, 5);
    expect((await server.call('GET', '/api/users/profile', { token: old })).status).toBe(200);
    const end = await expiresAt(old);
    expect(end).toBeLessThanOrEqual(Date.now() + 10 * DAY + 1000);
    expect(end).toBeGreaterThan(Date.now() + 9.9 * DAY);

    const young = await backdated(1, 5);
    expect((await server.call('GET', '/api/users/profile', { token: young })).status).toBe(200);
    expect(await expiresAt(young)).toBeGreaterThan(Date.now() + 29.9 * DAY);
  });
});
