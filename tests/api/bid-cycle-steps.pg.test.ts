import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { submitQuery } from './submit-query.ts';

// Steps of the bid cycle (docs/product.md §10–§12): the project name a new request needs, the
// firm's reopen for a revision, and 'Reuse these plans' carrying the request's fields. On both
// engines: the project name's rules and the reopen's 409 are checked where the row is written.

let server: TestServer;
let admin: string;
let client: Awaited<ReturnType<typeof createClient>>;
type Service = { _id: string; title: string; subservices: Array<{ _id: string; title: string }> };
let services: Service[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  client = await createClient(server, admin, { fullName: 'Petra Project' });
  services = (await server.call<Service[]>('GET', '/api/services')).body;
}, 60_000);
afterAll(() => server.stop());

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const manufacturers = () => services.find((s) => s.title === 'Manufacturers')!._id;

/** POST /api/queries as the client, multipart with one PDF and these fields. */
function post(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [name, value] of Object.entries({ message: 'Takeoff', service: manufacturers(), ...fields })) fd.append(name, value);
  fd.append('files[]', new Blob([PDF], { type: 'application/pdf' }), 'plan.pdf');
  return server.call('POST', '/api/queries', { form: fd, token: client.token });
}
const queriesOfClient = async () =>
  (await server.deps.db.selectFrom('queries').select('id').where('user_id', '=', client.id).execute()).length;

describe('the project name of a new request', () => {
  it.each([
    ['empty', '', 'Please fill in all required fields.'],
    ['only spaces', '   ', 'Please fill in all required fields.'],
    ['121 characters', 'P'.repeat(121), 'The project name can be at most 120 characters.'],
    ['a control character inside', 'Brickell\u0007Tower', 'The project name cannot contain control characters.'],
    ['an escape sequence', 'Brickell \u001b[31mTower', 'The project name cannot contain control characters.'],
    ['a line break inside', 'Brickell\nTower', 'The project name cannot contain control characters.'],
    ['a C1 control', 'Brickell\u0085Tower', 'The project name cannot contain control characters.'],
  ])('refuses %s with 400 {message, code} and stores nothing', async (_case, projectName, message) => {
    const before = await queriesOfClient();
    const res = await post({ projectName });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'invalid_input' });
    expect(await queriesOfClient()).toBe(before);
  });

  it('takes 1 and 120 characters, trimmed, and answers the name', async () => {
    const one = await post({ projectName: ' X ' });
    expect(one.status).toBe(201);
    expect(one.body.data.projectName).toBe('X');
    const long = await post({ projectName: 'L'.repeat(120) });
    expect(long.status).toBe(201);
    expect(long.body.data.projectName).toBe('L'.repeat(120));
  });

  it("keeps docs/product.md §7's original call working: a request sent without the field reads by its message", async () => {
    const res = await post({ message: 'Roof takeoff for a warehouse' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ projectName: null, message: 'Roof takeoff for a warehouse' });
  });
});

/** Takes a request through Start, deliverables and 'Mark answered' as the admin (Rev A). */
async function answered(name: string): Promise<string> {
  const id = await submitQuery(server, client.token, `Takeoff for ${name}`, { projectName: name });
  expect((await server.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'in_progress' }, token: admin })).status).toBe(200);
  const fd = new FormData();
  fd.append('files[]', new Blob([PDF], { type: 'application/pdf' }), 'takeoff.pdf');
  expect((await server.call('POST', `/api/queries/${id}/deliverables`, { form: fd, token: admin })).status).toBe(201);
  expect((await server.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'answered' }, token: admin })).status).toBe(200);
  return id;
}
const reopen = (id: string, json: unknown, token = admin) => server.call('POST', `/api/queries/${id}/reopen`, { json, token });
const statusOf = async (id: string) =>
  (await server.deps.db.selectFrom('queries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe("the firm's 'Reopen for a revision'", () => {
  it('is offered to the admin on an answered request, and reopens it as Rev B with the reason', async () => {
    const id = await answered('Doral Logistics Hub');
    const before = (await server.call('GET', `/api/queries/${id}/workspace`, { token: admin })).body.data;
    expect(before.moves).toContainEqual({ move: 'reopen' });

    const res = await reopen(id, { reason: '  The owner added a mezzanine.  ' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Revision requested (Rev B).');
    expect(res.body.data.status).toBe('in_progress');
    const revisions = res.body.data.revisions as Array<{ letter: string; reason: string | null }>;
    expect(revisions.map((r) => r.letter)).toEqual(['A', 'B']);
    expect(revisions[1]!.reason).toBe('The owner added a mezzanine.');

    // The client is told, and the history says it.
    const mails = (await server.outbox()).filter((m) => m.to.includes(client.email) && m.subject.startsWith('Revision requested (Rev B)'));
    expect(mails).toHaveLength(1);
    const history = await server.deps.db.selectFrom('activities').select('activity').where('query_id', '=', id).execute();
    expect(history.map((h) => h.activity)).toContain('Revision requested: Rev B');
    const after = (await server.call('GET', `/api/queries/${id}/workspace`, { token: admin })).body.data;
    expect(after.moves).not.toContainEqual({ move: 'reopen' });
  });

  it.each([
    ['missing', {}, 'Please say what should change.'],
    ['blank', { reason: ' \n ' }, 'Please say what should change.'],
    ['over 1,000 characters', { reason: 'r'.repeat(1001) }, 'The reason can be at most 1,000 characters.'],
  ])('refuses a reason that is %s with 400 {message, code}, leaving the request answered', async (_case, body, message) => {
    const id = await answered(`Reason ${_case}`);
    const res = await reopen(id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, code: 'invalid_input' });
    expect(await statusOf(id)).toBe('answered');
  });

  it('takes a reason of exactly 1,000 characters', async () => {
    const id = await answered('Reason at the limit');
    const res = await reopen(id, { reason: 'r'.repeat(1000) });
    expect(res.status).toBe(200);
    expect(res.body.data.revisions.at(-1)).toMatchObject({ letter: 'B', reason: 'r'.repeat(1000) });
  });

  it('refuses a closed request with 409 query_closed, and one not answered with 409', async () => {
    const id = await answered('Closed Marina');
    expect((await server.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'closed' }, token: admin })).status).toBe(200);
    const closed = await reopen(id, { reason: 'One more change.' });
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({ message: 'This query is closed. A closed query cannot be reopened.', code: 'query_closed' });
    expect(await statusOf(id)).toBe('closed');

    const pending = await submitQuery(server, client.token, 'Not answered yet', { projectName: 'Pending Plaza' });
    const early = await reopen(pending, { reason: 'Too early.' });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: 'Only an answered query can be reopened for a revision.', code: 'invalid_transition' });
  });

  it("keeps another client's request a 404 for a client, and the move the client's own", async () => {
    const id = await answered('Other Client Tower');
    const stranger = await createClient(server, admin, { fullName: 'Stan Stranger' });
    const res = await reopen(id, { reason: 'Not mine.' }, stranger.token);
    expect(res.status).toBe(404);
    expect(await statusOf(id)).toBe('answered');
  });
});

describe("'Reuse these plans'", () => {
  it("carries the service, sub-service, location and bid date the form read from the earlier request, and they stay the new request's own", async () => {
    const gc = services.find((s) => s.title === 'General Contractor')!;
    const [bids, commercial] = [gc.subservices[0]!, gc.subservices[1]!];
    const made = await post({
      message: 'Public school takeoff',
      projectName: 'Miami Dade School',
      service: gc._id,
      subService: bids._id,
      location: 'Doral, FL',
      bidDueDate: '2031-03-14',
    });
    expect(made.status).toBe(201);
    const earlierId = made.body.data._id as string;
    // The earlier request's own fields are what the form reads (GET /queries/{id}) to fill itself.
    const earlier = (await server.call('GET', `/api/queries/${earlierId}`, { token: client.token })).body.data;
    expect(earlier).toMatchObject({
      service: { _id: gc._id },
      subservice: { _id: bids._id },
      location: 'Doral, FL',
      bidDueDate: '2031-03-14',
    });

    // Sent back as they came, with the files by reference: the new request has them all.
    const carried = new FormData();
    for (const [name, value] of Object.entries({
      message: 'Phase 2 of the school',
      projectName: 'Miami Dade School, phase 2',
      service: earlier.service._id,
      subService: earlier.subservice._id,
      location: earlier.location,
      bidDueDate: earlier.bidDueDate,
      reuseFiles: earlier.files.map((f: { _id: string }) => f._id).join(','),
    }))
      carried.append(name, value);
    const res = await server.call('POST', '/api/queries', { form: carried, token: client.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      service: { _id: gc._id },
      subservice: { _id: bids._id },
      location: 'Doral, FL',
      bidDueDate: '2031-03-14',
    });
    expect(res.body.data.files.map((f: { name: string }) => f.name)).toEqual(earlier.files.map((f: { name: string }) => f.name));

    // Edited on the way (each stays editable): the new values are kept, the earlier request is unchanged.
    const edited = new FormData();
    for (const [name, value] of Object.entries({
      message: 'Phase 3 of the school',
      projectName: 'Miami Dade School, phase 3',
      service: gc._id,
      subService: commercial._id,
      location: 'Hialeah, FL',
      bidDueDate: '2031-04-01',
      reuseFiles: earlier.files.map((f: { _id: string }) => f._id).join(','),
    }))
      edited.append(name, value);
    const next = await server.call('POST', '/api/queries', { form: edited, token: client.token });
    expect(next.status).toBe(201);
    expect(next.body.data).toMatchObject({ subservice: { _id: commercial._id }, location: 'Hialeah, FL', bidDueDate: '2031-04-01' });
    const again = (await server.call('GET', `/api/queries/${earlierId}`, { token: client.token })).body.data;
    expect(again).toMatchObject({ subservice: { _id: bids._id }, location: 'Doral, FL', bidDueDate: '2031-03-14' });
  });
});
