import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, startSecondInstance, startTestServer, type TestServer } from './harness.ts';
import { blogForm, blogTitles, categoryNames, serviceForm, titles } from './public-reads.ts';

// Public reads carry an ETag and `Cache-Control: no-cache` (portal-api/src/http/public-cache.ts),
// so a write on one instance shows in the very next read of any other on the same database. Two
// instances share one database only on PostgreSQL (SQLite is one file owned by one instance);
// the reads on one instance: public-reads.pg.test.ts.

let a: TestServer;
let b: TestServer;
let adminA: string;

beforeAll(async () => {
  a = await startTestServer();
  adminA = await signInAdmin(a);
  b = await startSecondInstance(a);
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

describe('public reads stay fresh', () => {
  it('a write on one instance shows in the next read of the other (PostgreSQL)', async () => {
    const other = b;
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
