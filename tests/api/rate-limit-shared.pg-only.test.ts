import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../portal-api/src/modules/auth/rate-limit.ts';
import { CONTACT_LIMIT } from '../../portal-api/src/modules/contact/contact.routes.ts';
import { ADMIN, startSecondInstance, startTestServer, type TestServer } from './harness.ts';

// On PostgreSQL the rate limits are rows of rate_limits (lib/rate-limit.ts), so
// two instances on one database count together: a script cannot multiply a
// limit by spreading its calls over the instances behind a load balancer. On SQLite the limits
// are kept in memory by the one instance (contact-limit.test.ts and the sign-in tests check them).

describe('rate limits across instances', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startTestServer();
    b = await startSecondInstance(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  const message = {
    name: 'Luis Ortega',
    email: 'luis@ortega-builders.com',
    service: 'Concrete',
    message: 'Please quote a slab takeoff for a warehouse in Hialeah.',
  };

  it('the contact limit counts the messages sent to either instance', async () => {
    for (let i = 0; i < CONTACT_LIMIT.max; i++) {
      const server = i % 2 === 0 ? a : b;
      expect((await server.call('POST', '/api/contact/submit', { json: message })).status).toBe(201);
    }
    for (const server of [a, b]) {
      const refused = await server.call('POST', '/api/contact/submit', { json: message });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    const rows = await a.deps.db.selectFrom('contact_messages').select('id').execute();
    expect(rows).toHaveLength(CONTACT_LIMIT.max);
  });

  it('wrong passwords tried on one instance throttle the account on the other', async () => {
    const free = LIMITS.password.delaysSeconds.findIndex((d) => d > 0);
    for (let i = 0; i < free; i++) {
      const server = i % 2 === 0 ? a : b;
      expect((await server.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: `wrong-${i}-password` } })).status).toBe(
        401,
      );
    }
    for (const server of [a, b]) {
      const res = await server.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: ADMIN.password } });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.body.message).toMatch(/^Too many failed sign-in attempts\./);
    }
  });

  it('a code resend waits 60 s on every instance, for a long e-mail too', async () => {
    const email = `someone@${['b', 'c', 'd', 'e'].map((ch) => ch.repeat(60)).join('.')}.com`;
    expect((await a.call('POST', '/api/auth/send-otp', { json: { email } })).status).toBe(200);
    const again = await b.call('POST', '/api/auth/send-otp', { json: { email } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(50);
  });
});
