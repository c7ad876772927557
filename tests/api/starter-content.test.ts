import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../portal-api/src/db/seed.ts';
import { STARTER_ARTICLES } from '../../portal-api/src/db/starter-articles.ts';
import { signInAdmin, startTestServer, type TestServer } from './harness.ts';

// A fresh installation's blog shows three real articles on day one,
// through the normal listing, filters and post pages; an admin who deletes one
// is not overruled by the next start.

type Blog = { _id: string; title: string; slug: string; status: string; category: { name: string } | null; tags: string[]; body: string };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('starter articles', () => {
  it('are published on a fresh install, newest first, with their categories and tags', async () => {
    const res = await server.call('GET', '/api/blogs?status=published&pageSize=100');
    expect(res.status).toBe(200);
    const blogs = res.body.data as Blog[];
    expect(blogs.map((b) => b.title)).toEqual([...STARTER_ARTICLES].sort((a, b) => a.daysAgo - b.daysAgo).map((a) => a.title));
    for (const article of STARTER_ARTICLES) {
      const blog = blogs.find((b) => b.title === article.title)!;
      expect(blog.status).toBe('published');
      expect(blog.category?.name).toBe(article.category);
      expect([...blog.tags].sort()).toEqual([...article.tags].sort());
      expect(blog.body.length).toBeGreaterThan(1000);
    }
    // The filters and the post page work on them like on any post.
    const tips = (await server.call('GET', `/api/blogs?status=published&category=${encodeURIComponent('Estimating Tips')}`)).body
      .data as Blog[];
    expect(tips.map((b) => b.title)).toEqual([STARTER_ARTICLES[0]!.title]);
    const page = await fetch(`${server.url}/blog/${blogs[0]!.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`<h1[^>]*>${blogs[0]!.title}</h1>`));
    expect(html).toContain('High-Velocity Hurricane Zone');
  });

  it('are not seeded again after an admin deleted them', async () => {
    const admin = await signInAdmin(server);
    const blogs = (await server.call('GET', '/api/blogs?status=published&pageSize=100')).body.data as Blog[];
    expect((await server.call('DELETE', `/api/blogs/${blogs[0]!._id}`, { token: admin })).status).toBe(200);
    await seedReferenceData(server.deps.db); // what the next start runs
    expect((await server.call('GET', '/api/blogs?status=published&pageSize=100')).body.total).toBe(STARTER_ARTICLES.length - 1);
  });
});
