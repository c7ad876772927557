import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createClient, mailsTo, signIn, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { STAFF_TEXTS } from '../../portal-api/src/modules/users/staff.labels.ts';
import { openSocket } from './socket.ts';
import { invitationLink, inviteAdmin } from './staff-accounts.ts';
import { submitQuery } from './submit-query.ts';

// docs/product.md §25 "Staff": invitations, the one-time link, disabling, the last active admin.

let server: TestServer;
let admin: string;
let adminId: string;
const logs: string[] = [];
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

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

  it("refuses the inviter's own address with a sentence under the field, and mails nobody", async () => {
    const before = (await mailsTo(server, ADMIN.email)).length;
    for (const email of [ADMIN.email, ` ${ADMIN.email.toUpperCase()} `]) {
      const res = await server.call('POST', '/api/staff/invitations', { token: admin, json: { email } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: STAFF_TEXTS.inviteSelf, code: 'invalid_input', field: 'email' });
    }
    expect((await mailsTo(server, ADMIN.email)).length).toBe(before);
    expect(
      await server.deps.db.selectFrom('staff_invitations').select('id').where('email', '=', ADMIN.email).executeTakeFirst(),
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

  it('stops their signed links at once, with the message and code of a dead link', async () => {
    const b = await inviteAdmin(server, admin);
    const client = await createClient(server, admin);
    const queryId = await submitQuery(server, client.token, 'Disabled estimator links');
    // Links handed to B: a request file and the plans' ZIP (workspace), a chat file B sent, a saved reply's file.
    const ws = await server.call('GET', `/api/queries/${queryId}/workspace`, { token: b.token });
    const chatFile = new FormData();
    chatFile.append('files[]', new Blob([PDF], { type: 'application/pdf' }), 'takeoff.pdf');
    const sent = await server.call('POST', `/api/chats/query/${queryId}/files`, { token: b.token, form: chatFile });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const replyFile = new FormData();
    replyFile.append('title', `Sample ${b.id}`);
    replyFile.append('body', 'Here is a sample takeoff.');
    replyFile.append('files[]', new Blob([PDF], { type: 'application/pdf' }), 'sample.pdf');
    const reply = await server.call('POST', '/api/saved-replies', { token: b.token, form: replyFile });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    // And a file the client sent while B watched the chat: B's copy of the live frame is B's link.
    const socket = await openSocket(server.url);
    socket.ws.send(JSON.stringify({ type: 'joinRoom', token: b.token, queryId }));
    await socket.next((f) => f.type === 'joined');
    const clientFile = new FormData();
    clientFile.append('files[]', new Blob([PDF], { type: 'application/pdf' }), 'addendum.pdf');
    expect((await server.call('POST', `/api/chats/query/${queryId}/files`, { token: client.token, form: clientFile })).status).toBe(201);
    const live = await socket.next((f) => f.type === 'receiveMessage' && f.message.file?.name === 'addendum.pdf');
    socket.ws.close();
    const links = [
      ws.body.data.query.files[0].url,
      ws.body.data.filesZipUrl,
      sent.body.data.file.url,
      reply.body.data.files[0].url,
      live.message.file.url,
    ].map((url: string) => new URL(url, server.url));
    for (const link of links) expect((await fetch(link)).status, link.pathname).toBe(200);

    expect((await server.call('POST', `/api/staff/${b.id}/disable`, { token: admin })).status).toBe(200);
    for (const link of links) {
      const res = await fetch(link);
      expect(res.status, link.pathname).toBeGreaterThanOrEqual(400);
      expect(res.status, link.pathname).toBeLessThan(500);
      expect(await res.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    }
    // Enabled again, the same links open again: they were refused for who holds them, not revoked.
    expect((await server.call('POST', `/api/staff/${b.id}/enable`, { token: admin })).status).toBe(200);
    expect((await fetch(links[0]!)).status).toBe(200);
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
