import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestServer, type TestServer } from './harness.ts';

// Public reads (services, blogs, categories) carry an ETag and `Cache-Control: no-cache`
// (portal-api/src/http/public-cache.ts): every write is visible in the very next read,
// a held ETag turns into a 200 after a change, and on PostgreSQL the other instances
// answer the change at once too.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let a: TestServer;
let b: TestServer | null = null;
let adminA: string;

beforeAll(async () => {
  a = await startTestServer();
  adminA = await signInAdmin(a);
  if (onPostgres) {
    // One DATA_DIR too: either instance's outbox worker may send a mail the other queued.
    b = await startTestServer({ DATABASE_URL: (a.deps.config.database as { url: string }).url, DATA_DIR: a.deps.config.dataDir });
  }
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

const titles = async (server: TestServer) => ((await server.call('GET', '/api/services')).body as { title: string }[]).map((s) => s.title);
const blogTitles = async (server: TestServer) =>
  ((await server.call('GET', '/api/blogs')).body.data as { title: string }[]).map((x) => x.title);
const categoryNames = async (server: TestServer) =>
  ((await server.call('GET', '/api/categories')).body.data as { name: string }[]).map((x) => x.name);

function serviceForm(title: string) {
  const f = new FormData();
  f.append('title', title);
  return f;
}
function blogForm(title: string, category: string, status = 'published') {
  const f = new FormData();
  for (const [k, v] of Object.entries({ title, subTitle: 'Sub', body: '<p>Body text.</p>', category, tags: 'cache', status }))
    f.append(k, v);
  return f;
}

describe('public reads stay fresh', () => {
  it('serves the same services body twice, and a write in the next read (also a 304 turning into a 200)', async () => {
    const first = await a.call('GET', '/api/services');
    const etag = first.headers.get('etag')!;
    expect((await a.call('GET', '/api/services', { headers: { 'if-none-match': etag } })).status).toBe(304);
    expect(await titles(a)).not.toContain('Cached Service One');

    const created = await a.call('POST', '/api/services', { form: serviceForm('Cached Service One'), token: adminA });
    expect(created.status).toBe(201);
    expect(await titles(a)).toContain('Cached Service One');
    const after = await a.call('GET', '/api/services', { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);

    const id = created.body.data._id;
    expect((await a.call('PUT', `/api/services/${id}`, { form: serviceForm('Cached Service Renamed'), token: adminA })).status).toBe(200);
    expect(await titles(a)).toContain('Cached Service Renamed');
    expect((await a.call('DELETE', `/api/services/${id}`, { token: adminA })).status).toBe(200);
    expect(await titles(a)).not.toContain('Cached Service Renamed');
  });

  it('a refused write (401) changes nothing', async () => {
    const before = await titles(a);
    expect((await a.call('POST', '/api/services', { form: serviceForm('Sneaky') })).status).toBe(401);
    expect(await titles(a)).toEqual(before);
  });

  it('published blogs and categories: a new post, a status change and a new category show at once', async () => {
    const category = (await a.call('GET', '/api/categories')).body.data[0]._id;
    expect(await blogTitles(a)).not.toContain('Cache post');
    const post = await a.call('POST', '/api/blogs', { form: blogForm('Cache post', category), token: adminA });
    expect(post.status).toBe(201);
    expect(await blogTitles(a)).toContain('Cache post');
    expect((await a.call('PATCH', `/api/blogs/${post.body.data._id}/status`, { json: { status: 'draft' }, token: adminA })).status).toBe(
      200,
    );
    expect(await blogTitles(a)).not.toContain('Cache post');
    // Drafts show to an admin only.
    const drafts = await a.call('GET', '/api/blogs?status=draft', { token: adminA });
    expect(drafts.body.data.map((x: { title: string }) => x.title)).toContain('Cache post');

    expect(await categoryNames(a)).not.toContain('Cache Category');
    expect((await a.call('POST', '/api/categories', { json: { name: 'Cache Category' }, token: adminA })).status).toBe(201);
    expect(await categoryNames(a)).toContain('Cache Category');
  });

  // Two instances share one database only on PostgreSQL (SQLite is one file owned by one instance).
  it.runIf(onPostgres)('a write on one instance shows in the next read of the other (PostgreSQL)', async () => {
    const other = b!;
    expect(await titles(other)).not.toContain('Across Instances');
    expect(await blogTitles(other)).not.toContain('Across post');
    expect((await a.call('POST', '/api/services', { form: serviceForm('Across Instances'), token: adminA })).status).toBe(201);
    expect(await titles(other)).toContain('Across Instances');
    const category = (await a.call('GET', '/api/categories')).body.data[0]._id;
    expect((await a.call('POST', '/api/blogs', { form: blogForm('Across post', category), token: adminA })).status).toBe(201);
    expect(await blogTitles(other)).toContain('Across post');
    // And back: a write on the other instance reaches the first.
    const adminB = await signInAdmin(other);
    expect(await categoryNames(a)).not.toContain('Across Category');
    expect((await other.call('POST', '/api/categories', { json: { name: 'Across Category' }, token: adminB })).status).toBe(201);
    expect(await categoryNames(a)).toContain('Across Category');
  });
});

describe('HTTP caching of public reads', () => {
  it.each(['/api/services', '/api/blogs', '/api/blogs?pageSize=1', '/api/categories'])(
    '%s: ETag and no-cache, 304 on the held tag (GET and HEAD), 200 on another',
    async (target) => {
      const first = await a.call('GET', target);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[^"]+"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const again = await a.call('GET', target, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe('no-cache');
      const head = await fetch(`${a.url}${target}`, { method: 'HEAD', headers: { 'if-none-match': etag } });
      expect(head.status).toBe(304);
      expect((await a.call('GET', target, { headers: { 'if-none-match': 'W/"other"' } })).status).toBe(200);
    },
  );

  it("an admin's list with drafts gets its own tag", async () => {
    const anonymous = (await a.call('GET', '/api/blogs')).headers.get('etag');
    const category = (await a.call('GET', '/api/categories')).body.data[0]._id;
    expect((await a.call('POST', '/api/blogs', { form: blogForm('Draft for tags', category, 'draft'), token: adminA })).status).toBe(201);
    const asAdmin = await a.call('GET', '/api/blogs', { token: adminA });
    expect(asAdmin.body.data.map((x: { title: string }) => x.title)).toContain('Draft for tags');
    expect(asAdmin.headers.get('etag')).not.toBe(anonymous);
    expect((await a.call('GET', '/api/blogs')).headers.get('etag')).toBe(anonymous);
  });
});
