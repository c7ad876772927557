import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { readZip } from './zip-reader.ts';

// The request workspace: GET /queries/{id}/workspace and the plans as one ZIP.

const PLAN_A = Buffer.from('%PDF-1.4\nfirst floor plan\n%%EOF\n');
const PLAN_B = Buffer.from('%PDF-1.4\nsecond floor plan, a little longer to compress\n%%EOF\n'.repeat(20));

let server: TestServer;
let admin: string;
let owner: Awaited<ReturnType<typeof createClient>>;
let other: Awaited<ReturnType<typeof createClient>>;
let queryId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  owner = await createClient(server, admin, { fullName: 'Olga Owner' });
  other = await createClient(server, admin, { fullName: 'Oscar Other' });
  const profile = new FormData();
  profile.append('fullName', 'Olga Owner');
  profile.append('company', 'Olga Builders LLC');
  profile.append('phoneNumber', '+1 305 555 0199');
  expect((await server.call('PUT', '/api/users/profile', { token: owner.token, form: profile })).status).toBe(200);
  const services = (await server.call('GET', '/api/services')).body as { _id: string; title: string; subServices?: unknown[] }[];
  const service = services.find((s) => s.title === 'Manufacturers')!;
  const fd = new FormData();
  fd.append('message', 'Takeoff for a two-storey house');
  fd.append('service', service._id);
  fd.append('bidDueDate', '2030-01-15');
  fd.append('files[]', new Blob([PLAN_A]), 'plan.pdf');
  fd.append('files[]', new Blob([PLAN_B]), 'plan.pdf');
  const res = await server.call('POST', '/api/queries', { form: fd, token: owner.token });
  expect(res.status).toBe(201);
  queryId = res.body.data._id;
});
afterAll(async () => server?.stop());

describe('GET /api/queries/{id}/workspace', () => {
  it('gives the admin the client, the files, the history and the actions allowed now', async () => {
    const res = await server.call('GET', `/api/queries/${queryId}/workspace`, { token: admin });
    expect(res.status).toBe(200);
    const ws = res.body.data;
    expect(ws.query).toMatchObject({ _id: queryId, status: 'pending', bidDueDate: '2030-01-15' });
    expect(ws.query.files.map((f: { name: string }) => f.name)).toEqual(['plan.pdf', 'plan.pdf']);
    expect(ws.client).toEqual({
      _id: owner.id,
      fullName: 'Olga Owner',
      email: owner.email,
      company: 'Olga Builders LLC',
      phone: '+1 305 555 0199',
    });
    expect(ws.actions).toEqual(['in_progress', 'closed']);
    expect(ws.history).toEqual([expect.objectContaining({ activity: 'Query submitted', by: 'client' })]);
    expect(ws.filesZipUrl).toMatch(new RegExp(`^/api/queries/${queryId}/files\\.zip\\?exp=\\d+&sig=`));
    expect(ws.unread).toBe(0);
  });

  it('shows the status change in history and narrows the actions', async () => {
    expect((await server.call('PATCH', `/api/queries/${queryId}/status`, { token: admin, json: { status: 'in_progress' } })).status).toBe(
      200,
    );
    const ws = (await server.call('GET', `/api/queries/${queryId}/workspace`, { token: admin })).body.data;
    expect(ws.query.status).toBe('in_progress');
    expect(ws.actions).toEqual(['answered', 'closed']);
    expect(ws.history.map((h: { activity: string; by: string }) => [h.activity, h.by])).toEqual([
      ['Query submitted', 'client'],
      ['Query marked In Progress', 'firm'],
    ]);
  });

  it('gives the owner the same request read-only: no actions', async () => {
    const res = await server.call('GET', `/api/queries/${queryId}/workspace`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.query._id).toBe(queryId);
    expect(res.body.data.actions).toEqual([]);
  });

  it('answers 404 to another client, and 401 without a token', async () => {
    const res = await server.call('GET', `/api/queries/${queryId}/workspace`, { token: other.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Query not found.', code: 'not_found' });
    expect((await server.call('GET', `/api/queries/${queryId}/workspace`)).status).toBe(401);
    expect((await server.call('GET', '/api/queries/nope/workspace', { token: admin })).status).toBe(404);
  });
});

describe('GET /api/queries/{id}/files.zip', () => {
  it('streams every plan file in one ZIP through the signed link, duplicate names kept apart', async () => {
    const { filesZipUrl } = (await server.call('GET', `/api/queries/${queryId}/workspace`, { token: owner.token })).body.data;
    const res = await fetch(`${server.url}${filesZipUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()]).toEqual(['plan.pdf', 'plan (2).pdf']);
    expect(entries.get('plan.pdf')).toEqual(PLAN_A);
    expect(entries.get('plan (2).pdf')).toEqual(PLAN_B);
  });

  it('takes the bearer token of the owner or an admin, and refuses anyone else', async () => {
    for (const token of [owner.token, admin]) {
      const res = await fetch(`${server.url}/api/queries/${queryId}/files.zip`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(readZip(Buffer.from(await res.arrayBuffer())).size).toBe(2);
    }
    const stranger = await server.call('GET', `/api/queries/${queryId}/files.zip`, { token: other.token });
    expect(stranger.status).toBe(404);
    expect((await server.call('GET', `/api/queries/${queryId}/files.zip`)).status).toBe(401);
  });

  it('refuses a forged, borrowed or expired signature with 403 (the OpenAPI document: a guessed or expired link)', async () => {
    const { filesZipUrl } = (await server.call('GET', `/api/queries/${queryId}/workspace`, { token: admin })).body.data as {
      filesZipUrl: string;
    };
    const forged = filesZipUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await server.call('GET', forged)).status).toBe(403);
    const expired = filesZipUrl.replace(/exp=\d+/, `exp=${Math.floor(Date.now() / 1000) - 60}`);
    expect((await server.call('GET', expired)).status).toBe(403);
    // The signature of one request does not open another's plans.
    const borrowed = filesZipUrl.replace(`/queries/${queryId}/`, '/queries/someoneelse/');
    const res = await server.call('GET', borrowed);
    expect(res.status).toBe(403);
    expect(res.body.message).toEqual(expect.any(String));
  });
});
