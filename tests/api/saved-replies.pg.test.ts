import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders } from '../../portal-api/src/modules/saved-replies/saved-replies.rules.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket, type Socket } from './socket.ts';
import { submitQuery } from './submit-query.ts';

// docs/product.md §25 "Saved replies": the shared list, its unique titles, and a reply sent with its files.

let server: TestServer;
let admin: string;
let client: Awaited<ReturnType<typeof createClient>>;
const sockets: Socket[] = [];
const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  client = await createClient(server, admin, { fullName: 'Ana Ruiz' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await server?.stop();
});

function form(fields: Record<string, string>, files: Array<[string, string]> = []) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [name, content] of files) fd.append('files[]', new Blob([content]), name);
  return fd;
}
const create = (fields: Record<string, string>, files: Array<[string, string]> = [], token = admin) =>
  server.call('POST', '/api/saved-replies', { token, form: form(fields, files) });
const download = async (url: string, token?: string) =>
  fetch(new URL(url, server.url), { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('the saved replies list', () => {
  it('keeps a title, a body with placeholders and files, shared by every admin', async () => {
    const res = await create({ title: 'Plans received', body: 'Hi {client_first_name}, we have the plans of {project_name}.' }, [
      ['takeoff.pdf', PDF],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Plans received', files: [{ name: 'takeoff.pdf', type: 'application/pdf' }] });
    const list = await server.call('GET', '/api/saved-replies', { token: admin });
    expect(list.body.data.map((r: { title: string }) => r.title)).toContain('Plans received');
    const file = await download(res.body.data.files[0].url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(PDF);
  });

  it('refuses a title already used, in any case, with 409 and stores nothing', async () => {
    await create({ title: 'Need addenda', body: 'Please send the addenda.' });
    const before = (await server.deps.db.selectFrom('saved_reply_files').select('id').execute()).length;
    const res = await create({ title: '  need ADDENDA ', body: 'Another body' }, [['a.pdf', PDF]]);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'A saved reply with this title already exists.', code: 'already_exists' });
    expect((await server.deps.db.selectFrom('saved_reply_files').select('id').execute()).length).toBe(before);
    const other = await create({ title: 'Sample takeoff', body: 'Here is a sample.' });
    const renamed = await server.call('PATCH', `/api/saved-replies/${other.body.data._id}`, {
      token: admin,
      json: { title: 'NEED addenda' },
    });
    expect(renamed.status).toBe(409);
    const ok = await server.call('PATCH', `/api/saved-replies/${other.body.data._id}`, {
      token: admin,
      json: { body: 'Here is a sample takeoff.' },
    });
    expect(ok.body.data.body).toBe('Here is a sample takeoff.');
  });

  it('refuses an empty title, a body over 4,000 characters, a file type not accepted and a client', async () => {
    expect((await create({ title: ' ', body: 'x' })).body.message).toBe('Please give the reply a title.');
    expect((await create({ title: 'Long', body: 'x'.repeat(4001) })).body.message).toBe('The reply can be at most 4,000 characters.');
    const exe = await create({ title: 'Program', body: 'x' }, [['run.exe', 'MZ\u0090\u0000 not a plan']]);
    expect(exe.status).toBe(415);
    expect((await server.call('GET', '/api/saved-replies', { token: client.token })).status).toBe(403);
    expect((await create({ title: 'Client reply', body: 'x' }, [], client.token)).status).toBe(403);
    expect(
      await server.deps.db.selectFrom('saved_replies').select('id').where('title', 'in', ['Long', 'Program', 'Client reply']).execute(),
    ).toEqual([]);
  });

  it('deletes a reply and its files', async () => {
    const res = await create({ title: 'Temporary', body: 'x' }, [['t.pdf', PDF]]);
    expect((await server.call('DELETE', `/api/saved-replies/${res.body.data._id}`, { token: admin })).status).toBe(200);
    expect((await server.call('DELETE', `/api/saved-replies/${res.body.data._id}`, { token: admin })).status).toBe(404);
    expect((await download(res.body.data.files[0].url)).status).toBe(404);
  });
});

describe('answering with a saved reply', () => {
  it('sends the filled text and adds its files to the request, for the client to download', async () => {
    const queryId = await submitQuery(server, client.token, 'Coral Gables house', {
      projectName: 'Coral Gables House',
      bidDueDate: '2026-12-04',
    });
    const reply = await create(
      { title: 'Estimate sample', body: 'Hi {client_first_name}, attached is a sample for {project_name}, before {bid_due_date}.' },
      [['sample.pdf', PDF]],
    );
    const filled = fillPlaceholders(reply.body.data.body, {
      clientFullName: 'Ana Ruiz',
      projectName: 'Coral Gables House',
      bidDueDate: '2026-12-04',
    });
    const clientSocket = await openSocket(server.url);
    const adminSocket = await openSocket(server.url);
    sockets.push(clientSocket, adminSocket);
    clientSocket.ws.send(JSON.stringify({ type: 'joinRoom', token: client.token, queryId }));
    await clientSocket.next((f) => f.type === 'joined');
    adminSocket.ws.send(JSON.stringify({ type: 'sendMessage', token: admin, queryId, message: filled, savedReplyId: reply.body.data._id }));

    const got = await clientSocket.next((f) => f.type === 'receiveMessage');
    expect(got.message.message).toBe(
      "Hi Ana, attached is a sample for Coral Gables House, before December 4, 2026. · Attached to this request's files: sample.pdf",
    );
    const query = (await server.call('GET', `/api/queries/${queryId}`, { token: client.token })).body.data;
    const sent = query.files.find((f: { name: string }) => f.name === 'sample.pdf');
    expect(sent).toBeTruthy();
    // The reply's file is the request's own copy: deleting the reply leaves it.
    await server.call('DELETE', `/api/saved-replies/${reply.body.data._id}`, { token: admin });
    const file = await download(sent.url);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(PDF);
  });

  it('refuses a client naming a saved reply, and an unknown reply, storing nothing', async () => {
    const queryId = await submitQuery(server, client.token, 'Refused replies');
    const reply = await create({ title: 'For admins', body: 'x' }, [['only.pdf', PDF]]);
    const s = await openSocket(server.url);
    sockets.push(s);
    s.ws.send(JSON.stringify({ type: 'sendMessage', token: client.token, queryId, message: 'hi', savedReplyId: reply.body.data._id }));
    expect(await s.next((f) => f.type === 'error')).toMatchObject({ code: 'forbidden' });
    const a = await openSocket(server.url);
    sockets.push(a);
    a.ws.send(JSON.stringify({ type: 'sendMessage', token: admin, queryId, message: 'hi', savedReplyId: 'no-such-reply' }));
    expect(await a.next((f) => f.type === 'error')).toMatchObject({ code: 'not_found', message: 'Saved reply not found.' });
    const messages = await server.call('GET', `/api/chats/query/${queryId}/message`, { token: admin });
    expect(messages.body).toEqual([]);
    const files = (await server.call('GET', `/api/queries/${queryId}`, { token: admin })).body.data.files;
    expect(files.map((f: { name: string }) => f.name)).toEqual(['plan.pdf']);
  });
});
