import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { laterIso } from '../../portal-api/src/lib/ids.ts';
import { CHAT_MAIL_WINDOW_MS, sweepHeldChatMail } from '../../portal-api/src/modules/chats/chats.mail.ts';
import { createClient, signInAdmin, startTestServer, type Mail, type TestServer } from './harness.ts';
import { openSocket, type Socket } from './socket.ts';
import { submitQuery } from './submit-query.ts';

// Notifications: each a mail with a text part and an HTML part and
// an absolute link (from PUBLIC_URL) to the exact screen. Read back from the
// real outbox (DATA_DIR/outbox/*.eml).

const COMPANY = 'desk@miami-estimating.test';
const PUBLIC = 'https://portal.estimating.test';
let server: TestServer;
let admin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ COMPANY_EMAIL: COMPANY, PUBLIC_URL: PUBLIC });
  admin = await signInAdmin(server);
});
afterAll(async () => {
  for (const s of sockets) s.ws.close();
  await server?.stop();
});

async function mailsSince(before: number, to: string): Promise<Mail[]> {
  return (await server.outbox()).slice(before).filter((m) => m.to.includes(to));
}

/** Both parts are there and both carry the link; the HTML one as an anchor. */
function expectLink(mail: Mail, url: string) {
  expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
  expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
  expect(mail.raw).toMatch(/Content-Type: text\/html/i);
  expect(mail.text).toContain(url);
  expect(mail.html).toContain(`href="${url}"`);
}

async function socket(): Promise<Socket> {
  const s = await openSocket(server.url);
  sockets.push(s);
  return s;
}

/** Moves every stored time of a request's chat (messages and mail mark) `ms` into the past, as if that much time had passed. */
async function travel(queryId: string, ms: number) {
  const back = (iso: string) => new Date(Date.parse(iso) - ms).toISOString();
  const db = server.deps.db;
  for (const m of await db.selectFrom('chat_messages').select(['id', 'created_at']).where('query_id', '=', queryId).execute()) {
    await db
      .updateTable('chat_messages')
      .set({ created_at: back(m.created_at) })
      .where('id', '=', m.id)
      .execute();
  }
  for (const m of await db.selectFrom('chat_mail_marks').selectAll().where('query_id', '=', queryId).execute()) {
    await db
      .updateTable('chat_mail_marks')
      .set({ mailed_at: back(m.mailed_at) })
      .where('query_id', '=', queryId)
      .where('audience', '=', m.audience)
      .execute();
  }
}

async function say(ws: Socket, token: string, queryId: string, message: string) {
  ws.ws.send(JSON.stringify({ type: 'sendMessage', token, queryId, message }));
  await ws.next((f) => f.type === 'receiveMessage' && f.message.message === message);
}

describe('notifications', () => {
  it('tells COMPANY_EMAIL of every sign-up, with a link to /user', async () => {
    const before = (await server.outbox()).length;
    const email = `newcomer-${Date.now()}@example.com`;
    expect(
      (await server.call('POST', '/api/auth/register', { json: { fullName: 'Nina Newcomer', email, password: 'Passw0rd-long' } })).status,
    ).toBe(201);
    const mails = await mailsSince(before, COMPANY);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New sign-up waiting for approval: Nina Newcomer');
    expect(mails[0]!.text).toContain(email);
    expect(mails[0]!.replyTo).toBe(email); // the firm's Reply reaches the new user
    expectLink(mails[0]!, `${PUBLIC}/user`);
  });

  it("links the 'New request' mail to the admin workspace of that request", async () => {
    const client = await createClient(server, admin, { fullName: 'Rita Request' });
    const before = (await server.outbox()).length;
    const queryId = await submitQuery(server, client.token, 'Roofing takeoff, 12 sheets');
    const mails = (await mailsSince(before, COMPANY)).filter((m) => m.subject.startsWith('New request'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Roofing takeoff, 12 sheets');
    expectLink(mails[0]!, `${PUBLIC}/admin-chat/${queryId}`);
  });

  it('mails the client on every status change, with a link to /chat/{id}', async () => {
    const client = await createClient(server, admin, { fullName: 'Sam Status' });
    const queryId = await submitQuery(server, client.token, 'Concrete takeoff');
    const subjects: string[] = [];
    for (const status of ['in_progress', 'answered', 'closed']) {
      const before = (await server.outbox()).length;
      expect((await server.call('PATCH', `/api/queries/${queryId}/status`, { json: { status }, token: admin })).status).toBe(200);
      const mails = await mailsSince(before, client.email);
      expect(mails).toHaveLength(1);
      expectLink(mails[0]!, `${PUBLIC}/chat/${queryId}`);
      subjects.push(mails[0]!.subject);
    }
    // The request's name (its project, else its message's start) leads every subject.
    expect(subjects).toEqual([
      'Your request is now in progress: Concrete takeoff',
      'Your estimate is ready: Concrete takeoff',
      'Your request is now closed: Concrete takeoff',
    ]);
    // A refused change mails nobody.
    const before = (await server.outbox()).length;
    expect((await server.call('PATCH', `/api/queries/${queryId}/status`, { json: { status: 'pending' }, token: admin })).status).toBe(409);
    expect(await mailsSince(before, client.email)).toHaveLength(0);
  });

  it('mails COMPANY_EMAIL when a client writes and no admin is connected: once per 10 minutes, with every message since', async () => {
    const client = await createClient(server, admin, { fullName: 'Carl Chatty' });
    const queryId = await submitQuery(server, client.token, 'Framing takeoff');
    const ws = await socket();
    const before = (await server.outbox()).length;

    await say(ws, client.token, queryId, 'First question about the framing');
    let mails = await mailsSince(before, COMPANY);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New message from Carl Chatty: Framing takeoff');
    expect(mails[0]!.text).toContain('wrote in the chat of Framing takeoff while');
    expect(mails[0]!.text).toContain('First question about the framing');
    expectLink(mails[0]!, `${PUBLIC}/admin-chat/${queryId}`);

    // Within the window: stored, no mail.
    await say(ws, client.token, queryId, 'Second: the trusses too');
    await say(ws, client.token, queryId, 'Third: and the sheathing');
    expect(await mailsSince(before, COMPANY)).toHaveLength(1);

    // The window is kept in the database (it survives a restart): let 10 minutes pass for this request.
    await travel(queryId, CHAT_MAIL_WINDOW_MS + 1000);
    // Stamps only increase, so after a burst of writes they run ahead of the clock (here by
    // about half a second): the mail's mark must not fall behind the message it quotes.
    for (let i = 0; i < 500; i++) laterIso();
    await say(ws, client.token, queryId, 'Fourth: any news?');
    mails = await mailsSince(before, COMPANY);
    expect(mails).toHaveLength(2);
    const digest = mails[1]!.text;
    expect(digest).not.toContain('First question');
    for (const m of ['Second: the trusses too', 'Third: and the sheathing', 'Fourth: any news?']) expect(digest).toContain(m);
    expect(digest.indexOf('Second')).toBeLessThan(digest.indexOf('Fourth'));

    // A message inside the window is held, and mailed by the sweep once the window has passed.
    await say(ws, client.token, queryId, 'Fifth, and then silence');
    expect(await mailsSince(before, COMPANY)).toHaveLength(2);
    const nobody = { anyAdmin: () => false, user: () => false };
    await sweepHeldChatMail(server.deps, nobody);
    expect(await mailsSince(before, COMPANY)).toHaveLength(2); // still inside the window
    await travel(queryId, CHAT_MAIL_WINDOW_MS + 1000);
    await sweepHeldChatMail(server.deps, nobody);
    await sweepHeldChatMail(server.deps, nobody); // a second pass (or instance) finds nothing more
    mails = await mailsSince(before, COMPANY);
    expect(mails).toHaveLength(3);
    expect(mails[2]!.text).toContain('Fifth, and then silence');
    expect(mails[2]!.text).not.toContain('Fourth');

    // A held message the team answered meanwhile is not mailed.
    await say(ws, client.token, queryId, 'Seventh, answered soon');
    const replier = await socket();
    await say(replier, admin, queryId, 'We are on it');
    replier.ws.close();
    await travel(queryId, CHAT_MAIL_WINDOW_MS + 1000);
    await sweepHeldChatMail(server.deps, nobody);
    expect(await mailsSince(before, COMPANY)).toHaveLength(3);

    // With an admin connected, no mail at all.
    await travel(queryId, CHAT_MAIL_WINDOW_MS + 1000);
    const staff = await socket();
    staff.ws.send(JSON.stringify({ type: 'authenticateAdmin', token: admin }));
    await staff.next((f) => f.type === 'authenticated');
    const count = (await server.outbox()).length;
    await say(ws, client.token, queryId, 'Sixth, while the team is online');
    expect((await server.outbox()).length).toBe(count);
    staff.ws.close();
  });
});
