import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, mailsTo, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket, type Socket } from './socket.ts';
import { inviteAdmin } from './staff-accounts.ts';
import { submitQuery } from './submit-query.ts';

// docs/product.md §25 "Assignment": one optional assignee per request, the queue's filter, the
// history line, the mail and the live frame to the admins.

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
  queryId = await submitQuery(server, client.token, 'Brickell tower takeoff', { projectName: 'Brickell Tower' });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await server?.stop();
});

async function watching(token: string) {
  const s = await openSocket(server.url);
  sockets.push(s);
  s.ws.send(JSON.stringify({ type: 'watchUnread', token }));
  await s.next((f) => f.type === 'unread');
  return s;
}
const assign = (id: string, assigneeId: string | null, token = admin) =>
  server.call('PUT', `/api/queries/${id}/assignee`, { token, json: { assigneeId } });

describe('assigning a request', () => {
  it('names the assignee to the client, writes the history, mails the assignee and tells the admins live', async () => {
    const adminSocket = await watching(admin);
    const clientSocket = await watching(client.token);
    const res = await assign(queryId, maria.id);
    expect(res.status).toBe(200);
    expect(res.body.data.assignee).toEqual({ _id: maria.id, fullName: 'Maria Lopez' });

    const frame = await adminSocket.next((f) => f.type === 'queryAssigned');
    expect(frame).toMatchObject({ queryId, assignee: { _id: maria.id, fullName: 'Maria Lopez' }, by: { fullName: 'Administrator' } });

    const mail = (await mailsTo(server, maria.email)).find((m) => m.subject.startsWith('Assigned to you'));
    expect(mail?.subject).toBe('Assigned to you: Brickell Tower');
    expect(mail?.text).toContain(`/admin-chat/${queryId}`);

    const seen = await server.call('GET', `/api/queries/${queryId}/workspace`, { token: client.token });
    expect(seen.body.data.query.assignee).toEqual({ _id: maria.id, fullName: 'Maria Lopez' });
    expect(seen.body.data.history.map((h: { activity: string }) => h.activity)).toContain('Assigned to Maria Lopez');

    // The client's socket heard nothing of it: a later frame of theirs arrives, the assignment frame never did.
    clientSocket.ws.send(JSON.stringify({ type: 'watchUnread', token: client.token }));
    await until2Unread(clientSocket);
    expect(clientSocket.frames.some((f) => f.type === 'queryAssigned')).toBe(false);
  });

  it('mails nobody when admins assign to themselves, and writes nothing when nothing changes', async () => {
    const id = await submitQuery(server, client.token, 'Self assigned');
    // Mail rows are written in the transaction of the change, so the outbox table is exact at once.
    const assignmentMails = async () =>
      (
        await server.deps.db
          .selectFrom('outbox')
          .select('id')
          .where('kind', '=', 'request-assigned')
          .where('recipient', '=', maria.email)
          .execute()
      ).length;
    const before = await assignmentMails();
    expect((await assign(id, maria.id, maria.token)).status).toBe(200);
    expect((await assign(id, maria.id, maria.token)).status).toBe(200);
    expect(await assignmentMails()).toBe(before);
    const history = (await server.call('GET', `/api/queries/${id}/workspace`, { token: admin })).body.data.history;
    expect(history.filter((h: { activity: string }) => h.activity.startsWith('Assigned')).length).toBe(1);
    await assign(id, null);
    await assign(id, maria.id);
    expect(await assignmentMails()).toBe(before + 1);
  });

  it('gives the request back to the team with null', async () => {
    const id = await submitQuery(server, client.token, 'Back to the team');
    await assign(id, maria.id);
    const res = await assign(id, null);
    expect(res.body.data.assignee).toBeNull();
    const seen = await server.call('GET', `/api/queries/${id}`, { token: client.token });
    expect(seen.body.data.assignee).toBeNull();
  });

  it('refuses a client, a disabled admin and an unknown id as the assignee', async () => {
    for (const assigneeId of [client.id, 'nobody-at-all']) {
      const res = await assign(queryId, assigneeId);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'A request can be assigned only to an active admin.', code: 'invalid_assignee' });
    }
    const leaving = await inviteAdmin(server, admin, 'Leaving Soon');
    expect((await server.call('POST', `/api/staff/${leaving.id}/disable`, { token: admin })).status).toBe(200);
    const res = await assign(queryId, leaving.id);
    expect(res.body.code).toBe('invalid_assignee');
    // Nothing changed.
    expect((await server.call('GET', `/api/queries/${queryId}`, { token: admin })).body.data.assignee._id).toBe(maria.id);
  });

  it('is refused to clients (403) and answers 404 for an unknown request', async () => {
    expect((await assign(queryId, maria.id, client.token)).status).toBe(403);
    expect((await assign('no-such-request', maria.id)).status).toBe(404);
    expect((await server.call('PUT', `/api/queries/${queryId}/assignee`, { json: { assigneeId: null } })).status).toBe(401);
  });
});

describe('the queue filter', () => {
  it('lists Mine, Unassigned and Everyone, with totals, combined with status and search', async () => {
    const fresh = await createClient(server, admin, { fullName: 'Filter Client' });
    const mine = await submitQuery(server, fresh.token, 'Filter mine');
    const theirs = await submitQuery(server, fresh.token, 'Filter theirs');
    const nobody = await submitQuery(server, fresh.token, 'Filter nobody');
    await assign(mine, maria.id);
    await assign(
      theirs,
      (await server.deps.db.selectFrom('users').select('id').where('email', '=', 'admin@example.com').executeTakeFirstOrThrow()).id,
    );
    const list = async (assignee: string, extra = '') => {
      const res = await server.call('GET', `/api/queries?pageSize=50&search=Filter&assignee=${assignee}${extra}`, { token: maria.token });
      expect(res.status).toBe(200);
      return { ids: res.body.data.map((q: { _id: string }) => q._id), total: res.body.total };
    };
    expect(await list('mine')).toEqual({ ids: [mine], total: 1 });
    expect(await list('unassigned')).toEqual({ ids: [nobody], total: 1 });
    expect((await list('everyone')).ids.sort()).toEqual([mine, theirs, nobody].sort());
    expect((await list('mine', '&status=closed')).total).toBe(0);
    expect((await list('mine', '&status=open')).ids).toEqual([mine]);

    // Without a search the total counts the filter's rows too (not the kept per-status counts).
    const all = await server.call('GET', '/api/queries?page=1&pageSize=100&assignee=mine', { token: maria.token });
    expect(all.body.total).toBe(all.body.data.length);
    expect(all.body.data.every((q: { assignee: { _id: string } | null }) => q.assignee?._id === maria.id)).toBe(true);
    const bad = await server.call('GET', '/api/queries?assignee=someone', { token: maria.token });
    expect(bad.status).toBe(400);
  });
});

/** Waits for the answer to the second watchUnread the test sent. */
async function until2Unread(s: Socket) {
  const { until } = await import('./until.ts');
  await until('a second unread answer', () => s.frames.filter((f) => f.type === 'unread' && f.queries).length >= 2);
}
