import type { TestServer } from './harness.ts';

// What a visitor reads from the public lists, and the forms an admin writes them with: the
// freshness tests on one instance (public-reads.pg.test.ts) and across two (public-reads.pg-only.test.ts).

export const titles = async (server: TestServer) =>
  ((await server.call('GET', '/api/services')).body as { title: string }[]).map((s) => s.title);
export const blogTitles = async (server: TestServer) =>
  ((await server.call('GET', '/api/blogs')).body.data as { title: string }[]).map((x) => x.title);
export const categoryNames = async (server: TestServer) =>
  ((await server.call('GET', '/api/categories')).body.data as { name: string }[]).map((x) => x.name);

export function serviceForm(title: string) {
  const f = new FormData();
  f.append('title', title);
  return f;
}
export function blogForm(title: string, category: string, status = 'published') {
  const f = new FormData();
  for (const [k, v] of Object.entries({ title, subTitle: 'Sub', body: '<p>Body text.</p>', category, tags: 'cache', status }))
    f.append(k, v);
  return f;
}
