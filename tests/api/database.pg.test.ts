import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket } from './socket.ts';

// The same API on SQLite and PostgreSQL (run with TEST_DATABASE_URL for the
// latter). PostgreSQL refuses a NUL character in text where SQLite stores it:
// either way the caller gets a 2xx or a 4xx sentence, never a 500.

let server: TestServer;
let client: { token: string; id: string };
beforeAll(async () => {
  server = await startTestServer();
  client = await createClient(server, await signInAdmin(server));
});
afterAll(async () => {
  await server?.stop();
});

describe('text the database may not store', () => {
  it('answers a NUL character in a JSON body with a 2xx or a 400 sentence', async () => {
    const res = await server.call('POST', '/api/contact/submit', {
      json: {
        name: 'Nul\u0000Name',
        email: 'nul@example.com',
        phone: '305 555 0100',
        service: 'Concrete',
        message: 'A NUL \u0000 inside.',
      },
    });
    expect(res.status).toBeLessThan(500);
    if (res.status >= 400) expect(res.body).toMatchObject({ message: expect.any(String), code: 'invalid_input' });
  });

  it('answers a NUL character in a path id with a 4xx sentence', async () => {
    const res = await server.call('GET', '/api/queries/abc%00def', { token: client.token });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
  });

  it('answers a NUL character in a chat frame with an error frame that is not a server error', async () => {
    const socket = await openSocket(server.url);
    socket.ws.send(JSON.stringify({ type: 'joinRoom', token: client.token, queryId: 'nul\u0000id' }));
    const frame = await socket.next((f) => f.type === 'error');
    expect(frame.message).not.toBe('Internal server error');
    socket.ws.close();
  });

  it('still answers afterwards', async () => {
    expect((await server.call('GET', '/api/ready')).status).toBe(200);
  });
});
