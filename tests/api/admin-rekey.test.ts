import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../portal-api/src/modules/users/users.bootstrap.ts';
import { ADMIN, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// `create-admin` on an existing admin (users.bootstrap.ts upsertAdmin, which the command runs):
// a new password ends the account's sessions, as POST /auth/reset-password does, so an operator
// can lock out whoever holds a compromised admin's token; the same password (ADMIN_PASSWORD at
// every start of the server) keeps them.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const profile = async (token: string) => (await server.call('GET', '/api/users/profile', { token })).status;

describe('create-admin on an existing admin', () => {
  it('keeps the sessions when the password is the same (a restart with ADMIN_PASSWORD)', async () => {
    const token = await signInAdmin(server);
    expect(await upsertAdmin(server.deps.db, ADMIN.email, ADMIN.password)).toBe('updated');
    expect(await profile(token)).toBe(200);
  });

  it('ends every session of the account when the password is new', async () => {
    const first = await signInAdmin(server);
    const second = await signInAdmin(server);
    expect(await upsertAdmin(server.deps.db, ADMIN.email, 'A-brand-new-Passw0rd!')).toBe('updated');
    expect(await profile(first)).toBe(401);
    expect(await profile(second)).toBe(401);
    // Back to the harness's password for the tests that follow: that is a new password again.
    await upsertAdmin(server.deps.db, ADMIN.email, ADMIN.password);
    expect(await profile(await signInAdmin(server))).toBe(200);
  });
});
