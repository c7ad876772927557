import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestServer, type TestServer } from './harness.ts';

// A text over its limit is refused whole, never cut to fit: the service title (120) and the blog
// title (200) an admin pastes in. The screens count and say the same before sending
// (site/lib/text-limit.ts); the chat message's 5,000 are in chat.test.ts.

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
});

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const long = 'x'.repeat(10_000);

describe('texts over their limit', () => {
  it('a service title of 10,000 characters is refused with the limit, and no service is stored, cut or whole', async () => {
    const res = await server.call('POST', '/api/services', { form: form({ title: long }), token: admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A service title can be at most 120 characters.');
    const titles = ((await server.call('GET', '/api/services')).body as Array<{ title: string }>).map((s) => s.title);
    expect(titles.filter((t) => t.startsWith('xxx'))).toEqual([]);

    const fits = await server.call('POST', '/api/services', { form: form({ title: 'y'.repeat(120) }), token: admin });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });

  it('a blog title of 10,000 characters is refused with the limit, and no post is stored, cut or whole', async () => {
    const categories = (await server.call('GET', '/api/categories')).body.data as Array<{ _id: string }>;
    const fields = { subTitle: 'Sub', body: '<p>Body text.</p>', category: categories[0]!._id, tags: 'limits', status: 'draft' };
    const stored = async () => (await server.call('GET', '/api/blogs', { token: admin })).body.total as number;
    const before = await stored();
    const res = await server.call('POST', '/api/blogs', { form: form({ ...fields, title: long }), token: admin });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The title can be at most 200 characters.');
    expect(await stored()).toBe(before);

    const fits = await server.call('POST', '/api/blogs', { form: form({ ...fields, title: 'y'.repeat(200) }), token: admin });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });
});
