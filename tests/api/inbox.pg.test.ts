import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket } from './socket.ts';
import { submitQuery } from './submit-query.ts';
import { uploadWhole } from './tus-client.ts';

// The estimator's inbox: the admin chat's per-request list (order, filters, keyset pages),
// the queue's saved views, and files sent in the chat. On both engines: the list and the
// views are read through partial indexes and kept counts.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let admin: string;
let ana: Awaited<ReturnType<typeof createClient>>;
let ben: Awaited<ReturnType<typeof createClient>>;

beforeAll(async () => {
  server = await startTestServer({ UPLOAD_MAX_MB: '1' });
  admin = await signInAdmin(server);
  ana = await createClient(server, admin, { fullName: 'Ana Inbox' });
  ben = await createClient(server, admin, { fullName: 'Ben Inbox' });
});
afterAll(async () => {
  await server?.stop();
});

/** Sends a chat message over /ws and waits for it to come back stored. */
async function say(token: string, queryId: string, message: string) {
  const s = await openSocket(server.url);
  s.ws.send(JSON.stringify({ type: 'sendMessage', token, queryId, message, replyTo: null }));
  await s.next((f) => f.type === 'receiveMessage' && f.message.message === message);
  s.ws.close();
}

/** Marks a request read for the firm, as the open chat does, and waits until the firm's count says so. */
async function markRead(token: string, queryId: string) {
  const s = await openSocket(server.url);
  s.ws.send(JSON.stringify({ type: 'watchUnread', token }));
  await s.next((f) => f.type === 'unread' && f.queries);
  s.ws.send(JSON.stringify({ type: 'markRead', token, queryId }));
  await s.next((f) => f.type === 'unread' && f.queryId === queryId && f.count === 0);
  s.ws.close();
}

const requests = (query: string) => server.call('GET', `/api/chats/requests${query}`, { token: admin });

describe('the admin chat, one row per request', () => {
  let first: string;
  let second: string;
  let third: string;
  beforeAll(async () => {
    first = await submitQuery(server, ana.token, 'First inbox request', { projectName: 'Doral Warehouse' });
    second = await submitQuery(server, ana.token, 'Second inbox request with no project name');
    third = await submitQuery(server, ben.token, 'Third inbox request', { projectName: 'Coral Gables Villa' });
    await say(ana.token, first, 'Any news on the warehouse?');
    await say(admin, third, 'We are on it.');
  });

  it('lists the newest activity first, each row with its client, last message and unread count', async () => {
    const res = await requests('?filter=all');
    expect(res.status).toBe(200);
    const ids = res.body.data.map((r: { _id: string }) => r._id);
    expect(ids.slice(0, 3)).toEqual([third, first, second]);
    const row = res.body.data.find((r: { _id: string }) => r._id === first);
    expect(row).toMatchObject({
      projectName: 'Doral Warehouse',
      status: 'pending',
      unread: 1,
      client: { fullName: 'Ana Inbox', email: ana.email },
      lastMessage: { text: 'Any news on the warehouse?', senderRole: 'client' },
      deliveryDueAt: null,
    });
    const own = res.body.data.find((r: { _id: string }) => r._id === third);
    expect(own).toMatchObject({ unread: 0, lastMessage: { senderRole: 'admin' } });
    expect(res.body.data.find((r: { _id: string }) => r._id === second)).toMatchObject({ projectName: null, lastMessage: null });
  });

  it('filters: Unread keeps what the firm has not read, until it reads it; Open leaves out closed requests', async () => {
    const unread = (await requests('?filter=unread')).body.data.map((r: { _id: string }) => r._id);
    expect(unread).toEqual([first]);
    await markRead(admin, first);
    expect((await requests('?filter=unread')).body.data).toEqual([]);
    await say(ana.token, first, 'One more question');
    expect((await requests('?filter=unread')).body.data.map((r: { unread: number }) => r.unread)).toEqual([1]);

    const closed = await server.call('PATCH', `/api/queries/${second}/status`, { token: admin, json: { status: 'closed' } });
    expect(closed.status).toBe(200);
    const open = (await requests('')).body.data.map((r: { _id: string }) => r._id);
    expect(open).toContain(first);
    expect(open).not.toContain(second);
    expect((await requests('?filter=all')).body.data.map((r: { _id: string }) => r._id)).toContain(second);
  });

  it('pages by cursor: each request once, in order, across pages', async () => {
    const all = (await requests('?filter=all&limit=100')).body.data.map((r: { _id: string }) => r._id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await requests(`?filter=all&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((r: { _id: string }) => r._id));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);
  });

  it('refuses a bad filter or cursor with a sentence, and a client', async () => {
    const bad = await requests('?filter=mine');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'Filter must be unread, open or all.', code: expect.any(String) });
    const cursor = await requests('?cursor=nonsense');
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toBe('This page link is not valid. Reload the list.');
    expect((await server.call('GET', '/api/chats/requests', { token: ana.token })).status).toBe(403);
  });
});

describe("the queue's saved views", () => {
  let rush: string;
  let quoted: string;
  let unread: string;
  beforeAll(async () => {
    rush = await submitQuery(server, ben.token, 'Rush view request', { projectName: 'Brickell Rush' });
    quoted = await submitQuery(server, ben.token, 'Quoted view request', { projectName: 'Waiting Tower' });
    unread = await submitQuery(server, ben.token, 'Unread view request', { projectName: 'Unread Lofts' });
    const q1 = await server.call('POST', `/api/queries/${rush}/quotes`, { token: admin, json: { price: 1000, rushPrice: 1500 } });
    expect(q1.status).toBe(201);
    const accepted = await server.call('POST', `/api/quotes/${q1.body.data.quotes[0]._id}/accept`, {
      token: ben.token,
      json: { option: 'rush' },
    });
    expect(accepted.status).toBe(200);
    expect((await server.call('POST', `/api/queries/${quoted}/quotes`, { token: admin, json: { price: 800 } })).status).toBe(201);
    await say(ben.token, unread, 'Please look at sheet A2');
  });

  const view = async (name: string) => {
    const res = await server.call('GET', `/api/queries?view=${name}&sort=due&page=1&pageSize=50`, { token: admin });
    expect(res.status).toBe(200);
    return res.body as { data: Array<{ _id: string; unread: number }>; total: number };
  };

  it("'Due in 24 h' lists the accepted rush request, still owed", async () => {
    const page = await view('due24h');
    expect(page.data.map((q) => q._id)).toContain(rush);
    expect(page.data.map((q) => q._id)).not.toContain(quoted);
    expect(page.total).toBe(page.data.length);
  });

  it("'Waiting for client' lists a sent quote not yet decided, not an accepted one", async () => {
    const ids = (await view('waiting')).data.map((q) => q._id);
    expect(ids).toContain(quoted);
    expect(ids).not.toContain(rush);
  });

  it("'Unread' lists requests with unread client messages, each row with its count", async () => {
    const page = await view('unread');
    expect(page.data.find((q) => q._id === unread)?.unread).toBe(1);
    expect(page.data.map((q) => q._id)).not.toContain(rush);
  });

  it('refuses an unknown view with a sentence', async () => {
    const res = await server.call('GET', '/api/queries?view=later', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'View must be due24h, waiting or unread.', code: expect.any(String) });
  });
});

describe('files in the chat', () => {
  let request: string;
  beforeAll(async () => {
    request = await submitQuery(server, ana.token, 'Chat file request', { projectName: 'Photo Site' });
  });
  const sendUpload = (token: string, id: string, body: unknown) =>
    server.call('POST', `/api/chats/query/${id}/files`, { token, json: body });

  it('a photo sent through a resumable upload is a message with its file, in the room and in the request as From chat', async () => {
    const room = await openSocket(server.url);
    room.ws.send(JSON.stringify({ type: 'joinRoom', token: admin, queryId: request }));
    await room.next((f) => f.type === 'joined');
    const uploadId = await uploadWhole(server.url, ana.token, 'site-photo.png', PNG);
    const res = await sendUpload(ana.token, request, { uploadIds: [uploadId] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      message: 'site-photo.png',
      file: { name: 'site-photo.png', type: 'image/png', size: PNG.length },
    });
    const live = await room.next((f) => f.type === 'receiveMessage' && f.message._id === res.body.data._id);
    expect(live.message.file.name).toBe('site-photo.png');
    room.ws.close();

    // Both sides download it through its signed link; the history lists it.
    for (const token of [admin, ana.token]) {
      const messages = (await server.call('GET', `/api/chats/query/${request}/message`, { token })).body;
      const url = messages.at(-1).file.url as string;
      const file = await fetch(new URL(url, server.url));
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    }
    const query = (await server.call('GET', `/api/queries/${request}`, { token: ana.token })).body.data;
    const set = query.fileSets.find((s: { label: string }) => s.label === 'From chat');
    expect(set.files.map((f: { name: string }) => f.name)).toEqual(['site-photo.png']);
    // The firm's list shows it as the last message, unread.
    const row = (await requests('?filter=unread')).body.data.find((r: { _id: string }) => r._id === request);
    expect(row).toMatchObject({ unread: 1, lastMessage: { text: 'site-photo.png', senderRole: 'client' } });
  });

  it('sniffs the type: a file that is not what the allow-list takes is refused (415) and nothing is stored', async () => {
    const fd = new FormData();
    fd.append('files[]', new Blob([Buffer.from('MZ\x90\x00 not a picture at all')]), 'photo.png');
    const res = await server.call('POST', `/api/chats/query/${request}/files`, { token: ana.token, form: fd });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      message: expect.stringMatching(/Only PDF, DWG, ZIP or image files are accepted/),
      code: expect.any(String),
    });
    const messages = (await server.call('GET', `/api/chats/query/${request}/message`, { token: ana.token })).body;
    expect(messages.filter((m: { file?: unknown }) => m.file)).toHaveLength(1);
  });

  it('refuses a file over UPLOAD_MAX_MB (413)', async () => {
    const fd = new FormData();
    fd.append('files[]', new Blob([Buffer.concat([PNG, Buffer.alloc(1_200_000)])]), 'big.png');
    const res = await server.call('POST', `/api/chats/query/${request}/files`, { token: ana.token, form: fd });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });

  it("never shows a file to another client: their request is 404, the file's path 404, a forged link 403", async () => {
    const uploadId = await uploadWhole(server.url, ben.token, 'mine.png', PNG);
    const res = await sendUpload(ben.token, request, { uploadIds: [uploadId] });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    const messages = (await server.call('GET', `/api/chats/query/${request}/message`, { token: ana.token })).body;
    const url = new URL(messages.find((m: { file?: unknown }) => m.file).file.url, server.url);
    const asBen = await fetch(new URL(url.pathname, server.url), { headers: { authorization: `Bearer ${ben.token}` } });
    expect(asBen.status).toBe(404);
    expect(await asBen.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    url.searchParams.set('sig', 'forged');
    const forged = await fetch(url);
    expect(forged.status).toBe(403);
    // Someone else's upload cannot be sent either.
    const stolen = await sendUpload(ana.token, request, { uploadIds: [uploadId] });
    expect(stolen.status).toBe(400);
  });

  it('refuses a file on a closed request (409 query_closed)', async () => {
    const closedId = await submitQuery(server, ana.token, 'Closed chat file request');
    await server.call('PATCH', `/api/queries/${closedId}/status`, { token: admin, json: { status: 'closed' } });
    const uploadId = await uploadWhole(server.url, ana.token, 'late.png', PNG);
    const res = await sendUpload(ana.token, closedId, { uploadIds: [uploadId] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'This conversation is closed. You cannot send more messages.', code: 'query_closed' });
  });
});
