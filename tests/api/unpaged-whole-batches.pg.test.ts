import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_BATCH } from '../../portal-api/src/http/json-stream.ts';
import { insertQuery } from '../../portal-api/src/modules/queries/queries.repo.ts';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';

// An unpaged list is streamed in batches of LIST_BATCH rows (portal-api/src/http/json-stream.ts).
// When it holds a whole number of batches, the batch after the last comes back empty; the
// stream then stopped short of its end, and a client with 200 requests (or 50, or 100) waited
// forever for My Queries, all of its rows sent but never the closing `]` and the total.

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAdmin(server);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/** The whole answer, or a failure naming how much came when it stops short for 10 s. */
async function readWhole(target: string, token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.url}${target}`, { headers: { authorization: `Bearer ${token}` } });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const next = await Promise.race([reader.read(), new Promise<'stalled'>((resolve) => setTimeout(() => resolve('stalled'), 10_000))]);
    if (next === 'stalled') {
      await reader.cancel();
      throw new Error(`${target} stopped after ${text.length} bytes: …${text.slice(-60)}`);
    }
    if (next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  return { status: res.status, body: JSON.parse(text) };
}

describe('unpaged lists of whole batches', () => {
  it('GET /api/queries/me ends for a client with exactly 1, 2 and 4 batches of requests', async () => {
    const { db } = server.deps;
    const service = await db.selectFrom('services').select('id').where('title', '=', 'Manufacturers').executeTakeFirstOrThrow();
    const client = await createClient(server, admin, { fullName: 'Bea Batches' });
    let made = 0;
    for (const size of [LIST_BATCH, 2 * LIST_BATCH, 4 * LIST_BATCH]) {
      for (; made < size; made++) {
        await insertQuery(db, {
          userId: client.id,
          message: `Takeoff request ${made} for a warehouse in Doral.`,
          serviceId: service.id,
          subserviceId: null,
          bidDueDate: null,
        });
      }
      const { status, body } = await readWhole('/api/queries/me', client.token);
      expect(status).toBe(200);
      expect(body).toMatchObject({ page: 1, pageSize: size, total: size });
      const ids = (body as { data: Array<{ _id: string }> }).data.map((q) => q._id);
      expect(ids).toHaveLength(size);
      expect(new Set(ids).size).toBe(size);
    }
  }, 120_000);

  // After the test above: the firm then has Bea's 200 requests, four whole batches.
  it('GET /api/queries (admin, unpaged) ends when the firm has a whole number of batches', async () => {
    const { body } = await readWhole('/api/queries', admin);
    const { data, total } = body as { data: unknown[]; total: number };
    expect(total).toBe(4 * LIST_BATCH);
    expect(data).toHaveLength(total);
  }, 60_000);
});
