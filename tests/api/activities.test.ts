import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MESSAGE_ACTIVITY_WINDOW_MS } from '../../portal-api/src/modules/activities/activities.repo.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let admin: string;
let a: Awaited<ReturnType<typeof createClient>>;
let b: Awaited<ReturnType<typeof createClient>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  a = await createClient(server, admin);
  b = await createClient(server, admin);
});
afterAll(async () => {
  await server?.stop();
});

async function submit(token: string, message: string): Promise<string> {
  const service = (await server.call('GET', '/api/services')).body.find((s: { title: string }) => s.title === 'Manufacturers')._id;
  const fd = new FormData();
  fd.append('message', message);
  fd.append('service', service);
  fd.append('files[]', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'plan.pdf');
  const res = await server.call('POST', '/api/queries', { form: fd, token });
  expect(res.status).toBe(201);
  return res.body.data._id;
}

async function chat(token: string, queryId: string, message: string): Promise<void> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`);
  await new Promise((r) => ws.once('open', r));
  const got = new Promise<any>((resolve) => ws.on('message', (d) => resolve(JSON.parse(d.toString()))));
  ws.send(JSON.stringify({ type: 'sendMessage', token, queryId, message }));
  expect((await got).type).toBe('receiveMessage');
  ws.close();
}

describe('GET /api/recent-activities', () => {
  it('records a created query and chat messages, newest first, with the query', async () => {
    const q = await submit(a.token, 'Framing takeoff for a duplex');
    await chat(a.token, q, 'Any update?');
    await chat(a.token, q, 'Also the garage'); // same conversation, right after: still one row
    await chat(admin, q, 'Tomorrow morning');
    await chat(admin, q, 'And the garage too');
    const res = await server.call('GET', '/api/recent-activities', { token: a.token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((x: { activity: string }) => x.activity)).toEqual([
      'Reply from the estimating team',
      'Message sent',
      'Query submitted',
    ]);
    expect(res.body[2]).toMatchObject({ status: 'pending', query: { _id: q, message: 'Framing takeoff for a duplex', status: 'pending' } });
    expect(res.body[0].createdAt >= res.body[2].createdAt).toBe(true);
  });

  it('names the client of every activity, also for the admin', async () => {
    const forAdmin = (await server.call('GET', '/api/recent-activities', { token: admin })).body as Array<{
      activity: string;
      user: { _id: string; fullName: string } | null;
    }>;
    const sent = forAdmin.find((x) => x.activity === 'Message sent')!;
    expect(sent.user).toEqual({ _id: a.id, fullName: a.fullName });
    const reply = forAdmin.find((x) => x.activity === 'Reply from the estimating team')!;
    expect(reply.user).toEqual({ _id: a.id, fullName: a.fullName });
  });

  it("shows a client only its own activities and an admin everyone's", async () => {
    const qb = await submit(b.token, 'B private request');
    const forA = (await server.call('GET', '/api/recent-activities', { token: a.token })).body as Array<{ query: { _id: string } | null }>;
    expect(forA.some((x) => x.query?._id === qb)).toBe(false);
    const forB = (await server.call('GET', '/api/recent-activities', { token: b.token })).body as Array<{ query: { _id: string } | null }>;
    expect(forB.map((x) => x.query?._id)).toEqual([qb]);
    const forAdmin = (await server.call('GET', '/api/recent-activities', { token: admin })).body as Array<{
      query: { _id: string } | null;
    }>;
    expect(forAdmin.length).toBe(4);
    expect(forAdmin[0]!.query?._id).toBe(qb);
    expect((await server.call('GET', '/api/recent-activities')).status).toBe(401);
    expect((await server.call('GET', '/api/recent-activities?limit=0', { token: a.token })).status).toBe(400);
  });

  it('starts a new row once the same line is older than the window, or another query or line comes between', async () => {
    const c = await createClient(server, admin);
    const q1 = await submit(c.token, 'Roofing takeoff');
    const q2 = await submit(c.token, 'Drywall takeoff');
    const lines = async () =>
      (
        (await server.call('GET', '/api/recent-activities?limit=20', { token: c.token })).body as Array<{
          activity: string;
          query: { _id: string };
        }>
      ).map((x) => `${x.activity} ${x.query._id === q1 ? 'q1' : 'q2'}`);
    await chat(c.token, q1, 'First');
    await chat(c.token, q2, 'Other request'); // another query in between: a row of its own
    await chat(c.token, q1, 'Back to the first');
    expect(await lines()).toEqual(['Message sent q1', 'Message sent q2', 'Message sent q1', 'Query submitted q2', 'Query submitted q1']);
    // Every row of this client moves back by the window, in the same order: the latest is still
    // the run on q1, now older than the window, so its next message starts a new row.
    const rows = await server.deps.db.selectFrom('activities').select(['id', 'created_at']).where('user_id', '=', c.id).execute();
    for (const row of rows) {
      const earlier = new Date(Date.parse(row.created_at) - MESSAGE_ACTIVITY_WINDOW_MS - 1000).toISOString();
      await server.deps.db.updateTable('activities').set({ created_at: earlier }).where('id', '=', row.id).execute();
    }
    await chat(c.token, q1, 'Still there?');
    await chat(c.token, q1, 'Hello?'); // within the window of the new row: no row
    expect((await lines()).filter((l) => l === 'Message sent q1')).toHaveLength(3);
  });
});
