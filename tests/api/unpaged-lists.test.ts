import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_BATCH } from '../../portal-api/src/http/json-stream.ts';
import { hashPassword } from '../../portal-api/src/modules/auth/password.ts';
import { seedTo } from '../bench/growth.ts';
import { createTestDatabase, signIn, signInAdmin, startTestServer } from './harness.ts';
import { startServerProcess, type ServerProcess } from './process.ts';

// The unpaged lists (every request for the admin, every client with their requests, a client's
// own requests) are streamed in batches that take turns with everything else
// (portal-api/src/http/json-stream.ts). While ten of them are served at once, a health probe
// still answers within 50 ms (or a few batches' time on a loaded machine). Built whole, each
// list held the server's one event loop for the whole answer and the probe waited behind all ten.
//
// The server runs as its own process, so that the test's client work (reading ten large
// answers) never shares its event loop. It is seeded first, in-process, through the
// project's own repo functions (tests/bench/growth.ts), with 3,000 requests from 300 clients
// and one more client with 200 requests.

const CLIENT_PASSWORD = 'Growth-Passw0rd!';
const BUDGET_MS = 50;

let dataDir: string;
let pg: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
let server: ServerProcess;
let admin: string;
let client: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'estimating-unpaged-'));
  pg = process.env.TEST_DATABASE_URL ? await createTestDatabase(process.env.TEST_DATABASE_URL) : null;
  const env: Record<string, string> = { DATA_DIR: dataDir, ...(pg ? { DATABASE_URL: pg.url } : {}) };
  const seeding = await startTestServer(env);
  try {
    admin = await signInAdmin(seeding);
    const db = seeding.deps.db;
    const service = await db.selectFrom('services').select('id').where('title', '=', 'Manufacturers').executeTakeFirstOrThrow();
    const state = { clients: 0, queries: 0, hash: await hashPassword(CLIENT_PASSWORD), serviceId: service.id };
    await seedTo(db, 300, 3000, state);
    // One more client, with 200 requests of their own.
    await seedTo(db, 301, 3200, state);
    client = await signIn(seeding, 'growth-300@example.com', CLIENT_PASSWORD);
  } finally {
    await seeding.stop();
  }
  server = await startServerProcess(dataDir, env);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await pg?.drop().catch(() => undefined);
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function read(target: string, token: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.url}${target}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, text: await res.text() };
}

const LISTS: Array<[string, () => string]> = [
  ['/api/queries', () => admin],
  ['/api/users/with-queries', () => admin],
  ['/api/queries/me', () => client],
];

describe('unpaged lists do not block the server', () => {
  it('keep the documented shapes, every row in order', async () => {
    const all = JSON.parse((await read('/api/queries', admin)).text);
    expect(all).toMatchObject({ page: 1, pageSize: 3200, total: 3200, nextCursor: null });
    expect(all.data).toHaveLength(3200);
    expect(new Set(all.data.map((q: { _id: string }) => q._id)).size).toBe(3200);
    const created = all.data.map((q: { createdAt: string }) => q.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(all.data[0]).toMatchObject({ files: [expect.objectContaining({ name: expect.any(String), url: expect.any(String) })] });

    const filtered = JSON.parse((await read('/api/queries?search=kendall&sort=bidDueDate', admin)).text);
    expect(filtered.total).toBe(filtered.data.length);
    expect(filtered.data.length).toBeGreaterThan(0);
    expect(filtered.data.every((q: { message: string }) => q.message.includes('Kendall'))).toBe(true);

    const users = JSON.parse((await read('/api/users/with-queries', admin)).text);
    expect(Object.keys(users)).toEqual(['users']);
    expect(users.users).toHaveLength(301);
    expect(users.users.reduce((n: number, u: { queries: unknown[] }) => n + u.queries.length, 0)).toBe(3200);
    expect(users.users[0]).toMatchObject({ email: 'growth-300@example.com', online: false });
    expect(users.users[0].queries[0]).toEqual({
      _id: expect.any(String),
      subject: null,
      projectName: null,
      message: expect.stringContaining('takeoff'),
      status: 'pending',
      createdAt: expect.any(String),
    });

    const mine = JSON.parse((await read('/api/queries/me', client)).text);
    expect(mine).toMatchObject({ page: 1, pageSize: 200, total: 200 });
    expect(mine.data).toHaveLength(200);
    expect(mine.data[0]).toMatchObject({ unread: 0, lastMessage: null });
  }, 120_000);

  it(`answers /api/health within ${BUDGET_MS} ms (p99) while ten unpaged lists are served at once`, async () => {
    // Warm the server's code paths first.
    for (const [target, token] of LISTS) expect((await read(target, token())).status).toBe(200);
    // On a machine shared with other work, one batch's worth of rows can itself take longer than
    // the budget. The bound is then some batches (a paged call of that size, measured alone now):
    // a probe waits for a batch or two, where a list built whole held it for the whole list.
    const alone = async (target: string, token: string) => {
      const ms: number[] = [];
      for (let i = 0; i < 9; i++) {
        const started = performance.now();
        await read(target, token);
        ms.push(performance.now() - started);
      }
      return ms.sort((a, b) => a - b)[4]!;
    };
    // Rows with their workflow whole, as the unpaged list's batches carry them.
    const batch = await alone(`/api/queries?pageSize=${LIST_BATCH}&include=lifecycle`, admin);
    const health = await alone('/api/health', admin);
    // The ten lists take turns, so a probe can wait for one batch of each of them, and on a busy
    // machine for several. Built whole (each list read and serialised at once), the lists held
    // the probe 1,046 ms here, about 190 batches of 5.6 ms. A bound of 40 batches failed once
    // with the other test worker busy beside it (294 ms against 217, batches of 5.4 ms); 80
    // batches leaves that room and fails lists built whole by more than twice.
    const bound = Math.max(BUDGET_MS, 80 * batch + health);

    let serving = true;
    const lists = Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const [target, token] = LISTS[i % LISTS.length]!;
        return read(target, token());
      }),
    ).finally(() => (serving = false));
    const probes: number[] = [];
    while (serving || probes.length < 20) {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/health`);
      await res.arrayBuffer();
      probes.push(performance.now() - started);
      expect(res.status).toBe(200);
    }
    const answers = await lists;
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(() => JSON.parse(answer.text)).not.toThrow();
    }
    probes.sort((a, b) => a - b);
    const p99 = probes[Math.min(probes.length - 1, Math.ceil(probes.length * 0.99) - 1)]!;
    expect(p99, `health p99 over ${probes.length} probes (one batch alone: ${batch.toFixed(1)} ms)`).toBeLessThanOrEqual(bound);
  }, 120_000);
});
