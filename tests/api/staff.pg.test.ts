import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createClient, mailsTo, signIn, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket } from './socket.ts';
import { invitationLink, inviteAdmin } from './staff-accounts.ts';

// docs/product.md §25 "Staff": invitations, the one-time link, disabling, the last active admin.

let server: TestServer;
let admin: string;
let adminId: string;
const logs: string[] = [];

beforeAll(async () => {
  const { default: pino } = await import('pino');
  const log = pino({ level: 'debug' }, { write: (line: string) => void logs.push(line) });
  server = await startTestServer({}, { log });
  admin = await signInAdmin(server);
  adminId = (await server.deps.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.stop());

async function disableAllBut(token: string, keep: string) {
  const staff = await server.call('GET', '/api/staff', { token });
  for (const s of staff.body.data)
    if (s._id !== keep && s.status === 'active')
      expect((await server.call('POST', `/api/staff/${s._id}/disable`, { token })).status).toBe(200);
}

describe('inviting an admin', () => {
  it('mails a one-time link; the invitee sets a password and signs in with the e-mailed code', async () => {
    const b = await inviteAdmin(server, admin, 'Maria Lopez');
    const profile = await server.call('GET', '/api/users/profile', { token: b.token });
    expect(profile.body.data).toMatchObject({ fullName: 'Maria Lopez', role: 'admin' });
    const staff = await server.call('GET', '/api/staff', { token: b.token });
    expect(staff.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ _id: b.id, status: 'active' })]));
  });

  it('stores only the hash of the token and never logs it', async () => {
    const email = `hash-${Date.now()}@example.com`;
    await server.call('POST', '/api/staff/invitations', { token: admin, json: { email } });
    const { token } = await invitationLink(server, email);
    const row = await server.deps.db.selectFrom('staff_invitations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    await server.call('POST', '/api/staff/invitations/accept', {
      json: { email, token, fullName: 'Hash Check', password: 'Staff-Passw0rd' },
    });
    expect(logs.join('\n')).not.toContain(token);
  });

  it('refuses a used link, another e-mail, a wrong token and an expired link', async () => {
    const email = `once-${Date.now()}@example.com`;
    await server.call('POST', '/api/staff/invitations', { token: admin, json: { email } });
    const { token } = await invitationLink(server, email);
    const body = { email, token, fullName: 'Once Only', password: 'Staff-Passw0rd' };

    const other = await server.call('POST', '/api/staff/invitations/accept', { json: { ...body, email: `x-${email}` } });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('invitation_invalid');
    const wrong = await server.call('POST', '/api/staff/invitations/accept', { json: { ...body, token: `${token}x` } });
    expect(wrong.body.code).toBe('invitation_invalid');

    expect((await server.call('POST', '/api/staff/invitations/accept', { json: body })).status).toBe(201);
    const again = await server.call('POST', '/api/staff/invitations/accept', { json: { ...body, password: 'Another-Passw0rd' } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invitation_invalid');
    // The first password stands.
    await expect(signIn(server, email, 'Staff-Passw0rd')).resolves.toBeTruthy();

    const late = `late-${Date.now()}@example.com`;
    await server.call('POST', '/api/staff/invitations', { token: admin, json: { email: late } });
    const expired = await invitationLink(server, late);
    // 72 hours and a second later: the row's expiry is in the past.
    await server.deps.db
      .updateTable('staff_invitations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', late)
      .execute();
    const tooLate = await server.call('POST', '/api/staff/invitations/accept', { json: { ...body, email: late, token: expired.token } });
    expect(tooLate.body.code).toBe('invitation_invalid');
    expect(await server.deps.db.selectFrom('users').select('id').where('email', '=', late).executeTakeFirst()).toBeUndefined();
  });

  it('sets the link to expire 72 hours after the invitation', async () => {
    const email = `ttl-${Date.now()}@example.com`;
    const before = Date.now();
    await server.call('POST', '/api/staff/invitations', { token: admin, json: { email } });
    const row = await server.deps.db.selectFrom('staff_invitations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const hours = (Date.parse(row.expires_at) - before) / 3600_000;
    expect(hours).toBeGreaterThanOrEqual(72);
    expect(hours).toBeLessThan(72.1);
  });

  it('answers the same for an address that has an account, and mails that address instead', async () => {
    const client = await createClient(server, admin);
    const fresh = await server.call('POST', '/api/staff/invitations', { token: admin, json: { email: `new-${Date.now()}@example.com` } });
    const known = await server.call('POST', '/api/staff/invitations', { token: admin, json: { email: client.email } });
    expect(known.status).toBe(fresh.status);
    expect(Object.keys(known.body)).toEqual(Object.keys(fresh.body));
    expect(known.body.message).toBe(`An invitation has been sent to ${client.email}.`);
    const mails = await mailsTo(server, client.email);
    expect(mails.at(-1)!.text).toContain('You already have an account');
    expect(mails.at(-1)!.text).not.toContain('staff-invite');
    // Nothing changed: still a client, no invitation stored.
    const row = await server.deps.db.selectFrom('users').select('role').where('id', '=', client.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('client');
    expect(
      await server.deps.db.selectFrom('staff_invitations').select('id').where('email', '=', client.email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a bad e-mail and a client inviting', async () => {
    expect((await server.call('POST', '/api/staff/invitations', { token: admin, json: { email: 'not-an-email' } })).status).toBe(400);
    const client = await createClient(server, admin);
    expect((await server.call('POST', '/api/staff/invitations', { token: client.token, json: { email: 'a@example.com' } })).status).toBe(
      403,
    );
    expect((await server.call('GET', '/api/staff', { token: client.token })).status).toBe(403);
  });
});

describe('disabling an admin', () => {
  it('ends their sessions and closes their sockets at once; they cannot sign in again', async () => {
    const b = await inviteAdmin(server, admin);
    const socket = await openSocket(server.url);
    socket.ws.send(JSON.stringify({ type: 'authenticateAdmin', token: b.token }));
    await socket.next((f) => f.type === 'authenticated');
    const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));

    const res = await server.call('POST', `/api/staff/${b.id}/disable`, { token: admin });
    expect(res.status).toBe(200);
    expect(await closed).toBe(4001);
    expect((await server.call('GET', '/api/users/profile', { token: b.token })).status).toBe(401);
    const login = await server.call('POST', '/api/auth/login', { json: { email: b.email, password: b.password } });
    expect(login.status).toBe(403);
    expect(login.body.code).toBe('account_disabled');
    const staff = await server.call('GET', '/api/staff', { token: admin });
    expect(staff.body.data.find((s: { _id: string }) => s._id === b.id).status).toBe('disabled');

    // Enabled again, they sign in with their password and a code.
    expect((await server.call('POST', `/api/staff/${b.id}/enable`, { token: admin })).status).toBe(200);
    await expect(signIn(server, b.email, b.password)).resolves.toBeTruthy();
  });

  it('never disables the last active admin', async () => {
    const a = await signInAdmin(server);
    await disableAllBut(a, adminId);
    const alone = await server.call('POST', `/api/staff/${adminId}/disable`, { token: a });
    expect(alone.status).toBe(409);
    expect(alone.body).toEqual({ message: 'The last active admin cannot be disabled.', code: 'last_admin' });
    const b = await inviteAdmin(server, a);
    expect((await server.call('POST', `/api/staff/${adminId}/disable`, { token: b.token })).status).toBe(200);
    expect((await server.call('GET', '/api/staff', { token: a })).status).toBe(401);
    const last = await server.call('POST', `/api/staff/${b.id}/disable`, { token: b.token });
    expect(last.body.code).toBe('last_admin');
    expect((await server.call('POST', `/api/staff/${adminId}/enable`, { token: b.token })).status).toBe(200);
  });

  it('keeps one active admin when two disable each other at once', async () => {
    const a = await signInAdmin(server);
    await disableAllBut(a, adminId);
    const b = await inviteAdmin(server, a);
    const [one, two] = await Promise.all([
      server.call('POST', `/api/staff/${b.id}/disable`, { token: a }),
      server.call('POST', `/api/staff/${adminId}/disable`, { token: b.token }),
    ]);
    expect([one.status, two.status].filter((s) => s === 200)).toHaveLength(1);
    // The other is refused: its session ended first (401), or it found itself the last one (409).
    expect([one.status, two.status].filter((s) => s !== 200)[0]).toBeOneOf([401, 409]);
    const active = (
      await server.deps.db.selectFrom('users').select('id').where('role', '=', 'admin').where('status', '!=', 'disabled').execute()
    ).length;
    expect(active).toBe(1);
    // Back to the first admin for the rest of the file.
    await server.deps.db.updateTable('users').set({ status: 'approved' }).where('id', '=', adminId).execute();
  });

  it('keeps create-admin working: it makes an admin active again', async () => {
    const { upsertAdmin } = await import('../../portal-api/src/modules/users/users.bootstrap.ts');
    const b = await inviteAdmin(server, await signInAdmin(server));
    await server.call('POST', `/api/staff/${b.id}/disable`, { token: await signInAdmin(server) });
    await upsertAdmin(server.deps.db, b.email, 'Rekeyed-Passw0rd');
    await expect(signIn(server, b.email, 'Rekeyed-Passw0rd')).resolves.toBeTruthy();
  });
});
