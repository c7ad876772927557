import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../portal-api/src/shared/error-codes.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket, type Socket } from './socket.ts';
import { submitQuery } from './submit-query.ts';
import { createUpload } from './tus-client.ts';

// Each machine code of shared/error-codes.ts, caused for real and read back from the answer (or
// the /ws error frame) that carries it: a client may rely on every code the document lists.
// Codes caused by a broken server rather than a request are proven where that breakage is staged.
const PROVEN_ELSEWHERE: Partial<Record<ErrorCode, string>> = {
  internal_error: 'tests/api/reset-password-rollback.test.ts',
  service_unavailable: 'tests/api/health.test.ts (migrations not applied)',
  database_unreachable: 'tests/api/database-down.test.ts and health.test.ts',
  insufficient_storage: 'tests/api/disk-full.test.ts (on a full tmpfs)',
  idempotency_in_progress: 'tests/api/idempotency.test.ts (a second call while the first runs)',
  otp_exhausted: 'tests/api/auth.test.ts (wrong codes until the code is burnt)',
  invite_invalid: 'tests/api/companies.pg.test.ts (an invitation used twice, made-up tokens)',
  invite_expired: 'tests/api/companies.pg.test.ts (an invitation past its expiry)',
  invite_other_email: 'tests/api/companies.pg.test.ts (an invitation used with another e-mail)',
  not_company_owner: 'tests/api/companies.pg.test.ts (a member who is not the owner invites)',
  owner_cannot_leave: 'tests/api/companies.pg.test.ts (the owner leaves)',
  account_disabled: 'tests/api/staff.pg.test.ts (a disabled admin signing in)',
  invitation_invalid: 'tests/api/staff.pg.test.ts (a used, expired, wrong or foreign invitation link)',
  last_admin: 'tests/api/staff.pg.test.ts (the last active admin disabling themselves)',
  invalid_assignee: 'tests/api/assignment.pg.test.ts (assigning to a client or a disabled admin)',
};

let server: TestServer;
let admin: string;
let client: Awaited<ReturnType<typeof createClient>>;
let other: Awaited<ReturnType<typeof createClient>>;
let queryId: string;
const sockets: Socket[] = [];
const proven = new Set<ErrorCode>();

beforeAll(async () => {
  // Every call is held against the OpenAPI document too (openapi-contract.ts): each status and body is listed there.
  server = await startTestServer({ COMPANY_EMAIL: 'desk@example.com', UPLOAD_MAX_MB: '1' }, { contract: true });
  admin = await signInAdmin(server);
  client = await createClient(server, admin);
  other = await createClient(server, admin);
  queryId = await submitQuery(server, client.token, 'A request to be refused in every way.');
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await server?.stop();
});

const pdf = () => new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' });
const manufacturers = async () =>
  (await server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body.find((s) => s.title === 'Manufacturers')!._id;

async function expectCode(code: ErrorCode, status: number, res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ message: expect.any(String), code });
  proven.add(code);
}

async function socket() {
  const s = await openSocket(server.url);
  sockets.push(s);
  return s;
}
async function expectFrameCode(s: Socket, frame: unknown, code: ErrorCode) {
  const before = s.frames.length;
  s.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  const error = await s.next((f) => f.type === 'error' && s.frames.indexOf(f) >= before);
  expect(error).toEqual({ type: 'error', message: expect.any(String), code });
  proven.add(code);
}

describe('every error code is answered where it says', () => {
  it('input, JSON and size', async () => {
    const res = await server.call('POST', '/api/contact/submit', { json: { email: 'a@example.com' } });
    await expectCode('invalid_input', 400, res);
    expect(res.body.field).toBe('name');
    await expectCode(
      'malformed_json',
      400,
      await server.call('POST', '/api/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } }),
    );
    await expectCode(
      'payload_too_large',
      413,
      await server.call('POST', '/api/auth/login', { json: { email: 'x'.repeat(1_100_000), password: 'x' } }),
    );
  });

  it('sign-in and sessions', async () => {
    await expectCode('unauthorized', 401, await server.call('GET', '/api/users/profile'));
    await expectCode('session_expired', 401, await server.call('GET', '/api/users/profile', { token: 'not-a-session' }));
    await expectCode(
      'invalid_credentials',
      401,
      await server.call('POST', '/api/auth/login', { json: { email: client.email, password: 'wrong password 1' } }),
    );
    await expectCode(
      'invalid_otp',
      400,
      await server.call('POST', '/api/auth/login-verify-otp', { json: { email: client.email, otp: '000000' } }),
    );
    await expectCode(
      'otp_required',
      401,
      await server.call('POST', '/api/auth/reset-password', { json: { email: client.email, newPassword: 'A-new-passw0rd' } }),
    );
    const email = `waiting-${Date.now()}@example.com`;
    expect(
      (await server.call('POST', '/api/auth/register', { json: { fullName: 'Waiting', email, password: 'Waiting-Passw0rd' } })).status,
    ).toBe(201);
    await expectCode('not_approved', 403, await server.call('POST', '/api/auth/login', { json: { email, password: 'Waiting-Passw0rd' } }));
    await expectCode('forbidden', 403, await server.call('GET', '/api/users', { token: client.token }));
    await expectCode('not_found', 404, await server.call('GET', `/api/queries/${queryId}`, { token: other.token }));
    await expectCode('link_expired', 403, await server.call('GET', '/uploads/private/queries/not-signed.pdf'));
  });

  it('records that exist, moves that are not allowed, a closed request', async () => {
    await expectCode('conflict', 409, await server.call('DELETE', `/api/services/${await manufacturers()}`, { token: admin }));
    const name = `Codes ${Date.now()}`;
    expect((await server.call('POST', '/api/categories', { json: { name }, token: admin })).status).toBe(201);
    await expectCode(
      'already_exists',
      409,
      await server.call('POST', '/api/categories', { json: { name: name.toUpperCase() }, token: admin }),
    );
    await expectCode(
      'invalid_transition',
      409,
      await server.call('PATCH', `/api/queries/${queryId}/status`, { json: { status: 'pending' }, token: admin }),
    );

    const closed = await submitQuery(server, client.token, 'A request that gets closed.');
    expect((await server.call('PATCH', `/api/queries/${closed}/status`, { json: { status: 'closed' }, token: admin })).status).toBe(200);
    const form = new FormData();
    form.append('files[]', pdf(), 'more.pdf');
    await expectCode('query_closed', 409, await server.call('POST', `/api/queries/${closed}/addenda`, { form, token: client.token }));
    const s = await socket();
    await expectFrameCode(
      s,
      { type: 'sendMessage', token: client.token, queryId: closed, message: 'Still there?', replyTo: null },
      'query_closed',
    );
  });

  it('files and uploads', async () => {
    const service = await manufacturers();
    const request = (file: Blob, name: string) => {
      const form = new FormData();
      form.append('message', 'Files.');
      form.append('service', service);
      form.append('files[]', file, name);
      return server.call('POST', '/api/queries', { form, token: client.token });
    };
    await expectCode('file_type_refused', 415, await request(new Blob(['just words, not a plan']), 'notes.txt'));
    await expectCode('file_too_large', 413, await request(new Blob([new Uint8Array(1_200_000)]), 'big.pdf'));
    await expectCode(
      'unsupported_media_type',
      415,
      await server.call('POST', '/api/queries', { json: { message: 'Files.', service }, token: client.token }),
    );
    const json = (uploadIds: string[]) => ({ json: { message: 'Files.', service, uploadIds }, token: client.token });
    await expectCode('uploads_gone', 400, await server.call('POST', '/api/queries', json(['no-such-upload'])));
    const open = await createUpload(server.url, client.token, 'plans.pdf', 1000);
    expect(open.res.status).toBe(201);
    await expectCode('uploads_not_ready', 400, await server.call('POST', '/api/queries', json([open.id])));
  });

  it('idempotency keys and rate limits', async () => {
    const key = `codes-${Date.now()}`;
    const form = new FormData();
    form.append('files[]', pdf(), 'addendum.pdf');
    const headers = { 'idempotency-key': key };
    expect((await server.call('POST', `/api/queries/${queryId}/addenda`, { form, token: client.token, headers })).status).toBe(201);
    const again = new FormData();
    again.append('message', 'Another request with the same key.');
    again.append('service', await manufacturers());
    again.append('files[]', pdf(), 'plan.pdf');
    await expectCode('idempotency_mismatch', 422, await server.call('POST', '/api/queries', { form: again, token: client.token, headers }));

    const contact = { name: 'Rate', email: 'rate@example.com', service: 'Concrete', message: 'Hello.' };
    let res = await server.call('POST', '/api/contact/submit', { json: contact });
    for (let i = 0; i < 20 && res.status !== 429; i++) res = await server.call('POST', '/api/contact/submit', { json: contact });
    await expectCode('rate_limited', 429, res);
  });

  it('frames the socket refuses, and the end of its session', async () => {
    const s = await socket();
    await expectFrameCode(s, 'not json', 'invalid_frame');
    await expectFrameCode(s, { type: 'dropTables', token: client.token }, 'unknown_frame');
    await expectFrameCode(s, { type: 'joinRoom', token: client.token }, 'invalid_frame');
    s.ws.send(JSON.stringify({ type: 'joinRoom', token: client.token, queryId }));
    await s.next((f) => f.type === 'joined');
    await expectFrameCode(s, { type: 'watchUnread', token: other.token }, 'signed_in_elsewhere');

    const ending = await createClient(server, admin);
    const e = await socket();
    e.ws.send(JSON.stringify({ type: 'watchUnread', token: ending.token }));
    await e.next((f) => f.type === 'unread');
    expect((await server.call('POST', '/api/auth/logout', { token: ending.token })).status).toBe(200);
    expect(await e.next((f) => f.type === 'error')).toEqual({ type: 'error', message: expect.any(String), code: 'session_ended' });
    proven.add('session_ended');
  });

  it('leaves no code unproven', () => {
    const unproven = ERROR_CODES.filter((code) => !proven.has(code) && !PROVEN_ELSEWHERE[code]);
    expect(unproven).toEqual([]);
  });
});
