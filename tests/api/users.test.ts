import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { submitQuery } from './submit-query.ts';

let server: TestServer;
let adminToken: string;

/** Waits for the clock to pass the millisecond of the last write: createdAt is kept to the millisecond. */
async function clockMoved() {
  const last = Date.now();
  await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(last), { interval: 1 });
}
beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
});

const png = (w = 1200, h = 800) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 242, g: 107, b: 29 } } })
    .png()
    .toBuffer();

function profileForm(fields: Record<string, string>, file?: { data: Buffer | Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('profileImage', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return form;
}

describe('GET /users', () => {
  it('lists registered users except admins, newest first, 6 per page by default', async () => {
    const created = [];
    for (let i = 0; i < 7; i++) {
      const email = `listed-${i}@example.com`;
      await server.call('POST', '/api/auth/register', { json: { fullName: `Listed ${i}`, email, password: 'Passw0rd-long' } });
      created.push(email);
      await clockMoved(); // distinct createdAt
    }
    const first = await server.call('GET', '/api/users', { token: adminToken });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 6, total: 7 });
    expect(first.body.data.map((u: { email: string }) => u.email)).toEqual(created.slice(1).reverse());
    expect(first.body.data[0]).toEqual({
      _id: expect.any(String),
      fullName: 'Listed 6',
      email: 'listed-6@example.com',
      role: 'client',
      status: 'pending',
      createdAt: expect.any(String),
      // docs/product.md, "Colleagues": every client is in a company; a colleague names who invited them.
      company: { _id: expect.any(String), name: 'Listed 6' },
      invitedBy: null,
    });
    const second = await server.call('GET', '/api/users?page=2&pageSize=6', { token: adminToken });
    expect(second.body.data.map((u: { email: string }) => u.email)).toEqual(['listed-0@example.com']);
    expect(JSON.stringify([first.body, second.body])).not.toContain('admin@example.com');
  });

  it("with include=latestQueryStatus gives each user their newest query's status, null without one", async () => {
    const busy = await createClient(server, adminToken, { fullName: 'Busy Builder' });
    const older = await submitQuery(server, busy.token, 'Older request for the tower');
    await clockMoved(); // distinct createdAt
    const newer = await submitQuery(server, busy.token, 'Newer request for the garage');
    const idle = await createClient(server, adminToken, { fullName: 'Idle Builder' });
    expect((await server.call('PATCH', `/api/queries/${newer}/status`, { token: adminToken, json: { status: 'closed' } })).status).toBe(
      200,
    );

    const res = await server.call('GET', '/api/users?pageSize=100&include=latestQueryStatus', { token: adminToken });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((u: { _id: string }) => [u._id, u]));
    expect(byId.get(busy.id)).toMatchObject({ fullName: 'Busy Builder', latestQueryStatus: 'closed' });
    expect(byId.get(idle.id)).toMatchObject({ fullName: 'Idle Builder', latestQueryStatus: null });
    // The older request's status does not leak into the row; without include the field is absent.
    expect((await server.call('GET', `/api/queries/${older}`, { token: adminToken })).body.data.status).toBe('pending');
    const plain = await server.call('GET', '/api/users?pageSize=100', { token: adminToken });
    expect(plain.body.data.every((u: object) => !('latestQueryStatus' in u))).toBe(true);
    expect((await server.call('GET', '/api/users?include=everything', { token: adminToken })).status).toBe(400);
  });

  it('refuses a bad page, a client (403) and no token (401)', async () => {
    expect((await server.call('GET', '/api/users?page=0', { token: adminToken })).status).toBe(400);
    expect((await server.call('GET', '/api/users?pageSize=1000', { token: adminToken })).status).toBe(400);
    const client = await createClient(server, adminToken);
    expect((await server.call('GET', '/api/users', { token: client.token })).status).toBe(403);
    expect((await server.call('GET', '/api/users')).status).toBe(401);
  });
});

describe('profile', () => {
  it('answers every profile field for the signed-in user', async () => {
    const client = await createClient(server, adminToken, { fullName: 'Pat Profile' });
    const res = await server.call('GET', '/api/users/profile', { token: client.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { fullName: 'Pat Profile', email: client.email, phoneNumber: '', company: '', bio: '', profileImage: null, role: 'client' },
    });
    expect((await server.call('GET', '/api/users/profile')).status).toBe(401);
  });

  it('updates the text fields and a photo, stored as a web-size WebP; the e-mail stays read-only', async () => {
    const client = await createClient(server, adminToken);
    const form = profileForm(
      {
        fullName: '  New Name ',
        phoneNumber: '+1 (305) 555-0100',
        company: 'Acme Builders',
        bio: 'Bids in Miami.',
        email: 'hijack@example.com',
      },
      { data: await png(), name: 'me.png', type: 'image/png' },
    );
    const res = await server.call('PUT', '/api/users/profile', { token: client.token, form });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile Updated Successfully');
    expect(res.body.data).toMatchObject({
      fullName: 'New Name',
      email: client.email,
      phoneNumber: '+1 (305) 555-0100',
      company: 'Acme Builders',
      bio: 'Bids in Miami.',
      role: 'client',
    });
    const url: string = res.body.data.profileImage;
    expect(url).toMatch(/^\/uploads\/public\/profiles\/[\w-]+\.webp$/);
    const image = await fetch(`${server.url}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/image\/webp/);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 320]);

    const again = await server.call('GET', '/api/users/profile', { token: client.token });
    expect(again.body.data).toEqual(res.body.data);

    // a new photo replaces the old file; clearing a text field is allowed, omitting one keeps it
    const second = await server.call('PUT', '/api/users/profile', {
      token: client.token,
      form: profileForm({ fullName: 'New Name', bio: '' }, { data: await png(300, 300), name: 'me2.png', type: 'image/png' }),
    });
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ bio: '', company: 'Acme Builders' });
    expect(second.body.data.profileImage).not.toBe(url);
    expect(fs.existsSync(path.join(server.dataDir, 'uploads', url.replace('/uploads/', '')))).toBe(false);
  });

  it('refuses a file that is not an image (415), a photo over 5 MB (413), an empty name and a long bio (400)', async () => {
    const client = await createClient(server, adminToken);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const notImage = await server.call('PUT', '/api/users/profile', {
      token: client.token,
      form: profileForm({ fullName: 'X' }, { data: pdf, name: 'photo.png', type: 'image/png' }),
    });
    expect(notImage.status).toBe(415);
    expect(notImage.body.message).toMatch(/Only images/);

    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const tooBig = await server.call('PUT', '/api/users/profile', {
      token: client.token,
      form: profileForm({ fullName: 'X' }, { data: big, name: 'big.png', type: 'image/png' }),
    });
    expect(tooBig.status).toBe(413);

    const empty = await server.call('PUT', '/api/users/profile', { token: client.token, form: profileForm({ fullName: '   ' }) });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Full name is required.');

    const longBio = await server.call('PUT', '/api/users/profile', {
      token: client.token,
      form: profileForm({ fullName: 'X', bio: 'b'.repeat(2001) }),
    });
    expect(longBio.status).toBe(400);
    expect(longBio.body.message).toBe('Bio must be at most 2000 characters.');

    const unchanged = await server.call('GET', '/api/users/profile', { token: client.token });
    expect(unchanged.body.data.fullName).toBe(client.fullName);
    expect(unchanged.body.data.profileImage).toBeNull();
    const leftovers = fs.readdirSync(path.join(server.dataDir, 'uploads', 'tmp'));
    expect(leftovers).toEqual([]);
  });

  it('lets an admin edit their own profile too', async () => {
    const res = await server.call('PUT', '/api/users/profile', {
      token: adminToken,
      form: profileForm({ fullName: 'Head Estimator', company: 'Miami Estimating' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fullName: 'Head Estimator', role: 'admin' });
  });
});
