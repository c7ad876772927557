import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_CLOSE } from '../../portal-api/src/modules/chats/chats.labels.ts';
import { COMPANY_TEXTS } from '../../portal-api/src/modules/companies/companies.labels.ts';
import { createClient, signIn, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket } from './socket.ts';
import { submitQuery } from './submit-query.ts';
import { until } from './until.ts';

// Colleagues on a client account (docs/product.md, "Colleagues"): invitations, membership, who
// sees which request, removal that ends access at once, and who gets a request's mails.

let server: TestServer;
let admin: string;
let owner: Awaited<ReturnType<typeof createClient>>;
let stranger: Awaited<ReturnType<typeof createClient>>;
let queryId: string;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  owner = await createClient(server, admin, { fullName: 'Olivia Owner' });
  stranger = await createClient(server, admin, { fullName: 'Sam Stranger' });
  queryId = await submitQuery(server, owner.token, 'Brickell tower concrete takeoff', { projectName: 'Brickell Tower' });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** The invitation token of the newest invitation mail to `email` (it rides in the link's fragment). */
async function inviteToken(email: string): Promise<string> {
  const mail = await until(`invitation mail to ${email}`, async () =>
    (await server.outbox()).filter((m) => m.to.includes(email) && /invited you/.test(m.subject)).at(-1),
  );
  const match = /#invite=([A-Za-z0-9%_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

/** The owner invites a new address; the colleague signs up through the link and is approved. */
async function joinColleague(fullName = `Colleague ${++counter}`) {
  const email = `colleague${counter}-${Date.now()}@example.com`;
  const invited = await server.call('POST', '/api/companies/me/invites', { json: { email }, token: owner.token });
  expect(invited.status).toBe(201);
  const token = await inviteToken(email);
  const password = 'Colleague-Passw0rd';
  const reg = await server.call('POST', '/api/auth/register', { json: { fullName, email, password, invite: token } });
  expect(reg.status).toBe(201);
  const row = await server.deps.db
    .selectFrom('users')
    .select(['id', 'company_id', 'status'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('pending');
  expect((await server.call('POST', `/api/auth/approve/${row.id}`, { token: admin })).status).toBe(200);
  return { id: row.id, email, fullName, password, token: await signIn(server, email, password), invite: token };
}

describe('invitations', () => {
  it('lets the owner invite a colleague who signs up into the same company, pending approval', async () => {
    const c = await joinColleague('Carl Colleague');
    const team = await server.call('GET', '/api/companies/me', { token: c.token });
    expect(team.status).toBe(200);
    expect(team.body.data.members.map((m: { email: string }) => m.email)).toEqual(expect.arrayContaining([owner.email, c.email]));
    expect(team.body.data.isOwner).toBe(false);
    // The admin's list names the company and who invited them.
    const users = await server.call('GET', '/api/users?pageSize=100', { token: admin });
    const listed = users.body.data.find((u: { _id: string }) => u._id === c.id);
    expect(listed.invitedBy).toEqual({ _id: owner.id, fullName: owner.fullName });
    expect(listed.company.name).toBe('Olivia Owner');
  });

  it('lists an address invited twice once, and only its newest link works', async () => {
    const email = `twice-${Date.now()}@example.com`;
    expect((await server.call('POST', '/api/companies/me/invites', { json: { email }, token: owner.token })).status).toBe(201);
    const first = await inviteToken(email);
    expect((await server.call('POST', '/api/companies/me/invites', { json: { email }, token: owner.token })).status).toBe(201);
    const second = await until('a second invitation mail', async () => {
      const token = await inviteToken(email);
      return token !== first ? token : undefined;
    });
    const team = await server.call('GET', '/api/companies/me', { token: owner.token });
    expect(team.body.data.invites.filter((i: { email: string }) => i.email === email)).toHaveLength(1);
    const old = await server.call('POST', '/api/companies/invites/lookup', { json: { invite: first } });
    expect(old.status).toBe(400);
    expect(old.body.code).toBe('invite_invalid');
    expect((await server.call('POST', '/api/companies/invites/lookup', { json: { invite: second } })).status).toBe(200);
  });

  it('uses an invitation once', async () => {
    const c = await joinColleague();
    const again = await server.call('POST', '/api/auth/register', {
      json: { fullName: 'Second Use', email: c.email, password: 'Second-Passw0rd', invite: c.invite },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'invite_invalid', message: COMPANY_TEXTS.inviteInvalid });
  });

  it('refuses an invitation for another e-mail, and an expired one', async () => {
    const email = `other-${Date.now()}@example.com`;
    await server.call('POST', '/api/companies/me/invites', { json: { email }, token: owner.token });
    const token = await inviteToken(email);
    const other = await server.call('POST', '/api/auth/register', {
      json: { fullName: 'Wrong Address', email: `someone-else-${Date.now()}@example.com`, password: 'Wrong-Passw0rd', invite: token },
    });
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('invite_other_email');
    await server.deps.db
      .updateTable('company_invites')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', email)
      .execute();
    const late = await server.call('POST', '/api/auth/register', {
      json: { fullName: 'Late Person', email, password: 'Late-Passw0rd', invite: token },
    });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('invite_expired');
    expect(await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('stores only a hash of the token and refuses made-up tokens', async () => {
    const email = `hash-${Date.now()}@example.com`;
    await server.call('POST', '/api/companies/me/invites', { json: { email }, token: owner.token });
    const token = await inviteToken(email);
    const row = await server.deps.db
      .selectFrom('company_invites')
      .select('token_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    const lookup = await server.call('POST', '/api/companies/invites/lookup', { json: { invite: token } });
    expect(lookup.body.data).toEqual({ email, companyName: 'Olivia Owner', invitedBy: 'Olivia Owner' });
    for (const invite of ['nope', "' or 1=1 --", 'x'.repeat(100)]) {
      const res = await server.call('POST', '/api/companies/invites/lookup', { json: { invite } });
      expect(res.status).toBe(400);
    }
  });

  it('answers the same for an address that has an account, and mails that address', async () => {
    const before = (await server.outbox()).filter((m) => m.to.includes(stranger.email)).length;
    const res = await server.call('POST', '/api/companies/me/invites', { json: { email: stranger.email }, token: owner.token });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: COMPANY_TEXTS.inviteSent });
    await until(
      'a mail to the existing account',
      async () => (await server.outbox()).filter((m) => m.to.includes(stranger.email)).length > before,
    );
    expect(
      await server.deps.db.selectFrom('company_invites').select('id').where('email', '=', stranger.email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('names the inviter once in the mails of a company named after them, as the sign-up page does', async () => {
    // Olivia's company took her name at sign-up (the lookup above answers it): 'their team' stands for it.
    const known = await createClient(server, admin, { fullName: 'Kim Known' });
    const email = `their-team-${Date.now()}@example.com`;
    for (const to of [email, known.email])
      expect((await server.call('POST', '/api/companies/me/invites', { json: { email: to }, token: owner.token })).status).toBe(201);
    const mailTo = (to: string) =>
      until(`the invitation mail to ${to}`, async () =>
        (await server.outbox()).find((m) => m.to.includes(to) && m.subject.startsWith('Olivia Owner invited you')),
      );
    const [invite, existing] = [await mailTo(email), await mailTo(known.email)];
    for (const mail of [invite, existing]) {
      expect(mail.subject).toBe('Olivia Owner invited you to their team on the client portal');
      expect(mail.text).not.toContain('join Olivia Owner');
      expect(mail.html).not.toContain('join Olivia Owner');
    }
    expect(invite.text).toContain(
      'Olivia Owner invited you to join their team on our client portal, to follow and discuss its estimate requests together.',
    );
    expect(existing.text).toContain(
      'Olivia Owner invited you to join their team on our client portal. This address already has an account, and an account belongs to one company, so nothing was changed.',
    );
  });

  it("refuses the inviter's own address with a sentence, and mails nobody", async () => {
    // A mail is an outbox row written with the answer's transaction: none is queued by the time the answer comes.
    const queued = async () =>
      (await server.deps.db.selectFrom('outbox').select('id').where('recipient', '=', owner.email).execute()).length;
    const before = await queued();
    for (const email of [owner.email, ` ${owner.email.toUpperCase()} `]) {
      const res = await server.call('POST', '/api/companies/me/invites', { json: { email }, token: owner.token });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: COMPANY_TEXTS.inviteSelf, code: 'invalid_input', field: 'email' });
    }
    expect(await queued()).toBe(before);
    expect(
      await server.deps.db.selectFrom('company_invites').select('id').where('email', '=', owner.email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('lets only the owner invite and remove', async () => {
    const c = await joinColleague();
    const invite = await server.call('POST', '/api/companies/me/invites', { json: { email: 'x@example.com' }, token: c.token });
    expect(invite.status).toBe(403);
    expect(invite.body.code).toBe('not_company_owner');
    expect((await server.call('DELETE', `/api/companies/me/members/${owner.id}`, { token: c.token })).status).toBe(403);
    // The owner cannot remove someone of another company, nor leave.
    expect((await server.call('DELETE', `/api/companies/me/members/${stranger.id}`, { token: owner.token })).status).toBe(404);
    expect((await server.call('POST', '/api/companies/me/leave', { token: owner.token })).body.code).toBe('owner_cannot_leave');
  });
});

describe('members share requests, and only their company', () => {
  it("shows a colleague the owner's request, its files and chat, naming each author", async () => {
    const c = await joinColleague('Mia Member');
    expect((await server.call('GET', `/api/queries/${queryId}`, { token: c.token })).status).toBe(200);
    const mine = await server.call('GET', '/api/queries/me', { token: c.token });
    expect(mine.body.data.map((q: { _id: string }) => q._id)).toContain(queryId);
    const ws = await server.call('GET', `/api/queries/${queryId}/workspace`, { token: c.token });
    expect(ws.status).toBe(200);
    expect(ws.body.data.history[0].author).toEqual({ _id: owner.id, fullName: owner.fullName });
    const file = await fetch(new URL(ws.body.data.query.files[0].url, server.url));
    expect(file.status).toBe(200);

    const sock = await openSocket(server.url);
    sock.ws.send(JSON.stringify({ type: 'sendMessage', token: c.token, queryId, message: 'I will check the slab', replyTo: null }));
    const got = await sock.next((f) => f.type === 'receiveMessage');
    expect(got.message.sender).toMatchObject({ _id: c.id, fullName: 'Mia Member' });
    sock.ws.close();
    const owners = await server.call('GET', `/api/chats/query/${queryId}/message`, { token: owner.token });
    expect(owners.body.at(-1)).toMatchObject({ message: 'I will check the slab', sender: { _id: c.id, fullName: 'Mia Member' } });
  });

  it("refuses another company's request, file, ZIP and room", async () => {
    const ws = await server.call('GET', `/api/queries/${queryId}/workspace`, { token: owner.token });
    const fileUrl = new URL(ws.body.data.query.files[0].url, server.url);
    expect((await server.call('GET', `/api/queries/${queryId}`, { token: stranger.token })).status).toBe(404);
    expect((await server.call('GET', `/api/queries/${queryId}/workspace`, { token: stranger.token })).status).toBe(404);
    expect((await server.call('GET', `/api/chats/query/${queryId}/message`, { token: stranger.token })).status).toBe(404);
    expect((await server.call('GET', `/api/queries/${queryId}/files.zip`, { token: stranger.token })).status).toBe(404);
    expect((await server.call('PUT', `/api/queries/${queryId}/follow`, { token: stranger.token })).status).toBe(404);
    // The file by path with the stranger's bearer token: 404; a link signed for the owner names the owner.
    const bare = await fetch(new URL(fileUrl.pathname, server.url), { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(bare.status).toBe(404);
    expect(fileUrl.searchParams.get('u')).toBe(owner.id);
    // Re-signed for the stranger by editing `u`: the signature no longer matches.
    fileUrl.searchParams.set('u', stranger.id);
    expect((await fetch(fileUrl)).status).toBe(403);
    const stranger$ = await server.call('GET', '/api/queries/me', { token: stranger.token });
    expect(stranger$.body.data.map((q: { _id: string }) => q._id)).not.toContain(queryId);
    const sock = await openSocket(server.url);
    sock.ws.send(JSON.stringify({ type: 'joinRoom', token: stranger.token, queryId }));
    expect((await sock.next((f) => f.type === 'error')).message).toMatch(/not found/i);
    sock.ws.close();
  });
});

describe('removing and leaving', () => {
  it("ends a removed member's sessions, socket and signed links at once", async () => {
    const c = await joinColleague('Rita Removed');
    const ws = await server.call('GET', `/api/queries/${queryId}/workspace`, { token: c.token });
    const link = new URL(ws.body.data.query.files[0].url, server.url);
    const zip = new URL(ws.body.data.filesZipUrl, server.url);
    expect((await fetch(link)).status).toBe(200);
    expect((await fetch(zip)).status).toBe(200);
    const sock = await openSocket(server.url);
    sock.ws.send(JSON.stringify({ type: 'joinRoom', token: c.token, queryId }));
    await sock.next((f) => f.type === 'joined');
    // A file the firm sends while they watch the chat: their copy of the live frame is their own link.
    const fd = new FormData();
    fd.append('files[]', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'firm-takeoff.pdf');
    expect((await server.call('POST', `/api/chats/query/${queryId}/files`, { token: admin, form: fd })).status).toBe(201);
    const frame = await sock.next((f) => f.type === 'receiveMessage' && f.message.file?.name === 'firm-takeoff.pdf');
    const live = new URL(frame.message.file.url, server.url);
    expect((await fetch(live)).status).toBe(200);
    const closed = new Promise<number>((resolve) => sock.ws.on('close', (code) => resolve(code)));

    const removed = await server.call('DELETE', `/api/companies/me/members/${c.id}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(await closed).toBe(SESSION_ENDED_CLOSE);
    expect((await server.call('GET', `/api/queries/${queryId}`, { token: c.token })).status).toBe(401);
    for (const dead of [link, zip, live]) {
      const res = await fetch(dead);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: expect.any(String), code: 'not_found' });
    }
    // Signed in again, they have a company of their own and none of the old one's requests.
    const again = await signIn(server, c.email, c.password);
    expect((await server.call('GET', `/api/queries/${queryId}`, { token: again })).status).toBe(404);
    expect((await server.call('GET', '/api/companies/me', { token: again })).body.data.members).toHaveLength(1);
    // The owner's own links keep working.
    const ownerWs = await server.call('GET', `/api/queries/${queryId}/workspace`, { token: owner.token });
    expect((await fetch(new URL(ownerWs.body.data.query.files[0].url, server.url))).status).toBe(200);
  });

  it('lets a member leave', async () => {
    const c = await joinColleague();
    const left = await server.call('POST', '/api/companies/me/leave', { token: c.token });
    expect(left.status).toBe(200);
    const again = await signIn(server, c.email, c.password);
    expect((await server.call('GET', `/api/queries/${queryId}`, { token: again })).status).toBe(404);
  });
});

describe('following', () => {
  it("mails a request's followers, and not one who unfollowed", async () => {
    const c = await joinColleague('Fred Follower');
    const id = await submitQuery(server, owner.token, 'Coral Gables roofing takeoff', { projectName: 'Coral Gables Roof' });
    expect((await server.call('GET', `/api/queries/${id}/workspace`, { token: owner.token })).body.data.following).toBe(true);
    expect((await server.call('PUT', `/api/queries/${id}/follow`, { token: c.token })).body.following).toBe(true);
    expect((await server.call('DELETE', `/api/queries/${id}/follow`, { token: owner.token })).body.following).toBe(false);
    const count = async (email: string) =>
      (await server.outbox()).filter((m) => m.to.includes(email) && m.subject.includes('Coral Gables Roof')).length;
    const [ownerBefore, colleagueBefore] = [await count(owner.email), await count(c.email)];
    expect((await server.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'in_progress' }, token: admin })).status).toBe(200);
    await until('the status mail to the follower', async () => (await count(c.email)) > colleagueBefore);
    expect(await count(owner.email)).toBe(ownerBefore);
  });
});

describe("the company's name", () => {
  const saveCompany = (token: string, company: string) => {
    const form = new FormData();
    form.append('company', company);
    return server.call('PUT', '/api/users/profile', { token, form });
  };
  const companyOf = async (token: string) => (await server.call('GET', '/api/companies/me', { token })).body.data.name;
  const listedCompany = async (userId: string) =>
    (await server.call('GET', '/api/users?pageSize=100', { token: admin })).body.data.find((u: { _id: string }) => u._id === userId).company
      .name;

  it("follows the owner's profile: the Team section, the admin's list and the invitation mail", async () => {
    const firm = await createClient(server, admin, { fullName: 'Nina Namer' });
    expect(await companyOf(firm.token)).toBe('Nina Namer');
    expect((await saveCompany(firm.token, '  Coastal Drywall LLC ')).status).toBe(200);
    expect(await companyOf(firm.token)).toBe('Coastal Drywall LLC');
    expect(await listedCompany(firm.id)).toBe('Coastal Drywall LLC');
    const email = `named-invite-${Date.now()}@example.com`;
    expect((await server.call('POST', '/api/companies/me/invites', { json: { email }, token: firm.token })).status).toBe(201);
    const mail = await until('the invitation mail', async () => (await server.outbox()).find((m) => m.to.includes(email)));
    expect(mail.subject).toBe('Nina Namer invited you to Coastal Drywall LLC on the client portal');
    expect(mail.text).toContain('Nina Namer invited you to join Coastal Drywall LLC on our client portal, to follow');
    // An emptied field keeps the name: a company always has one.
    expect((await saveCompany(firm.token, '')).status).toBe(200);
    expect(await companyOf(firm.token)).toBe('Coastal Drywall LLC');
  });

  it("is not a member's to change", async () => {
    const before = await companyOf(owner.token);
    const c = await joinColleague('Mia Member');
    expect((await saveCompany(c.token, 'Mia Consulting')).status).toBe(200);
    expect(await companyOf(c.token)).toBe(before);
    expect(await companyOf(owner.token)).toBe(before);
    expect(await listedCompany(c.id)).toBe(before);
  });
});
