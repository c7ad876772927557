import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { until } from './until.ts';

// Real `ws` clients against the real /ws hub: frames of docs/architecture.md §5.

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n');
type Frame = { type: string; [k: string]: any };

class Client {
  frames: Frame[] = [];
  private waiters: Array<() => void> = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      for (const w of this.waiters.splice(0)) w();
    });
  }
  static async open(server: TestServer): Promise<Client> {
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    return new Client(ws);
  }
  send(frame: object | string) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }
  /** The first frame (from `from` on) matching `match`, waiting up to 3 s. */
  async next(match: (f: Frame) => boolean, from = 0): Promise<Frame> {
    const deadline = Date.now() + 3000;
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(this.frames.slice(from))}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }
  /** Sends a frame and resolves with the next frame of `type` after it. */
  async request(frame: object | string, type: string): Promise<Frame> {
    const from = this.frames.length;
    this.send(frame);
    return this.next((f) => f.type === type, from);
  }
  close() {
    this.ws.close();
    return new Promise((resolve) => this.ws.once('close', resolve));
  }
}

let server: TestServer;
let admin: string;
let adminId: string;
let a: Awaited<ReturnType<typeof createClient>>;
let b: Awaited<ReturnType<typeof createClient>>;
let queryA: string;
let queryB: string;
let serviceId: string;
const sockets: Client[] = [];
const open = async () => {
  const c = await Client.open(server);
  sockets.push(c);
  return c;
};

async function newQuery(token: string, message: string): Promise<string> {
  const fd = new FormData();
  fd.append('message', message);
  fd.append('service', serviceId);
  fd.append('files[]', new Blob([PDF]), 'plan.pdf');
  const res = await server.call('POST', '/api/queries', { form: fd, token });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data._id;
}

beforeAll(async () => {
  server = await startTestServer({ COMPANY_EMAIL: 'desk@example.com' });
  admin = await signInAdmin(server);
  adminId = (await server.deps.db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirstOrThrow()).id;
  a = await createClient(server, admin, { fullName: 'Alice Client' });
  b = await createClient(server, admin, { fullName: 'Bruno Client' });
  serviceId = (await server.call('GET', '/api/services')).body.find((s: { title: string }) => s.title === 'Manufacturers')._id;
  queryA = await newQuery(a.token, 'Alice needs a roofing takeoff');
  queryB = await newQuery(b.token, 'Bruno needs a masonry takeoff');
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await server?.stop();
});

describe('/ws chat', () => {
  it('delivers a message to both sides, stored first, the sender getting its _id back', async () => {
    const client = await open();
    const staff = await open();
    // No message yet: the join names none.
    expect(await client.request({ type: 'joinRoom', token: a.token, queryId: queryA }, 'joined')).toEqual({
      type: 'joined',
      queryId: queryA,
      lastMessageId: null,
    });
    expect(await staff.request({ type: 'authenticateAdmin', token: admin }, 'authenticated')).toEqual({ type: 'authenticated' });
    await staff.request({ type: 'joinRoom', token: admin, queryId: queryA }, 'joined');

    const fromClient = await client.request(
      { type: 'sendMessage', token: a.token, queryId: queryA, message: '  Hello team  ', replyTo: null },
      'receiveMessage',
    );
    expect(fromClient.message).toMatchObject({
      query: queryA,
      message: 'Hello team',
      replyTo: null,
      sender: { _id: a.id, role: 'client', fullName: 'Alice Client' },
    });
    expect(fromClient.message._id).toEqual(expect.any(String));
    const seenByStaff = await staff.next((f) => f.type === 'receiveMessage' && f.message._id === fromClient.message._id);
    expect(seenByStaff.message).toEqual(fromClient.message);

    const reply = await staff.request(
      { type: 'sendMessage', token: admin, queryId: queryA, message: 'We are on it', replyTo: fromClient.message._id },
      'receiveMessage',
    );
    expect(reply.message.replyTo).toEqual({ _id: fromClient.message._id, query: queryA, message: 'Hello team' });
    expect(reply.message.sender).toMatchObject({ _id: adminId, role: 'admin' });
    await client.next((f) => f.type === 'receiveMessage' && f.message._id === reply.message._id);

    const history = await server.call('GET', `/api/chats/query/${queryA}/message`, { token: a.token });
    expect(history.status).toBe(200);
    expect(history.body.map((m: { message: string }) => m.message)).toEqual(['Hello team', 'We are on it']);
    expect((await server.call('GET', `/api/chats/query/${queryA}/message`, { token: admin })).body).toHaveLength(2);
    // A later join names the room's newest message, so a browser that read the history while
    // joining can tell whether its read missed one.
    const later = await open();
    expect(await later.request({ type: 'joinRoom', token: a.token, queryId: queryA }, 'joined')).toEqual({
      type: 'joined',
      queryId: queryA,
      lastMessageId: reply.message._id,
    });
  });

  it('stores and delivers messages sent back to back in the order they were sent', async () => {
    const id = await newQuery(a.token, 'Alice sends a burst');
    const client = await open();
    const staff = await open();
    await staff.request({ type: 'authenticateAdmin', token: admin }, 'authenticated');
    await staff.request({ type: 'joinRoom', token: admin, queryId: id }, 'joined');
    await client.request({ type: 'joinRoom', token: a.token, queryId: id }, 'joined');
    const sent = Array.from({ length: 12 }, (_, i) => `burst ${i}`);
    // All in one go, as a phone that was offline delivers what was typed meanwhile.
    for (const message of sent) client.send({ type: 'sendMessage', token: a.token, queryId: id, message, replyTo: null });
    const received = () => staff.frames.filter((f) => f.type === 'receiveMessage' && f.message.query === id).map((f) => f.message.message);
    await staff.next(() => received().length === sent.length);
    expect(received()).toEqual(sent);
    const history = await server.call('GET', `/api/chats/query/${id}/message`, { token: a.token });
    expect(history.body.map((m: { message: string }) => m.message)).toEqual(sent);
  });

  it('tells an admin socket about client presence', async () => {
    const staff = await open();
    const from = 0;
    await staff.request({ type: 'authenticateAdmin', token: admin }, 'authenticated');
    const client = await open();
    await client.request({ type: 'joinRoom', token: b.token, queryId: queryB }, 'joined');
    await staff.next((f) => f.type === 'presence' && f.userId === b.id && f.online === true, from);
    const mark = staff.frames.length;
    await client.close();
    await staff.next((f) => f.type === 'presence' && f.userId === b.id && f.online === false, mark);
  });

  it('refuses bad frames with an error frame and keeps the socket open', async () => {
    const ws = await open();
    const closed = await server.call('POST', '/api/queries', {
      form: (() => {
        const fd = new FormData();
        fd.append('message', 'Closed one');
        fd.append('service', serviceId);
        fd.append('files[]', new Blob([PDF]), 'p.pdf');
        return fd;
      })(),
      token: a.token,
    });
    const closedId = closed.body.data._id as string;
    await server.deps.db.updateTable('queries').set({ status: 'closed' }).where('id', '=', closedId).execute();
    const bMessage = await (
      await open()
    ).request({ type: 'sendMessage', token: b.token, queryId: queryB, message: 'B says hi' }, 'receiveMessage');

    const cases: Array<[string, object | string, RegExp]> = [
      ['bad token', { type: 'joinRoom', token: 'forged', queryId: queryA }, /session has expired/],
      ['no token', { type: 'joinRoom', queryId: queryA }, /token is required/],
      ["someone else's query (join)", { type: 'joinRoom', token: a.token, queryId: queryB }, /^Query not found\.$/],
      ["someone else's query (send)", { type: 'sendMessage', token: a.token, queryId: queryB, message: 'hi' }, /^Query not found\.$/],
      ['unknown query', { type: 'sendMessage', token: a.token, queryId: 'nope', message: 'hi' }, /^Query not found\.$/],
      [
        'closed query',
        { type: 'sendMessage', token: a.token, queryId: closedId, message: 'hi' },
        /^This conversation is closed\. You cannot send more messages\.$/,
      ],
      ['whitespace-only text', { type: 'sendMessage', token: a.token, queryId: queryA, message: ' \n\t ' }, /^Message cannot be empty\.$/],
      [
        'reply to a message of another query',
        { type: 'sendMessage', token: a.token, queryId: queryA, message: 'x', replyTo: bMessage.message._id },
        /not part of this conversation/,
      ],
      [
        'reply to an unknown message',
        { type: 'sendMessage', token: a.token, queryId: queryA, message: 'x', replyTo: 'ghost' },
        /not part of this conversation/,
      ],
      ['text over 5,000 characters', { type: 'sendMessage', token: a.token, queryId: queryA, message: 'x'.repeat(5001) }, /at most 5,000/],
      // A frame over ws's old 64 KiB payload limit was closed with 1009 instead of answered.
      [
        'a 200,000-character message',
        { type: 'sendMessage', token: a.token, queryId: queryA, message: 'x'.repeat(200_000) },
        /at most 5,000/,
      ],
      ['a client authenticating as admin', { type: 'authenticateAdmin', token: a.token }, /not allowed/],
      ['unknown frame type', { type: 'deleteEverything', token: a.token }, /Unknown frame type/],
      ['no type', { token: a.token }, /Unknown frame type/],
      ['not JSON', 'hello?', /JSON/],
      ['a JSON array', '[1,2]', /Unknown frame type/],
    ];
    for (const [label, frame, message] of cases) {
      const error = await ws.request(frame, 'error');
      expect(error.message, label).toMatch(message);
      expect(ws.ws.readyState, label).toBe(WebSocket.OPEN);
    }
    // Nothing refused was stored; the socket still works.
    const history = (await server.call('GET', `/api/chats/query/${queryA}/message`, { token: a.token })).body as Array<{ message: string }>;
    expect(history.some((m) => m.message === 'x' || m.message.startsWith('xxxx'))).toBe(false);
    expect((await server.call('GET', `/api/chats/query/${closedId}/message`, { token: a.token })).body).toEqual([]);
    const ok = await ws.request(
      { type: 'sendMessage', token: a.token, queryId: queryA, message: 'exactly at the limit '.padEnd(5000, '.') },
      'receiveMessage',
    );
    expect(ok.message.message).toHaveLength(5000);
  });

  it('slows down a socket that floods messages, without closing it', async () => {
    const q = await newQuery(a.token, 'Flood test');
    const ws = await open();
    await ws.request({ type: 'joinRoom', token: a.token, queryId: q }, 'joined');
    for (let i = 0; i < 100; i++) ws.send({ type: 'sendMessage', token: a.token, queryId: q, message: `flood ${i}` });
    const refused = await ws.next((f) => f.type === 'error');
    expect(refused.message).toMatch(/too fast/);
    // The burst is stored, each message in its own write: on a loaded machine the last ones may
    // still be on their way when the refusal arrives, so wait for them (up to 5 s) before counting.
    const stored = await until(
      'at least 60 of the burst stored',
      async () => {
        const list = (await server.call('GET', `/api/chats/query/${q}/message`, { token: a.token })).body as unknown[];
        return list.length >= 60 && list;
      },
      5000,
    );
    expect(stored.length).toBeLessThan(100);
    expect(ws.ws.readyState).toBe(WebSocket.OPEN);
  });

  it("refuses another client's chat history over REST with 404", async () => {
    const res = await server.call('GET', `/api/chats/query/${queryA}/message`, { token: b.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Query not found.', code: 'not_found' });
    expect((await server.call('GET', `/api/chats/query/${queryA}/message`)).status).toBe(401);
  });

  it('loses nothing across a reconnect: the history refetch has every acknowledged message once', async () => {
    const q = await newQuery(a.token, 'Reconnect test');
    const staff = await open();
    await staff.request({ type: 'joinRoom', token: admin, queryId: q }, 'joined');
    let client = await open();
    await client.request({ type: 'joinRoom', token: a.token, queryId: q }, 'joined');
    const seen = new Map<string, string>();
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const m = await staff.request({ type: 'sendMessage', token: admin, queryId: q, message: `before ${i}` }, 'receiveMessage');
      sent.push(m.message._id);
    }
    for (const f of client.frames) if (f.type === 'receiveMessage') seen.set(f.message._id, f.message.message);
    client.ws.terminate(); // a dropped connection, not a clean close
    for (let i = 0; i < 5; i++) {
      const m = await staff.request({ type: 'sendMessage', token: admin, queryId: q, message: `while away ${i}` }, 'receiveMessage');
      sent.push(m.message._id);
    }
    client = await open();
    await client.request({ type: 'joinRoom', token: a.token, queryId: q }, 'joined');
    const refetched = (await server.call('GET', `/api/chats/query/${q}/message`, { token: a.token })).body as Array<{
      _id: string;
      message: string;
    }>;
    for (const m of refetched) seen.set(m._id, m.message); // dedupe by _id, as useChatRoom does
    const live = await staff.request({ type: 'sendMessage', token: admin, queryId: q, message: 'after' }, 'receiveMessage');
    sent.push(live.message._id);
    const arrived = await client.next((f) => f.type === 'receiveMessage' && f.message._id === live.message._id);
    seen.set(arrived.message._id, arrived.message.message);
    expect([...seen.keys()].sort()).toEqual([...sent].sort());
    expect(refetched.map((m) => m.message)).toEqual(['before 0', 'before 1', 'before 2', ...[0, 1, 2, 3, 4].map((i) => `while away ${i}`)]);
  });

  it('e-mails the client when an admin writes and the client has no open socket, once per burst', async () => {
    const c = await createClient(server, admin, { fullName: 'Carla Offline' });
    const q = await newQuery(c.token, 'Mail me');
    const staff = await open();
    const before = (await server.outbox()).filter((m) => m.to.includes(c.email)).length;
    await staff.request({ type: 'sendMessage', token: admin, queryId: q, message: 'Your estimate is ready' }, 'receiveMessage');
    await staff.request({ type: 'sendMessage', token: admin, queryId: q, message: 'And one more thing' }, 'receiveMessage');
    // The mail is written in the message's transaction: there once the message is acknowledged.
    const mails = (await server.outbox()).filter((m) => m.to.includes(c.email));
    expect(mails.length - before).toBe(1);
    expect(mails.at(-1)!.text).toContain('Your estimate is ready');
    expect(mails.at(-1)!.text).toContain(`/chat/${q}`);

    // With the client connected, no mail.
    const q2 = await newQuery(c.token, 'Online now');
    const client = await open();
    await client.request({ type: 'joinRoom', token: c.token, queryId: q2 }, 'joined');
    const count = (await server.outbox()).length;
    await staff.request({ type: 'sendMessage', token: admin, queryId: q2, message: 'You are online' }, 'receiveMessage');
    await client.next((f) => f.type === 'receiveMessage' && f.message.message === 'You are online');
    // A mail would have been written in the message's transaction, before the broadcast.
    expect((await server.outbox()).length).toBe(count);
  });
});
