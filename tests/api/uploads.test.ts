import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUploads } from '../../portal-api/src/modules/uploads/uploads.repo.ts';
import { UPLOAD_NAME_REQUIRED, UPLOADS_GONE, UPLOADS_NOT_READY } from '../../portal-api/src/modules/uploads/uploads.schema.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { planSetPdf } from './plan-files.ts';
import { createUpload, patchUpload, sha256, tusRequest, uploadWhole } from './tus-client.ts';

// Resumable uploads over real HTTP against the real server:
// create, PATCH in parts, HEAD to resume, completion checks, ownership, limits,
// expiry, and a request built from completed uploads.

let server: TestServer;
let admin: string;
let ana: Awaited<ReturnType<typeof createClient>>;
let bob: Awaited<ReturnType<typeof createClient>>;
let service: { id: string; subId?: string };

beforeAll(async () => {
  server = await startTestServer({ UPLOAD_MAX_MB: '2', UPLOAD_MAX_FILES: '3' });
  admin = await signInAdmin(server);
  ana = await createClient(server, admin, { fullName: 'Ana Builder' });
  bob = await createClient(server, admin, { fullName: 'Bob Other' });
  const services = (await server.call('GET', '/api/services')).body as Array<{
    _id: string;
    title: string;
    subservices: Array<{ _id: string }>;
  }>;
  const s = services.find((x) => x.title === 'Manufacturers')!;
  service = { id: s._id };
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const tusDir = () => path.join(server.dataDir, 'uploads', 'tus');
const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );
const request = (uploadIds: string[], token = ana.token) =>
  server.call('POST', '/api/queries', { token, json: { message: 'Plan set for a 12-story tower', service: service.id, uploadIds } });

describe('tus uploads', () => {
  it('creates, appends in parts, resumes from HEAD, completes, and a request claims it with identical bytes', async () => {
    const data = await planSetPdf([
      { number: 'A1.01', title: 'FIRST FLOOR PLAN' },
      { number: 'A1.02', title: 'SECOND FLOOR PLAN' },
    ]);
    const { path: url, id, res } = await createUpload(server.url, ana.token, 'tower plans.pdf', data.length);
    expect(res.status).toBe(201);
    expect(url).toBe(`/api/uploads/tus/${id}`);
    const half = data.length >> 1;
    const first = await patchUpload(server.url, ana.token, url, 0, data.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    // A "reload": the client asks where it stopped.
    const head = await tusRequest(server.url, 'HEAD', url, { token: ana.token });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(data.length));
    // Not complete yet: no request can use it.
    expect((await request([id])).body.message).toBe(UPLOADS_NOT_READY);
    const rest = await patchUpload(server.url, ana.token, url, half, data.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(data.length));

    const created = await request([id]);
    expect(created.status).toBe(201);
    const file = created.body.data.files[0];
    expect(file).toMatchObject({ name: 'tower plans.pdf', size: data.length, type: 'application/pdf' });
    const download = await fetch(`${server.url}${file.url}`);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(data));
    // Claimed: the upload is gone from tus and cannot be claimed twice.
    expect(await exists(path.join(tusDir(), id))).toBe(false);
    expect((await tusRequest(server.url, 'HEAD', url, { token: ana.token })).status).toBe(404);
    expect(await request([id])).toMatchObject({ status: 400, body: { message: UPLOADS_GONE } });
  });

  it("answers 404 to another user's HEAD, PATCH and DELETE, 401 without a session, and refuses to claim it", async () => {
    const data = await planSetPdf([{ number: 'S-201', title: 'FOUNDATION PLAN' }]);
    const { path: url, id } = await createUpload(server.url, ana.token, 'mine.pdf', data.length);
    await patchUpload(server.url, ana.token, url, 0, data.subarray(0, 100));
    expect((await tusRequest(server.url, 'HEAD', url, { token: bob.token })).status).toBe(404);
    const stolen = await patchUpload(server.url, bob.token, url, 100, data.subarray(100));
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ message: 'Upload not found.', code: 'not_found' });
    expect((await tusRequest(server.url, 'DELETE', url, { token: bob.token })).status).toBe(404);
    expect((await tusRequest(server.url, 'HEAD', url)).status).toBe(401);
    expect((await tusRequest(server.url, 'POST', '/api/uploads/tus', { headers: { 'upload-length': '10' } })).status).toBe(401);
    // Ana's upload is untouched and still hers to finish.
    expect((await tusRequest(server.url, 'HEAD', url, { token: ana.token })).headers.get('upload-offset')).toBe('100');
    expect((await patchUpload(server.url, ana.token, url, 100, data.subarray(100))).status).toBe(204);
    expect(await request([id], bob.token)).toMatchObject({ status: 400, body: { message: UPLOADS_GONE } });
    expect((await request([id])).status).toBe(201);
  });

  // Tus took the upload id from the end of the whole URL, query string included, so
  // '/api/uploads/tus/<Bob's id>?x=/<Ana's id>' passed the route's owner check as Bob's and acted on Ana's.
  it("reads the upload id from the path alone: a query string naming another user's upload reaches only the caller's", async () => {
    const data = await planSetPdf([{ number: 'A-101', title: 'FLOOR PLAN' }]);
    const anas = await createUpload(server.url, ana.token, 'ana-plans.pdf', data.length);
    await patchUpload(server.url, ana.token, anas.path, 0, data.subarray(0, 100));
    const bobs = await createUpload(server.url, bob.token, 'bob.pdf', data.length);
    const forged = `${bobs.path}?x=/${anas.id}`;
    const head = await tusRequest(server.url, 'HEAD', forged, { token: bob.token });
    expect(head.headers.get('upload-offset')).toBe('0'); // Bob's own, not Ana's 100
    expect(head.headers.get('upload-metadata') ?? '').not.toContain(Buffer.from('ana-plans.pdf').toString('base64'));
    const patched = await patchUpload(server.url, bob.token, forged, 100, Buffer.from('BOB INJECTED'));
    expect(patched.status).toBe(409); // Bob's upload is at 0: the offset is refused, Ana's bytes are not touched
    expect((await tusRequest(server.url, 'DELETE', forged, { token: bob.token })).status).toBe(204); // Bob's own
    expect((await tusRequest(server.url, 'HEAD', bobs.path, { token: bob.token })).status).toBe(404);
    // Ana's upload is whole and hers.
    expect((await tusRequest(server.url, 'HEAD', anas.path, { token: ana.token })).headers.get('upload-offset')).toBe('100');
    expect((await patchUpload(server.url, ana.token, anas.path, 100, data.subarray(100))).status).toBe(204);
  });

  // A cancelled upload kept its row for 24 h, counted toward the unfinished
  // uploads' cap and was claimed with a misleading answer.
  it('forgets a cancelled upload: its row goes with its bytes', async () => {
    const data = await planSetPdf([{ number: 'A-102', title: 'ROOF PLAN' }]);
    const { path: url, id } = await createUpload(server.url, ana.token, 'cancelled.pdf', data.length);
    await patchUpload(server.url, ana.token, url, 0, data.subarray(0, 100));
    const rows = () => server.deps.db.selectFrom('uploads').select('id').where('id', '=', id).execute();
    expect(await rows()).toHaveLength(1);
    expect((await tusRequest(server.url, 'DELETE', url, { token: ana.token })).status).toBe(204);
    expect(await rows()).toEqual([]);
    expect((await tusRequest(server.url, 'HEAD', url, { token: ana.token })).status).toBe(404);
    expect(await request([id])).toMatchObject({ status: 400, body: { message: UPLOADS_GONE } });
  });

  it('names a claimed upload by the type its content is: a PDF sent as plan.html is plan.html.pdf', async () => {
    const data = await planSetPdf([{ number: 'E-101', title: 'LIGHTING PLAN' }]);
    const id = await uploadWhole(server.url, ana.token, 'plan.html', data);
    const created = await request([id]);
    expect(created.status).toBe(201);
    expect(created.body.data.files.map((f: { name?: string; fileName?: string }) => f.name ?? f.fileName)).toEqual(['plan.html.pdf']);
  });

  it("answers every tus call with an X-Request-Id, the caller's when given, as every other route does", async () => {
    const data = await planSetPdf([{ number: 'E-101', title: 'LIGHTING PLAN' }]);
    const { path: url, res } = await createUpload(server.url, ana.token, 'ids.pdf', data.length);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(res.headers.get('x-request-id')).toMatch(uuid);
    const patched = await patchUpload(server.url, ana.token, url, 0, data);
    expect(patched.status).toBe(204);
    expect(patched.headers.get('x-request-id')).toMatch(uuid);
    const head = await tusRequest(server.url, 'HEAD', url, { token: ana.token, headers: { 'x-request-id': 'support-ticket-42' } });
    expect(head.headers.get('x-request-id')).toBe('support-ticket-42');
    const refused = await patchUpload(server.url, ana.token, url, 7, data.subarray(0, 10));
    expect(refused.status).toBe(409);
    expect(refused.headers.get('x-request-id')).toMatch(uuid);
    const unknown = await tusRequest(server.url, 'HEAD', '/api/uploads/tus/nope', { token: ana.token });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-request-id')).toMatch(uuid);
  });

  it('answers 409 to a forged offset and 413 to bytes past the declared length, without changing the upload', async () => {
    const { path: url } = await createUpload(server.url, ana.token, 'a.pdf', 1000);
    expect((await patchUpload(server.url, ana.token, url, 0, Buffer.alloc(400, 1))).status).toBe(204);
    const forged = await patchUpload(server.url, ana.token, url, 900, Buffer.alloc(100, 2));
    expect(forged.status).toBe(409);
    expect(typeof forged.body.message).toBe('string');
    expect(forged.body.code).toBe('conflict');
    const backwards = await patchUpload(server.url, ana.token, url, 0, Buffer.alloc(100, 2));
    expect(backwards.status).toBe(409);
    const past = await patchUpload(server.url, ana.token, url, 400, Buffer.alloc(700, 3));
    expect(past.status).toBe(413);
    expect(past.body.code).toBe('payload_too_large');
    expect((await tusRequest(server.url, 'HEAD', url, { token: ana.token })).headers.get('upload-offset')).toBe('400');
    // Over UPLOAD_MAX_MB (2) at creation, and a deferred length: refused before any byte.
    expect((await createUpload(server.url, ana.token, 'huge.pdf', 3 * 1024 * 1024)).res.status).toBe(413);
    const deferred = await tusRequest(server.url, 'POST', '/api/uploads/tus', {
      token: ana.token,
      headers: { 'upload-defer-length': '1' },
    });
    expect(deferred.status).toBe(400);
    // The file's name is required metadata (OpenAPI): without it, or blank, nothing is created.
    const before = (await fs.readdir(tusDir())).length;
    for (const metadata of [undefined, `filename ${Buffer.from('   ').toString('base64')}`, 'other eA==']) {
      const unnamed = await tusRequest(server.url, 'POST', '/api/uploads/tus', {
        token: ana.token,
        headers: { 'upload-length': '100', ...(metadata ? { 'upload-metadata': metadata } : {}) },
      });
      expect(unnamed.status, metadata).toBe(400);
      expect(unnamed.body.message).toBe(UPLOAD_NAME_REQUIRED);
    }
    expect((await fs.readdir(tusDir())).length).toBe(before);
  });

  it('deletes a completed file whose content is not a plan file, with a message naming it', async () => {
    const data = Buffer.from('just some text pretending to be a PDF');
    const { path: url, id } = await createUpload(server.url, ana.token, 'fake-plans.pdf', data.length);
    const done = await patchUpload(server.url, ana.token, url, 0, data);
    expect(done.status).toBe(415);
    expect(done.body.message).toBe('fake-plans.pdf: Only PDF, DWG, ZIP or image files are accepted.');
    expect(done.body.code).toBe('file_type_refused');
    expect(await exists(path.join(tusDir(), id))).toBe(false);
    expect(await exists(path.join(tusDir(), `${id}.json`))).toBe(false);
    expect((await tusRequest(server.url, 'HEAD', url, { token: ana.token })).status).toBe(404);
    expect(await request([id])).toMatchObject({ status: 400, body: { message: UPLOADS_GONE } });
  });

  it('applies UPLOAD_MAX_FILES to a request built from uploads, and shows it in /queries/limits', async () => {
    const pdf = await planSetPdf([{ number: 'M2.1', title: 'HVAC PLAN' }]);
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await uploadWhole(server.url, ana.token, `m${i}.pdf`, pdf));
    const tooMany = await request(ids);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Too many files. At most 3 are accepted.');
    expect((await server.call('GET', '/api/queries/limits', { token: ana.token })).body.maxFiles).toBe(3);
    // Nothing was claimed: three of them still make a request.
    const ok = await request(ids.slice(0, 3));
    expect(ok.status).toBe(201);
    expect(ok.body.data.files.map((f: { name: string }) => f.name)).toEqual(['m0.pdf', 'm1.pdf', 'm2.pdf']);
    // The multipart path (docs/product.md §7) counts the same limit.
    const fd = new FormData();
    fd.append('message', 'x');
    fd.append('service', service.id);
    for (let i = 0; i < 4; i++) fd.append('files[]', new Blob([new Uint8Array(pdf)]), `p${i}.pdf`);
    expect((await server.call('POST', '/api/queries', { token: ana.token, form: fd })).status).toBe(400);
  });

  it('refuses a JSON request without uploads, with unknown ids, or by an admin', async () => {
    expect((await request([])).body.message).toBe('Please fill in all required fields.');
    expect((await request(['nope'])).body.message).toBe(UPLOADS_GONE);
    expect((await server.call('POST', '/api/queries', { token: ana.token, json: { message: 'x', service: service.id } })).status).toBe(415);
    expect((await request(['x'], admin)).status).toBe(403);
  });

  it("counts an upload's 24 hours from its last bytes, not its creation", async () => {
    const { path: url, id } = await createUpload(server.url, ana.token, 'slow-set.pdf', 5000);
    expect((await patchUpload(server.url, ana.token, url, 0, Buffer.alloc(1000, 7))).status).toBe(204);
    // Created 25 hours ago, bytes a moment ago: still open, and it takes more.
    const state = path.join(tusDir(), `${id}.json`);
    const info = JSON.parse(await fs.readFile(state, 'utf8'));
    await fs.writeFile(state, JSON.stringify({ ...info, creation_date: new Date(Date.now() - 25 * 3600_000).toISOString() }));
    const head = await tusRequest(server.url, 'HEAD', url, { token: ana.token });
    expect(head.status).toBe(200);
    expect((await patchUpload(server.url, ana.token, url, 1000, Buffer.alloc(1000, 7))).status).toBe(204);
    // No bytes for 25 hours: gone (410), as tus says.
    const stale = new Date(Date.now() - 25 * 3600_000);
    await fs.utimes(path.join(tusDir(), id), stale, stale);
    expect((await tusRequest(server.url, 'HEAD', url, { token: ana.token })).status).toBe(410);
    const gone = await patchUpload(server.url, ana.token, url, 2000, Buffer.alloc(1000, 7));
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('uploads_gone');
  });

  it('expires unfinished uploads after 24 hours, removing their bytes', async () => {
    const { path: url, id } = await createUpload(server.url, ana.token, 'slow.pdf', 5000);
    await patchUpload(server.url, ana.token, url, 0, Buffer.alloc(1000, 7));
    expect(await exists(path.join(tusDir(), id))).toBe(true);
    expect(await expireUploads(server.deps.db, server.deps.storage, new Date(Date.now() + 23 * 3600_000))).toBe(0);
    expect(await expireUploads(server.deps.db, server.deps.storage, new Date(Date.now() + 25 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect(await exists(path.join(tusDir(), id))).toBe(false);
    expect(await exists(path.join(tusDir(), `${id}.json`))).toBe(false);
    expect((await tusRequest(server.url, 'HEAD', url, { token: ana.token })).status).toBe(404);
  });

  it("lets the admin attach deliverables from their own completed uploads, and a client cannot claim the admin's upload", async () => {
    const mine = await request([
      await uploadWhole(server.url, ana.token, 'for-takeoff.pdf', await planSetPdf([{ number: 'A1.01', title: 'PLAN' }])),
    ]);
    const queryId = mine.body.data._id as string;
    const takeoff = await planSetPdf([{ number: 'T-1', title: 'TAKEOFF SUMMARY' }]);
    const uploadId = await uploadWhole(server.url, admin, 'takeoff.pdf', takeoff);
    expect((await request([uploadId])).body.message).toBe(UPLOADS_GONE);
    const res = await server.call('POST', `/api/queries/${queryId}/deliverables`, { token: admin, json: { uploadIds: [uploadId] } });
    expect(res.status).toBe(201);
    const file = res.body.data.deliverables.find((d: { name: string }) => d.name === 'takeoff.pdf');
    expect(file.size).toBe(takeoff.length);
    const download = await fetch(`${server.url}${file.url}`);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(takeoff));
  });

  it('adds an addendum from completed uploads (POST /queries/{id}/addenda with uploadIds)', async () => {
    const first = await request([
      await uploadWhole(server.url, ana.token, 'original.pdf', await planSetPdf([{ number: 'A1.01', title: 'PLAN' }])),
    ]);
    const queryId = first.body.data._id as string;
    const addendum = await planSetPdf([{ number: 'A1.01', title: 'PLAN REV 1' }]);
    const uploadId = await uploadWhole(server.url, ana.token, 'addendum-1.pdf', addendum);
    const res = await server.call('POST', `/api/queries/${queryId}/addenda`, {
      token: ana.token,
      json: { uploadIds: [uploadId], note: 'Revised plan' },
    });
    expect(res.status).toBe(201);
    const file = res.body.data.files.find((f: { name: string }) => f.name === 'addendum-1.pdf');
    const download = await fetch(`${server.url}${file.url}`);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(addendum));
    // Claimed once: the same id cannot make a second addendum.
    expect(
      (await server.call('POST', `/api/queries/${queryId}/addenda`, { token: ana.token, json: { uploadIds: [uploadId] } })).status,
    ).toBe(400);
  });

  it('lists the tus routes in /api/openapi.json', async () => {
    const doc = (await server.call('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/uploads/tus/{id}'])).toEqual(expect.arrayContaining(['patch', 'delete']));
    expect(doc.paths['/uploads/tus'].post).toBeDefined();
    expect(doc.paths['/queries/{id}/sheet-index'].get).toBeDefined();
  });
});
