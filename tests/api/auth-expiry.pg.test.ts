import { describe, expect, it } from 'vitest';
import { insertCode } from '../../portal-api/src/modules/auth/otp.repo.ts';
import { createSession, hashToken } from '../../portal-api/src/modules/auth/session.ts';
import { newId } from '../../portal-api/src/lib/ids.ts';
import { ADMIN, createTestDatabase, startTestServer, type TestServer } from './harness.ts';
import { cleanupAfterEach } from './cleanups.ts';
import { until } from './until.ts';

// Every sign-in writes a session and a one-time code. A job that runs at start and every hour
// (modules/auth/auth.expiry.ts) deletes the sessions past their expiry and the codes a day past
// theirs, so neither table grows for as long as the portal runs. Both engines: the deletes go
// through the indexes of migration 20261201T0300.

const { cleanups, tempDir } = cleanupAfterEach();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

async function start(env: Record<string, string>): Promise<TestServer> {
  const s = await startTestServer(env);
  cleanups.push(() => s.stop());
  return s;
}

describe('expired sessions and sign-in codes', () => {
  it('are deleted when the server starts; live ones, and codes expired within the day, stay', { timeout: 60_000 }, async () => {
    const env: Record<string, string> = {
      DATA_DIR: await tempDir('estimating-auth-expiry-'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    if (process.env.TEST_DATABASE_URL) {
      const database = await createTestDatabase(process.env.TEST_DATABASE_URL);
      cleanups.push(() => database.drop());
      env.DATABASE_URL = database.url;
    }

    const first = await start(env);
    const db = first.deps.db;
    const adminId = (await db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
    const live = (await createSession(db, adminId)).token;
    const gone = (await createSession(db, adminId)).token;
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - HOUR).toISOString() })
      .where('id', '=', hashToken(gone))
      .execute();
    const code = (id: string, expiresAt: Date) =>
      insertCode(db, {
        id,
        email: ADMIN.email,
        userId: adminId,
        purpose: 'login',
        codeHash: 'x',
        challengeHash: null,
        expiresAt,
        now: new Date(expiresAt.getTime() - 10 * 60_000),
      });
    const [liveCode, lateCode, oldCode] = [newId(), newId(), newId()];
    await code(liveCode, new Date(Date.now() + 5 * 60_000));
    await code(lateCode, new Date(Date.now() - HOUR));
    await code(oldCode, new Date(Date.now() - 2 * DAY));
    await first.stop();

    const second = await start(env);
    const sessionIds = async () => (await second.deps.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    await until('the expired session to be deleted', async () => !(await sessionIds()).includes(hashToken(gone)), 10_000);
    await until(
      'the old code to be deleted',
      async () => !(await second.deps.db.selectFrom('one_time_codes').select('id').where('id', '=', oldCode).executeTakeFirst()),
      10_000,
    );
    expect(await sessionIds()).toContain(hashToken(live));
    const codes = (await second.deps.db.selectFrom('one_time_codes').select('id').execute()).map((r) => r.id);
    expect(codes).toEqual(expect.arrayContaining([liveCode, lateCode]));
    expect(codes).not.toContain(oldCode);
    // The live session still signs in; the expired one is refused as before.
    expect((await second.call('GET', '/api/users/profile', { token: live })).status).toBe(200);
    expect((await second.call('GET', '/api/users/profile', { token: gone })).status).toBe(401);
  });
});
