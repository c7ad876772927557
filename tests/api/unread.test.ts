import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket, type Socket } from './socket.ts';

// Unread state and chat data in one trip: read times per reader
// and query, one 'firm' time shared by every admin, counts live over /ws.

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');

let server: TestServer;
let admin1: string;
let admin2: string;
let alice: Awaited<ReturnType<typeof createClient>>;
let bruno: Awaited<ReturnType<typeof createClient>>;
let serviceId: string;
let q1: string;
let q2: string;
let qBruno: string;
const sockets: Socket[] = [];

async function socket(): Promise<Socket> {
  const s = await openSocket(server.url);
  sockets.push(s);
  return s;
}

async function newQuery(token: string, message: string): Promise<string> {
  const fd = new FormData();
  fd.append('message', message);
  fd.append('service', serviceId);
  fd.append('files[]', new Blob([PDF]), 'plan.pdf');
  const res = await server.call('POST', '/api/queries', { form: fd, token });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data._id;
}

/** Sends a chat message and waits until the sender has it back (stored and broadcast). */
async function say(token: string, queryId: string, message: string) {
  const s = await socket();
  s.ws.send(JSON.stringify({ type: 'sendMessage', token, queryId, message, replyTo: null }));
  const frame = await s.next((f) => f.type === 'receiveMessage' && f.message.message === message);
  s.ws.close();
  return frame.message;
}

const myQueries = async (token: string) =>
  new Map(
    ((await server.call('GET', '/api/queries/me', { token })).body.data as { _id: string; unread: number; lastMessage: unknown }[]).map(
      (q) => [q._id, q],
    ),
  );
const chatUsers = async (token: string, query = '') => (await server.call('GET', `/api/chats/users${query}`, { token })).body;

beforeAll(async () => {
  server = await startTestServer();
  admin1 = await signInAdmin(server);
  admin2 = await signInAdmin(server); // a second admin session: the firm reads as one
  alice = await createClient(server, admin1, { fullName: 'Alice Unread' });
  bruno = await createClient(server, admin1, { fullName: 'Bruno Unread' });
  serviceId = (await server.call('GET', '/api/services')).body.find((s: { title: string }) => s.title === 'Manufacturers')._id;
  q1 = await newQuery(alice.token, 'Alice first request');
  q2 = await newQuery(alice.token, 'Alice second request');
  qBruno = await newQuery(bruno.token, 'Bruno request');
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await server?.stop();
});

describe('unread counts', () => {
  it('counts the firm’s replies for the client and the client’s messages for the firm, with the last message on each row', async () => {
    await say(alice.token, q1, 'Hello, any news?');
    await say(alice.token, q1, 'Plans attached above');
    await say(admin1, q2, 'We started on it');

    const mine = await myQueries(alice.token);
    expect(mine.get(q1)).toMatchObject({ unread: 0, lastMessage: { text: 'Plans attached above', senderRole: 'client' } });
    expect(mine.get(q2)).toMatchObject({ unread: 1, lastMessage: { text: 'We started on it', senderRole: 'admin' } });
    expect((await myQueries(bruno.token)).get(qBruno)).toMatchObject({ unread: 0, lastMessage: null });

    const { users } = await chatUsers(admin1);
    const a = users.find((u: { _id: string }) => u._id === alice.id);
    expect(a).toMatchObject({ unread: 2, lastMessage: { text: 'We started on it', senderRole: 'admin' } });
    expect(Object.fromEntries(a.queries.map((q: { _id: string; unread: number }) => [q._id, q.unread]))).toEqual({ [q1]: 2, [q2]: 0 });
  });

  it('gives each request of the admin chat list its own last message (text, time, sender), so the list needs no history', async () => {
    const { users } = await chatUsers(admin1);
    const a = users.find((u: { _id: string }) => u._id === alice.id);
    const byId = new Map(a.queries.map((q: { _id: string }) => [q._id, q]));
    expect(byId.get(q1)).toMatchObject({
      lastMessage: { text: 'Plans attached above', senderRole: 'client', createdAt: expect.any(String) },
    });
    expect(byId.get(q2)).toMatchObject({ lastMessage: { text: 'We started on it', senderRole: 'admin' } });
    const b = users.find((u: { _id: string }) => u._id === bruno.id);
    expect(b.queries[0]).toMatchObject({ _id: qBruno, lastMessage: null, lastMessageAt: null });
  });

  it('shares one read time between admins: one admin reading clears it for all', async () => {
    const s = await socket();
    s.ws.send(JSON.stringify({ type: 'watchUnread', token: admin2 }));
    const initial = await s.next((f) => f.type === 'unread' && f.queries);
    expect(initial).toEqual({ type: 'unread', total: 2, queries: { [q1]: 2 } });

    const reader = await socket();
    reader.ws.send(JSON.stringify({ type: 'markRead', token: admin1, queryId: q1 }));
    // admin2's socket hears that the firm has read it, though admin1 read it.
    expect(await s.next((f) => f.type === 'unread' && f.queryId === q1)).toEqual({
      type: 'unread',
      total: 0,
      queryId: q1,
      userId: alice.id,
      count: 0,
    });
    const a = (await chatUsers(admin2)).users.find((u: { _id: string }) => u._id === alice.id);
    expect(a.unread).toBe(0);
    // The read is stored once per query and reader: no row per message.
    const reads = await server.deps.db.selectFrom('query_reads').selectAll().where('query_id', '=', q1).execute();
    expect(reads).toEqual([expect.objectContaining({ reader_id: 'firm' })]);
  });

  it('pushes a rising count live to the other side when a message arrives', async () => {
    const firm = await socket();
    firm.ws.send(JSON.stringify({ type: 'watchUnread', token: admin1 }));
    await firm.next((f) => f.type === 'unread' && f.queries);
    const client = await socket();
    client.ws.send(JSON.stringify({ type: 'watchUnread', token: alice.token }));
    expect(await client.next((f) => f.type === 'unread' && f.queries)).toEqual({ type: 'unread', total: 1, queries: { [q2]: 1 } });

    await say(alice.token, q1, 'One more question');
    expect(await firm.next((f) => f.type === 'unread' && f.queryId === q1 && f.count === 1)).toMatchObject({ total: 1, userId: alice.id });

    await say(admin1, q1, 'Answer to your question');
    expect(await client.next((f) => f.type === 'unread' && f.queryId === q1 && f.count === 1)).toMatchObject({ total: 2 });
    // Bruno hears nothing of Alice's requests.
    const brunoSocket = await socket();
    brunoSocket.ws.send(JSON.stringify({ type: 'watchUnread', token: bruno.token }));
    expect(await brunoSocket.next((f) => f.type === 'unread')).toEqual({ type: 'unread', total: 0, queries: {} });

    client.ws.send(JSON.stringify({ type: 'markRead', token: alice.token, queryId: q1 }));
    expect(await client.next((f) => f.type === 'unread' && f.queryId === q1 && f.count === 0)).toMatchObject({ total: 1 });
    expect((await myQueries(alice.token)).get(q1)).toMatchObject({ unread: 0 });
    expect(brunoSocket.frames.filter((f) => f.queryId)).toEqual([]);
  });

  it('answers an error frame to a socket that marks read a request it may not see, and stores nothing', async () => {
    const s = await socket();
    s.ws.send(JSON.stringify({ type: 'markRead', token: bruno.token, queryId: q1 }));
    expect(await s.next((f) => f.type === 'error')).toEqual({ type: 'error', message: 'Query not found.', code: 'not_found' });
    s.ws.send(JSON.stringify({ type: 'markRead', token: 'not-a-token', queryId: q1 }));
    expect((await s.next((f) => f.type === 'error' && f !== s.frames[0])).message).toEqual(expect.any(String));
    s.ws.send(JSON.stringify({ type: 'markRead', queryId: q1 }));
    await s.next((f) => f.type === 'error' && /token/i.test(f.message));
    const reads = await server.deps.db.selectFrom('query_reads').selectAll().where('reader_id', '=', bruno.id).execute();
    expect(reads).toEqual([]);
  });
});

describe('chat frames', () => {
  it('checks the text length in the frame schema', async () => {
    const s = await socket();
    s.ws.send(JSON.stringify({ type: 'sendMessage', token: alice.token, queryId: q1, message: 'x'.repeat(5001), replyTo: null }));
    expect(await s.next((f) => f.type === 'error')).toEqual({
      type: 'error',
      message: 'Message can be at most 5,000 characters.',
      code: 'invalid_frame',
    });
    s.ws.send(JSON.stringify({ type: 'sendMessage', token: alice.token, queryId: q1, message: '   ', replyTo: null }));
    expect(await s.next((f) => f.type === 'error' && f.message === 'Message cannot be empty.')).toBeTruthy();
  });
});

describe('GET /api/chats/users', () => {
  it('sorts clients by their latest message, pages them and searches on the server', async () => {
    await say(bruno.token, qBruno, 'Bruno writes last');
    const first = await chatUsers(admin1, '?pageSize=1');
    expect(first).toMatchObject({ page: 1, hasMore: true });
    expect(first.users.map((u: { fullName: string }) => u.fullName)).toEqual(['Bruno Unread']);
    expect(first.users[0].lastActivityAt).toBe(first.users[0].lastMessage.createdAt);
    const second = await chatUsers(admin1, '?pageSize=1&page=2');
    expect(second).toMatchObject({ hasMore: false });
    expect(second.users.map((u: { fullName: string }) => u.fullName)).toEqual(['Alice Unread']);
    expect(second.users[0].queries.map((q: { _id: string }) => q._id)).toEqual([q2, q1]);

    const found = await chatUsers(admin1, `?search=${encodeURIComponent('ALICE')}`);
    expect(found.users.map((u: { _id: string }) => u._id)).toEqual([alice.id]);
    expect((await chatUsers(admin1, '?search=%25')).users).toEqual([]);
  });

  it('a new request moves its client up the list, as a new message does', async () => {
    await say(bruno.token, qBruno, 'Bruno writes again');
    expect((await chatUsers(admin1)).users[0].fullName).toBe('Bruno Unread');
    // Alice's last message is older than Bruno's, but her new request is newer still.
    const q3 = await newQuery(alice.token, 'A returning client asks again');
    const { users } = await chatUsers(admin1);
    expect(users.map((u: { fullName: string }) => u.fullName)).toEqual(['Alice Unread', 'Bruno Unread']);
    expect(users[0].queries[0]._id).toBe(q3);
    expect(users[0].lastActivityAt).toBe(users[0].queries[0].createdAt);
    expect(users[0].lastActivityAt > users[1].lastActivityAt).toBe(true);
  });

  it('is for admins only and refuses bad paging with a sentence', async () => {
    expect((await server.call('GET', '/api/chats/users', { token: alice.token })).status).toBe(403);
    const bad = await server.call('GET', '/api/chats/users?page=0', { token: admin1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.any(String));
  });
});

describe('request changes reach the unread watchers (pages without the chat open)', () => {
  it("a new request, a status change and a lifecycle step reach the owner's and the firm's watchers, and no other client's", async () => {
    const watch = async (token: string) => {
      const s = await socket();
      s.ws.send(JSON.stringify({ type: 'watchUnread', token }));
      await s.next((f) => f.type === 'unread' && f.queries);
      return s;
    };
    const owner = await watch(alice.token);
    const firm = await watch(admin2);
    const other = await watch(bruno.token);

    const id = await newQuery(alice.token, 'A request the dashboards should see at once');
    for (const s of [owner, firm])
      expect(await s.next((f) => f.type === 'queryStatus' && f.queryId === id)).toEqual({
        type: 'queryStatus',
        queryId: id,
        status: 'pending',
      });

    const started = await server.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'in_progress' }, token: admin1 });
    expect(started.status).toBe(200);
    for (const s of [owner, firm]) await s.next((f) => f.type === 'queryStatus' && f.queryId === id && f.status === 'in_progress');

    const quoted = await server.call('POST', `/api/queries/${id}/quotes`, { json: { price: '800.00', standardHours: 24 }, token: admin1 });
    expect(quoted.status).toBe(201);
    for (const s of [owner, firm]) {
      expect(await s.next((f) => f.type === 'queryLifecycle' && f.queryId === id)).toMatchObject({
        event: 'quoteSent',
        status: 'in_progress',
        by: 'admin',
      });
    }
    // Bruno's watcher heard nothing of Alice's request.
    expect(other.frames.filter((f) => f.queryId === id)).toEqual([]);
  });
});
