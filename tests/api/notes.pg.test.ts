import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket, type Socket } from './socket.ts';
import { inviteAdmin } from './staff-accounts.ts';
import { submitQuery } from './submit-query.ts';
import { until } from './until.ts';

// docs/product.md §25 "Internal notes": admins only, never anything a client can read or hear.

let server: TestServer;
let admin: string;
let maria: Awaited<ReturnType<typeof inviteAdmin>>;
let client: Awaited<ReturnType<typeof createClient>>;
let queryId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  maria = await inviteAdmin(server, admin, 'Maria Lopez');
  client = await createClient(server, admin);
  queryId = await submitQuery(server, client.token, 'Doral warehouse', { projectName: 'Doral Warehouse' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await server?.stop();
});

async function socket(frames: object[]) {
  const s = await openSocket(server.url);
  sockets.push(s);
  for (const f of frames) s.ws.send(JSON.stringify(f));
  return s;
}
const note = (body: string, token = admin, id = queryId) => server.call('POST', `/api/queries/${id}/notes`, { token, json: { body } });

describe('internal notes', () => {
  it('are kept beside the chat for admins and reach no client answer, socket, mail or unread count', async () => {
    const secret = `Margin is thin on this one ${Date.now()}`;
    const clientSocket = await socket([
      { type: 'joinRoom', token: client.token, queryId },
      { type: 'watchUnread', token: client.token },
    ]);
    await clientSocket.next((f) => f.type === 'joined');
    await clientSocket.next((f) => f.type === 'unread');
    const unreadBefore = (await server.call('GET', '/api/queries/me', { token: client.token })).body.data.find(
      (q: { _id: string }) => q._id === queryId,
    ).unread;

    const res = await note(secret);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ query: queryId, body: secret, author: { fullName: 'Administrator' }, mentions: [] });
    const listed = await server.call('GET', `/api/queries/${queryId}/notes`, { token: maria.token });
    expect(listed.body.data.map((n: { body: string }) => n.body)).toEqual([secret]);

    // A chat message sent after the note reaches the client's socket; the note never did.
    const admSocket = await socket([{ type: 'sendMessage', token: admin, queryId, message: 'Plans received.' }]);
    await clientSocket.next((f) => f.type === 'receiveMessage' && f.message.message === 'Plans received.');
    await admSocket.next((f) => f.type === 'receiveMessage');
    expect(JSON.stringify(clientSocket.frames)).not.toContain(secret);

    for (const path of [
      `/api/queries/${queryId}`,
      `/api/queries/${queryId}/workspace`,
      `/api/chats/query/${queryId}/message`,
      '/api/queries/me',
      '/api/recent-activities',
    ]) {
      const answer = await server.call('GET', path, { token: client.token });
      expect(answer.status, path).toBe(200);
      expect(JSON.stringify(answer.body), path).not.toContain(secret);
    }
    expect((await server.call('GET', `/api/queries/${queryId}/notes`, { token: client.token })).status).toBe(403);

    // The reply counts as one unread for the client; the note counts as nothing.
    const unreadAfter = (await server.call('GET', '/api/queries/me', { token: client.token })).body.data.find(
      (q: { _id: string }) => q._id === queryId,
    ).unread;
    expect(unreadAfter).toBe(unreadBefore + 1);
    const mails = await server.deps.db
      .selectFrom('outbox')
      .select(['text_body', 'html_body'])
      .where('recipient', '=', client.email)
      .execute();
    expect(JSON.stringify(mails)).not.toContain(secret);
  });

  it('mails and alerts the admins a note names with @, and only them', async () => {
    const mariaSocket = await socket([{ type: 'watchUnread', token: maria.token }]);
    await mariaSocket.next((f) => f.type === 'unread');
    const res = await note('@maria can you check the addendum? (@Nobody else)');
    expect(res.body.data.mentions).toEqual([{ _id: maria.id, fullName: 'Maria Lopez' }]);
    const frame = await mariaSocket.next((f) => f.type === 'noteAdded');
    expect(frame.note.mentions).toEqual([{ _id: maria.id, fullName: 'Maria Lopez' }]);
    const mail = await server.deps.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('kind', '=', 'note-mention')
      .where('recipient', '=', maria.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Administrator mentioned you: Doral Warehouse');
    expect(mail.text_body).toContain('@maria can you check the addendum?');
    // The author naming themselves is not told.
    const self = await note('Note to @Administrator');
    expect(self.body.data.mentions).toEqual([]);
    const mentionMails = await server.deps.db.selectFrom('outbox').select('id').where('kind', '=', 'note-mention').execute();
    expect(mentionMails).toHaveLength(1);
    await until('the outbox to send the mention', async () =>
      (await server.outbox()).some((m) => m.subject.startsWith('Administrator mentioned you')),
    );
  });

  it('refuses an empty note, one over 10,000 characters, a client and an unknown request', async () => {
    const long = await note('x'.repeat(10_001));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('A note can be at most 10,000 characters.');
    expect((await note('y'.repeat(10_000))).status).toBe(201);
    expect((await note('   ')).body.message).toBe('A note cannot be empty.');
    expect((await note('hello', client.token)).status).toBe(403);
    expect((await note('hello', admin, 'no-such-request')).status).toBe(404);
    expect((await server.call('GET', '/api/queries/no-such-request/notes', { token: admin })).status).toBe(404);
    const count = await server.deps.db.selectFrom('query_notes').select('id').where('body', 'like', 'x%').execute();
    expect(count).toHaveLength(0);
  });
});
