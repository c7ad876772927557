import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { serviceInUseMessage } from '../../portal-api/src/modules/services/services.schema.ts';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let admin: string;
let client: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
  client = (await createClient(server, admin)).token;
});
afterAll(async () => {
  await server?.stop();
});

function form(fields: Record<string, string>, image?: Buffer) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (image) f.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
  return f;
}
const create = (fields: Record<string, string>, image?: Buffer, token: string | null = admin) =>
  server.call('POST', '/api/services', { form: form(fields, image), token });
const tree = async () => (await server.call('GET', '/api/services')).body as any[];

describe('service writes are admin only', () => {
  it.each([
    ['POST', '/api/services'],
    ['PUT', '/api/services/any-id'],
    ['DELETE', '/api/services/any-id'],
  ])('%s %s refuses anonymous (401) and client (403) callers', async (method, path) => {
    const body = method === 'POST' ? { form: form({ title: 'X' }) } : method === 'PUT' ? { json: { title: 'X' } } : {};
    expect((await server.call(method, path, { ...body })).status).toBe(401);
    const asClient = await server.call(method, path, { ...(method === 'POST' ? { form: form({ title: 'X' }) } : body), token: client });
    expect(asClient.status).toBe(403);
    expect(asClient.body).toEqual({ message: expect.any(String), code: 'forbidden' });
  });

  it('lists services publicly', async () => {
    const res = await server.call('GET', '/api/services');
    expect(res.status).toBe(200);
    expect(res.body.map((s: any) => s.title)).toContain('Sub-Contractor');
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('revalidates the list by ETag: 304 while unchanged, a new ETag after an edit', async () => {
    const first = await server.call('GET', '/api/services');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await server.call('GET', '/api/services', { headers: { 'if-none-match': etag } })).status).toBe(304);
    await create({ title: 'Cache Buster' });
    const after = await server.call('GET', '/api/services', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('tags each public read with a hash of the very bytes it answers', async () => {
    for (const target of ['/api/services', '/api/blogs', '/api/blogs/tags', '/api/categories']) {
      const res = await fetch(`${server.url}${target}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('etag'), target).toBe(`W/"${createHash('sha1').update(bytes).digest('base64url')}"`);
    }
  });
});

describe('POST /api/services', () => {
  it('needs a title', async () => {
    for (const fields of [{}, { title: '   ' }, { description: 'No title' }] as Record<string, string>[]) {
      const res = await create(fields);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Please enter a service title.', code: 'invalid_input' });
    }
  });

  it('creates a top-level service with an image that is served publicly', async () => {
    const res = await create({ title: 'Takeoff Audits', description: 'Second opinion on a takeoff.' }, PNG);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: 'Takeoff Audits', description: 'Second opinion on a takeoff.', parentService: null });
    expect(res.body.data.image).toMatch(/^\/uploads\/public\/services\//);
    const img = await fetch(`${server.url}${res.body.data.image}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect((await tree()).find((s) => s._id === res.body.data._id)).toMatchObject({ title: 'Takeoff Audits', subservices: [] });
  });

  // A service image was published as uploaded, its EXIF (GPS, author) intact.
  it('publishes a service image re-encoded, without its metadata', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'Jobsite 25.7617N 80.1918W' } })
      .toBuffer();
    expect(jpeg.toString('latin1')).toContain('Secret Photographer');
    const f = new FormData();
    f.append('title', 'Site Photos');
    f.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'site.jpg');
    const res = await server.call('POST', '/api/services', { form: f, token: admin });
    expect(res.status).toBe(201);
    const served = Buffer.from(await (await fetch(`${server.url}${res.body.data.image}`)).arrayBuffer());
    expect(served.length).toBeGreaterThan(0);
    expect(served.toString('latin1')).not.toContain('Secret Photographer');
    expect((await sharp(served).metadata()).exif).toBeUndefined();
  });

  it('refuses an image that is not an image (415)', async () => {
    const f = new FormData();
    f.append('title', 'Bad image');
    f.append('image', new Blob(['MZ not an image']), 'evil.png');
    const res = await server.call('POST', '/api/services', { form: f, token: admin });
    expect(res.status).toBe(415);
    expect((await tree()).some((s) => s.title === 'Bad image')).toBe(false);
  });

  it("refuses a BMP, which the site cannot re-encode, with the photos' sentence (415)", async () => {
    const bmp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#f26b1d' } })
      .raw()
      .toBuffer()
      .then((pixels) => bmpOf(4, 4, pixels));
    const f = new FormData();
    f.append('title', 'Bitmap image');
    f.append('image', new Blob([new Uint8Array(bmp)]), 'site.bmp');
    const res = await server.call('POST', '/api/services', { form: f, token: admin });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'site.bmp: Only images (JPG, PNG, GIF, WebP, AVIF) are accepted.', code: 'file_type_refused' });
    expect((await tree()).some((s) => s.title === 'Bitmap image')).toBe(false);
  });

  it('adds a sub-service under an existing top-level service only', async () => {
    const parent = (await create({ title: 'Specialty Trades' })).body.data;
    const sub = await create({ title: 'Waterproofing', parentService: parent._id });
    expect(sub.status).toBe(201);
    expect(sub.body.data.parentService).toBe(parent._id);
    expect((await tree()).find((s) => s._id === parent._id).subservices.map((s: any) => s.title)).toEqual(['Waterproofing']);

    const unknown = await create({ title: 'Orphan', parentService: 'no-such-service' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Parent service not found.');

    const nested = await create({ title: 'Too deep', parentService: sub.body.data._id });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toBe('A sub-service can only be added under a top-level service.');
  });
});

describe('PUT /api/services/{id}', () => {
  it('renames and re-describes with JSON', async () => {
    const svc = (await create({ title: 'Old name' })).body.data;
    const res = await server.call('PUT', `/api/services/${svc._id}`, {
      json: { title: ' New name ', description: 'Now described.' },
      token: admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: 'New name', description: 'Now described.' });
    const blank = await server.call('PUT', `/api/services/${svc._id}`, { json: { title: '' }, token: admin });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Please enter a service title.');
    expect((await server.call('PUT', '/api/services/nope', { json: { title: 'x' }, token: admin })).status).toBe(404);
  });

  it('keeps the tree one level deep', async () => {
    const a = (await create({ title: 'Parent A' })).body.data;
    const b = (await create({ title: 'Parent B' })).body.data;
    const child = (await create({ title: 'Child of A', parentService: a._id })).body.data;
    const moveParent = await server.call('PUT', `/api/services/${a._id}`, { json: { parentService: b._id }, token: admin });
    expect(moveParent.status).toBe(400);
    expect(moveParent.body.message).toBe('A service that has sub-services cannot become a sub-service.');
    expect((await server.call('PUT', `/api/services/${b._id}`, { json: { parentService: b._id }, token: admin })).status).toBe(400);
    const moveChild = await server.call('PUT', `/api/services/${child._id}`, { json: { parentService: b._id }, token: admin });
    expect(moveChild.status).toBe(200);
    expect(moveChild.body.data.parentService).toBe(b._id);
    const promote = await server.call('PUT', `/api/services/${child._id}`, { json: { parentService: null }, token: admin });
    expect(promote.body.data.parentService).toBeNull();
  });

  it('replaces the image with a multipart body', async () => {
    const svc = (await create({ title: 'With photo' }, PNG)).body.data;
    const res = await server.call('PUT', `/api/services/${svc._id}`, { form: form({ title: 'With new photo' }, PNG), token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.image).not.toBe(svc.image);
    expect((await fetch(`${server.url}${svc.image}`)).status).toBe(404);
    expect((await fetch(`${server.url}${res.body.data.image}`)).status).toBe(200);
  });
});

describe('service titles are unique at each level (409)', () => {
  it('refuses a second service or sub-service of the same title, in any case, and a rename or move onto one', async () => {
    const a = (await create({ title: 'Glazing Takeoffs' })).body.data._id as string;
    const before = (await tree()).length;
    const again = await create({ title: '  glazing TAKEOFFS ' });
    expect(again).toMatchObject({ status: 409, body: { message: 'A service with this title already exists.' } });
    expect((await tree()).length, 'nothing written').toBe(before);

    const sub = await create({ title: 'Curtain Wall', parentService: a });
    expect(sub.status).toBe(201);
    expect(await create({ title: 'curtain wall', parentService: a })).toMatchObject({
      status: 409,
      body: { message: 'This service already has a sub-service with this title.' },
    });
    // The same title at another level or under another service is another choice.
    const b = (await create({ title: 'Curtain Wall' })).body.data._id as string;
    expect((await create({ title: 'Curtain Wall', parentService: b })).status).toBe(201);

    // Renaming onto a sibling's title, or moving under a service that has one of that title.
    const c = (await create({ title: 'Storefronts' })).body.data._id as string;
    const rename = await server.call('PUT', `/api/services/${c}`, { json: { title: 'GLAZING takeoffs' }, token: admin });
    expect(rename).toMatchObject({ status: 409, body: { message: 'A service with this title already exists.' } });
    expect((await create({ title: 'Storefronts', parentService: a })).status).toBe(201);
    const move = await server.call('PUT', `/api/services/${c}`, { json: { parentService: a }, token: admin });
    expect(move).toMatchObject({ status: 409, body: { message: 'This service already has a sub-service with this title.' } });
    expect((await tree()).find((s) => s._id === c).title, 'nothing changed').toBe('Storefronts');
    // Its own title in another case, and an edit that keeps the title, are fine.
    expect((await server.call('PUT', `/api/services/${a}`, { json: { title: 'Glazing takeoffs' }, token: admin })).status).toBe(200);
    expect((await server.call('PUT', `/api/services/${a}`, { json: { description: 'Windows and doors' }, token: admin })).status).toBe(200);
  });
});

describe('DELETE /api/services/{id}', () => {
  it('deletes the sub-services too, and closed queries that used them keep their text and the titles but lose the link', async () => {
    const parent = (await create({ title: 'Doomed' }, PNG)).body.data;
    const sub = (await create({ title: 'Doomed child', parentService: parent._id })).body.data;
    const q = await server.call('POST', '/api/queries', {
      token: client,
      form: (() => {
        const f = new FormData();
        f.append('message', 'Need a takeoff for a doomed service.');
        f.append('service', parent._id);
        f.append('subService', sub._id);
        f.append('files[]', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'plan.png');
        return f;
      })(),
    });
    expect(q.status).toBe(201);
    const queryId = (q.body.data ?? q.body)._id as string;

    // Refused while the request is open, naming how many; nothing changes.
    const refused = await server.call('DELETE', `/api/services/${parent._id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(serviceInUseMessage(1));
    expect(refused.body.message).toContain('1 open request');
    expect((await tree()).some((s) => s._id === parent._id)).toBe(true);
    expect((await server.call('PATCH', `/api/queries/${queryId}/status`, { json: { status: 'closed' }, token: admin })).status).toBe(200);

    const res = await server.call('DELETE', `/api/services/${parent._id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deletedSubservices: 1, detachedQueries: 1 });
    // The closed request still names what it was for, as text.
    const kept = await server.call('GET', `/api/queries/${queryId}`, { token: client });
    expect(kept.body.data).toMatchObject({
      status: 'closed',
      service: { _id: '', title: 'Doomed' },
      subservice: { _id: '', title: 'Doomed child' },
    });
    expect((await tree()).some((s) => s._id === parent._id)).toBe(false);
    expect((await fetch(`${server.url}${parent.image}`)).status).toBe(404);

    const row = await server.deps.db.selectFrom('queries').selectAll().where('id', '=', queryId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ message: 'Need a takeoff for a doomed service.', service_id: null, subservice_id: null });
    const orphans = await server.deps.db
      .selectFrom('services as s')
      .leftJoin('services as p', 'p.id', 's.parent_id')
      .select('s.id')
      .where('s.parent_id', 'is not', null)
      .where('p.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    expect((await server.call('DELETE', `/api/services/${parent._id}`, { token: admin })).status).toBe(404);
  });

  it('counts every open request on the service or its sub-services, and only closed ones let it go', async () => {
    const parent = (await create({ title: 'Busy' })).body.data;
    const sub = (await create({ title: 'Busy child', parentService: parent._id })).body.data;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const f = new FormData();
      f.append('message', `Busy request ${i}`);
      f.append('service', parent._id);
      f.append('subService', sub._id);
      f.append('files[]', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'plan.png');
      const res = await server.call('POST', '/api/queries', { token: client, form: f });
      expect(res.status).toBe(201);
      ids.push(res.body.data._id);
    }
    expect((await server.call('PATCH', `/api/queries/${ids[0]}/status`, { json: { status: 'in_progress' }, token: admin })).status).toBe(
      200,
    );
    expect((await server.call('PATCH', `/api/queries/${ids[1]}/status`, { json: { status: 'closed' }, token: admin })).status).toBe(200);
    // The sub-service alone is refused too: two requests (pending and in progress) still use it.
    const subRefused = await server.call('DELETE', `/api/services/${sub._id}`, { token: admin });
    expect(subRefused.status).toBe(409);
    expect(subRefused.body.message).toBe(serviceInUseMessage(2));
    expect(subRefused.body.message).toContain('2 open requests');
    expect((await server.call('DELETE', `/api/services/${parent._id}`, { token: admin })).status).toBe(409);
    expect((await server.call('PATCH', `/api/queries/${ids[0]}/status`, { json: { status: 'closed' }, token: admin })).status).toBe(200);
    expect((await server.call('PATCH', `/api/queries/${ids[2]}/status`, { json: { status: 'closed' }, token: admin })).status).toBe(200);
    const res = await server.call('DELETE', `/api/services/${sub._id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deletedSubservices: 0, detachedQueries: 3 });
    const kept = await server.call('GET', `/api/queries/${ids[2]}`, { token: client });
    expect(kept.body.data).toMatchObject({ service: { _id: parent._id, title: 'Busy' }, subservice: { _id: '', title: 'Busy child' } });
  });

  it('deletes a lone sub-service and leaves its parent', async () => {
    const parent = (await create({ title: 'Keeper' })).body.data;
    const sub = (await create({ title: 'Goner', parentService: parent._id })).body.data;
    const res = await server.call('DELETE', `/api/services/${sub._id}`, { token: admin });
    expect(res.body).toMatchObject({ deletedSubservices: 0 });
    expect((await tree()).find((s) => s._id === parent._id).subservices).toEqual([]);
  });
});

/** A 24-bit BMP of the given RGB pixels (rows bottom-up, each padded to 4 bytes). */
function bmpOf(width: number, height: number, rgb: Buffer): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + row * height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(row * height, 34);
  const body = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = ((height - 1 - y) * width + x) * 3;
      // BMP keeps blue, green, red.
      body[y * row + x * 3] = rgb[from + 2]!;
      body[y * row + x * 3 + 1] = rgb[from + 1]!;
      body[y * row + x * 3 + 2] = rgb[from]!;
    }
  }
  return Buffer.concat([header, body]);
}
