import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { blogForm, blogTitles, categoryNames, serviceForm, titles } from './public-reads.ts';

// Public reads (services, blogs, categories) carry an ETag and `Cache-Control: no-cache`
// (portal-api/src/http/public-cache.ts): every write is visible in the very next read,
// a held ETag turns into a 200 after a change. On PostgreSQL the other instances answer the
// change at once too: public-reads.pg-only.test.ts.

let a: TestServer;
let adminA: string;

beforeAll(async () => {
  a = await startTestServer();
  adminA = await signInAdmin(a);
});
afterAll(async () => {
  await a?.stop();
});

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
});

describe('HTTP caching of public reads', () => {
  async function expectCached(target: string) {
    const first = await a.call('GET', target);
    expect(first.status, target).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await a.call('GET', target, { headers: { 'if-none-match': etag } });
    expect(again.status, target).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    const head = await fetch(`${a.url}${target}`, { method: 'HEAD', headers: { 'if-none-match': etag } });
    expect(head.status).toBe(304);
    expect((await a.call('GET', target, { headers: { 'if-none-match': 'W/"other"' } })).status).toBe(200);
  }

  it.each(['/api/services', '/api/blogs', '/api/blogs?pageSize=1', '/api/categories'])(
    '%s: ETag and no-cache, 304 on the held tag (GET and HEAD), 200 on another',
    expectCached,
  );

  it("a post's page and the tag list are cached the same way, by id and by slug", async () => {
    const category = (await a.call('GET', '/api/categories')).body.data[0]._id;
    const created = await a.call('POST', '/api/blogs', { form: blogForm('A cached post', category), token: adminA });
    expect(created.status).toBe(201);
    await expectCached('/api/blogs/tags');
    await expectCached(`/api/blogs/${created.body.data._id}`);
    await expectCached(`/api/blogs/${created.body.data.slug}`);
  });

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
