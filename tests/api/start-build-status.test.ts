import { afterAll, describe, expect, it } from 'vitest';
import { signInAdmin, startTestServer, type TestServer } from './harness.ts';

// `npm start` builds the site before the server starts. When that build fails and an
// earlier one is served, the admin's rebuild status says so from the first answer,
// with the content error, instead of reading 'idle'.

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
});

const FAILED = {
  ok: false as const,
  startedAt: '2026-11-30T08:00:00.000Z',
  finishedAt: '2026-11-30T08:00:12.000Z',
  ms: 12_000,
  error: '[InvalidContentEntryDataError] trades → concrete data does not match collection schema.\neyebrow: Required',
};

describe('the rebuild status after the start-up build', () => {
  it('shows a failed start-up build, with its error, until the next rebuild', async () => {
    const server = await startTestServer({}, { startBuild: FAILED });
    servers.push(server);
    const res = await server.call('GET', '/api/site/rebuild', { token: await signInAdmin(server) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'failed', error: FAILED.error, ms: 12_000, finishedAt: FAILED.finishedAt });
    expect(res.body.message).toBe('The rebuild failed; the previous site is still online.');
  });

  it('reads idle when the server started without a build of its own', async () => {
    const server = await startTestServer();
    servers.push(server);
    const res = await server.call('GET', '/api/site/rebuild', { token: await signInAdmin(server) });
    expect(res.body).toMatchObject({ state: 'idle', error: null });
  });
});
