import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, latestCode, readOutbox, signIn, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// POST /api/auth/reset-password writes three things: the code is used up, the
// password set, every session of the user ended. They are one transaction: a
// fault in the last write leaves the code usable, the old password and the old
// sessions in place, so the person can simply try again.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Every delete from sessions fails, as a database fault at the reset's last write would. */
async function breakSessionDeletes(): Promise<() => Promise<void>> {
  const db = server.deps.db;
  if (server.deps.config.database.kind === 'postgres') {
    await sql
      .raw(`create function fail_sessions() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`)
      .execute(db);
    await sql.raw('create trigger fail_sessions before delete on sessions for each statement execute function fail_sessions()').execute(db);
    return async () => {
      await sql.raw('drop trigger fail_sessions on sessions').execute(db);
      await sql.raw('drop function fail_sessions()').execute(db);
    };
  }
  await sql.raw(`create trigger fail_sessions before delete on sessions begin select raise(abort, 'injected fault'); end`).execute(db);
  return async () => void (await sql.raw('drop trigger fail_sessions').execute(db));
}

describe('POST /api/auth/reset-password when its last write fails', () => {
  it('changes nothing: same password, code still usable, sessions kept; the retry then resets', async () => {
    const admin = await signInAdmin(server);
    const client = await createClient(server, admin, { fullName: 'Rosa Vidal' });
    const profile = (token: string) => server.call('GET', '/api/users/profile', { token });
    const passwordHash = async () =>
      (await server.deps.db.selectFrom('users').select('password_hash').where('id', '=', client.id).executeTakeFirstOrThrow())
        .password_hash;
    const hashBefore = await passwordHash();

    const seen = (await readOutbox(server.dataDir)).filter((m) => m.to.includes(client.email)).length;
    expect((await server.call('POST', '/api/auth/send-otp', { json: { email: client.email } })).status).toBe(200);
    const otp = await latestCode(server, client.email, seen);
    const verified = await server.call('POST', '/api/auth/login-verify-otp', { json: { email: client.email, otp } });
    expect(verified.status).toBe(200);
    const resetToken = verified.body.token as string;
    const reset = () =>
      server.call('POST', '/api/auth/reset-password', { json: { email: client.email, newPassword: 'brandnew6' }, token: resetToken });

    const repair = await breakSessionDeletes();
    const failed = await reset();
    await repair();
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ message: 'Internal server error', code: 'internal_error' });
    expect(await passwordHash()).toBe(hashBefore);
    expect((await profile(client.token)).status).toBe(200);

    // The code was not used up: the same reset token works once the fault is gone.
    const retried = await reset();
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe('Password reset successful!');
    expect(await passwordHash()).not.toBe(hashBefore);
    expect((await profile(client.token)).status).toBe(401);
    expect(await signIn(server, client.email, 'brandnew6')).toBeTruthy();
  });
});
