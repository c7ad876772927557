import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// Edits that replace a blog's, a service's or a profile's image and arrive together
// (two tabs, a double click): each removes exactly the image it replaced, so no
// file stays on disk that nothing points to, and the row never points to a removed one.

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
});

const png = (shade: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: shade, g: 42, b: 68 } } })
    .png()
    .toBuffer();

function form(fields: Record<string, string>, field: string, image?: Buffer): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (image) f.append(field, new Blob([new Uint8Array(image)], { type: 'image/png' }), 'picture.png');
  return f;
}

const filesIn = (folder: string) => {
  const dir = path.join(server.dataDir, 'uploads', 'public', folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const fileOf = (url: string) => path.join(server.dataDir, 'uploads', url.replace(/^\/uploads\//, '').replace(/\?.*$/, ''));

/** Five edits at once, four with a new image and one without: every answer 200, one image left, the one the row names. */
async function race(folder: string, put: (image?: Buffer) => Promise<{ status: number }>, read: () => Promise<string>) {
  const before = filesIn(folder);
  const answers = await Promise.all([put(await png(10)), put(await png(60)), put(), put(await png(110)), put(await png(160))]);
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
  const url = await read();
  const after = filesIn(folder);
  expect(fs.existsSync(fileOf(url))).toBe(true);
  // The old image went, exactly one new one came: the one the row names.
  expect(after.length).toBe(before.length);
  expect(after.filter((name) => !before.includes(name))).toEqual([path.basename(fileOf(url))]);
  expect((await fetch(`${server.url}${url}`)).status).toBe(200);
}

describe('image edits that arrive together', () => {
  it('a blog keeps one image file, the one it names', async () => {
    const category = (await server.call('GET', '/api/categories')).body.data[0]._id as string;
    const fields = { title: 'Racing images', body: '<p>Body</p>', category, status: 'published' };
    const created = await server.call('POST', '/api/blogs', { token: admin, form: form(fields, 'image', await png(200)) });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    await race(
      'blogs',
      (image) => server.call('PUT', `/api/blogs/${id}`, { token: admin, form: form({ subTitle: 'edited' }, 'image', image) }),
      async () => (await server.call('GET', `/api/blogs/${id}`)).body.data.image,
    );
    // Deleting it removes that last file too.
    const left = filesIn('blogs').length;
    expect((await server.call('DELETE', `/api/blogs/${id}`, { token: admin })).status).toBe(200);
    expect(filesIn('blogs').length).toBe(left - 1);
  });

  it('a service keeps one image file, the one it names', async () => {
    const created = await server.call('POST', '/api/services', {
      token: admin,
      form: form({ title: 'Racing service' }, 'image', await png(200)),
    });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    await race(
      'services',
      (image) => server.call('PUT', `/api/services/${id}`, { token: admin, form: form({ description: 'edited' }, 'image', image) }),
      async () =>
        ((await server.call('GET', '/api/services')).body as Array<{ _id: string; image: string }>).find((s) => s._id === id)!.image,
    );
  });

  it('a profile keeps one photo file, the one it names', async () => {
    const client = await createClient(server, admin);
    const first = await server.call('PUT', '/api/users/profile', {
      token: client.token,
      form: form({ bio: 'first' }, 'profileImage', await png(200)),
    });
    expect(first.status).toBe(200);
    await race(
      'profiles',
      (image) => server.call('PUT', '/api/users/profile', { token: client.token, form: form({ bio: 'edited' }, 'profileImage', image) }),
      async () => (await server.call('GET', '/api/users/profile', { token: client.token })).body.data.profileImage,
    );
  });
});
