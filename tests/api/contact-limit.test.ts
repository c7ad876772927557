import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMIT } from '../../portal-api/src/modules/contact/contact.routes.ts';
import { startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('contact form rate limit', () => {
  it('accepts a burst of valid messages from one address, then answers 429 with Retry-After and stores nothing more', async () => {
    const message = {
      name: 'Luis Ortega',
      email: 'luis@ortega-builders.com',
      service: 'Concrete',
      message: 'Please quote a slab takeoff for a warehouse in Hialeah.',
    };
    for (let i = 0; i < CONTACT_LIMIT.max; i++) {
      expect((await server.call('POST', '/api/contact/submit', { json: message })).status).toBe(201);
    }
    const refused = await server.call('POST', '/api/contact/submit', { json: message });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/try again/i);
    const rows = await server.deps.db.selectFrom('contact_messages').select('id').execute();
    expect(rows).toHaveLength(CONTACT_LIMIT.max);
  });
});
