import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_MAX_AGE_MS } from '../../portal-api/src/modules/auth/session.ts';
import { closeExpiredSessionSockets } from '../../portal-api/src/modules/chats/chats.session-expiry.ts';
import { SESSION_ENDED_CLOSE, SESSION_ENDED_MESSAGE } from '../../portal-api/src/modules/chats/chats.labels.ts';
import { ADMIN, latestCode, signIn, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { TINY_PDF } from './process.ts';
import { openSocket, type Socket } from './socket.ts';

// A chat socket must not outlive its session: logout
// closes that session's sockets, a password reset closes all the user's, on
// every instance. And a reset is bound to whoever verified the code: a second
// party who knows only the e-mail is refused.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let server: TestServer;
let second: TestServer | null = null;
let adminToken: string;
let serviceId: string;
let counter = 0;

beforeAll(async () => {
  server = await startTestServer();
  // PostgreSQL: a second instance on the same database, sockets there must close too.
  // The second instance shares the database and the data folder, as instances behind a load
  // balancer share a volume: either one's outbox worker may write a code the test then reads.
  if (onPostgres) {
    second = await startTestServer({
      DATABASE_URL: (server.deps.config.database as { url: string }).url,
      DATA_DIR: server.deps.config.dataDir,
    });
  }
  adminToken = await signInAdmin(server);
  const services = (await server.call('GET', '/api/services')).body as Array<{ _id: string; subservices: unknown[] }>;
  serviceId = services.find((s) => s.subservices.length === 0)!._id;
});
afterAll(async () => {
  await second?.stop();
  await server?.stop();
});

/** An approved client that has not signed in (so /auth/send-otp has no cooldown yet), with a session and a query. */
async function clientWithQuery() {
  counter += 1;
  const email = `session-end-${counter}-${Date.now()}@example.com`;
  const password = 'Client-Passw0rd';
  expect((await server.call('POST', '/api/auth/register', { json: { fullName: `Client ${counter}`, email, password } })).status).toBe(201);
  const { id } = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  expect((await server.call('POST', `/api/auth/approve/${id}`, { token: adminToken })).status).toBe(200);
  const token = (await createSession(server.deps.db, id)).token;
  const form = new FormData();
  form.append('message', 'Takeoff for a duplex');
  form.append('service', serviceId);
  form.append('files[]', new Blob([new Uint8Array(TINY_PDF)], { type: 'application/pdf' }), 'plan.pdf');
  const query = await server.call('POST', '/api/queries', { form, token });
  expect(query.status).toBe(201);
  return { id, email, password, token, queryId: query.body.data._id as string };
}

async function joined(on: TestServer, token: string, queryId: string): Promise<Socket & { closed: Promise<number> }> {
  const socket = await openSocket(on.url);
  const closed = new Promise<number>((resolve) => socket.ws.on('close', (code) => resolve(code)));
  socket.ws.send(JSON.stringify({ type: 'joinRoom', token, queryId }));
  await socket.next((f) => f.type === 'joined');
  return Object.assign(socket, { closed });
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms))]);
}

function say(socket: Socket, token: string, queryId: string, message: string) {
  socket.ws.send(JSON.stringify({ type: 'sendMessage', token, queryId, message, replyTo: null }));
  return socket.next((f) => f.type === 'receiveMessage' && f.message.message === message);
}

describe('a chat socket ends with its session', () => {
  it('logout closes that session’s sockets at once; other sessions keep theirs; the token opens no new socket', async () => {
    const client = await clientWithQuery();
    const adminSession = await signIn(server, ADMIN.email, ADMIN.password);
    const watcher = await joined(server, adminSession, client.queryId); // the socket that must close
    const other = await joined(server, adminToken, client.queryId); // another admin session, untouched
    const remote = second ? await joined(second, adminSession, client.queryId) : null;
    const author = await joined(server, client.token, client.queryId);
    await say(author, client.token, client.queryId, 'BEFORE-LOGOUT');
    await watcher.next((f) => f.message?.message === 'BEFORE-LOGOUT');

    expect((await server.call('POST', '/api/auth/logout', { token: adminSession })).status).toBe(200);
    expect(await within(watcher.closed, 2000, 'close after logout')).toBe(SESSION_ENDED_CLOSE);
    expect(watcher.frames.some((f) => f.type === 'error' && f.message === SESSION_ENDED_MESSAGE)).toBe(true);
    if (remote) expect(await within(remote.closed, 3000, 'close on the other instance')).toBe(SESSION_ENDED_CLOSE);

    await say(author, client.token, client.queryId, 'ADMIN-AFTER-LOGOUT');
    await other.next((f) => f.message?.message === 'ADMIN-AFTER-LOGOUT');
    expect(watcher.frames.some((f) => f.message?.message === 'ADMIN-AFTER-LOGOUT')).toBe(false);
    expect(remote?.frames.some((f) => f.message?.message === 'ADMIN-AFTER-LOGOUT') ?? false).toBe(false);

    // The ended token, still within the socket module's 10 s auth cache, opens nothing.
    const retry = await openSocket(server.url);
    retry.ws.send(JSON.stringify({ type: 'joinRoom', token: adminSession, queryId: client.queryId }));
    expect((await retry.next((f) => f.type === 'error' || f.type === 'joined')).type).toBe('error');
    retry.ws.close();
    other.ws.close();
    author.ws.close();
  });

  // A socket that only listens kept its rooms' frames after its session ran
  // out (30 days unused or 90 after sign-in): only logout and resets closed sockets.
  it('a session that runs out closes its sockets at the next sweep; a socket with a live session stays', async () => {
    const client = await clientWithQuery();
    const listener = await joined(server, client.token, client.queryId);
    const admin = await joined(server, adminToken, client.queryId);
    expect(await closeExpiredSessionSockets(server.deps.db, server.deps.hub)).toBe(0);
    // The session's 90 days are over (created_at long ago), as a tab left open for months has.
    await server.deps.db
      .updateTable('sessions')
      .set({ created_at: new Date(Date.now() - SESSION_MAX_AGE_MS - 60_000).toISOString() })
      .where('user_id', '=', client.id)
      .execute();
    expect(await closeExpiredSessionSockets(server.deps.db, server.deps.hub)).toBe(1);
    expect(await within(listener.closed, 2000, 'close after the session ran out')).toBe(SESSION_ENDED_CLOSE);
    expect(listener.frames.some((f) => f.type === 'error' && f.message === SESSION_ENDED_MESSAGE)).toBe(true);
    await say(admin, adminToken, client.queryId, 'ADMIN-AFTER-EXPIRY');
    expect(listener.frames.some((f) => f.message?.message === 'ADMIN-AFTER-EXPIRY')).toBe(false);
    admin.ws.close();
  });

  it('a password reset closes every socket of that user, on every instance', async () => {
    const client = await clientWithQuery();
    const first = await joined(server, client.token, client.queryId);
    const secondSession = (await createSession(server.deps.db, client.id)).token;
    const again = await joined(second ?? server, secondSession, client.queryId);
    const admin = await joined(server, adminToken, client.queryId);

    expect((await server.call('POST', '/api/auth/send-otp', { json: { email: client.email } })).status).toBe(200);
    const verified = await server.call('POST', '/api/auth/login-verify-otp', {
      json: { email: client.email, otp: await latestCode(server, client.email) },
    });
    expect(verified.status).toBe(200);
    const reset = await server.call('POST', '/api/auth/reset-password', {
      json: { email: client.email, newPassword: 'Brand-New-6' },
      token: verified.body.token,
    });
    expect(reset.status).toBe(200);
    expect(await within(first.closed, 2000, 'close after reset')).toBe(SESSION_ENDED_CLOSE);
    expect(await within(again.closed, 3000, 'close of the second session after reset')).toBe(SESSION_ENDED_CLOSE);

    await say(admin, adminToken, client.queryId, 'ADMIN-AFTER-RESET');
    expect(first.frames.some((f) => f.message?.message === 'ADMIN-AFTER-RESET')).toBe(false);
    expect(again.frames.some((f) => f.message?.message === 'ADMIN-AFTER-RESET')).toBe(false);
    admin.ws.close();
  });
});

describe('a reset is bound to whoever verified the code', () => {
  it('refuses a second party who knows only the e-mail; the verifier resets once; sessions end', async () => {
    const client = await clientWithQuery();
    expect((await server.call('POST', '/api/auth/send-otp', { json: { email: client.email } })).status).toBe(200);
    const verified = await server.call('POST', '/api/auth/login-verify-otp', {
      json: { email: client.email, otp: await latestCode(server, client.email) },
    });
    expect(verified.status).toBe(200);
    const resetToken = verified.body.token as string;
    expect(resetToken).toMatch(/^[a-z2-7]{32}$/);
    // It opens no data.
    expect((await server.call('GET', '/api/users/profile', { token: resetToken })).status).toBe(401);
    // Only its hash is stored.
    const row = await server.deps.db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('email', '=', client.email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.reset_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(resetToken);

    // The attacker: the owner just verified, the attacker knows the e-mail, perhaps even holds a session of their own.
    const attacker = await clientWithQuery();
    for (const token of [
      undefined,
      'not-the-token',
      attacker.token,
      client.token,
      resetToken.slice(0, -1) + (resetToken.endsWith('a') ? 'b' : 'a'),
    ]) {
      const res = await server.call('POST', '/api/auth/reset-password', {
        json: { email: client.email, newPassword: 'Hijacked-1' },
        token,
      });
      expect(res.status, String(token)).toBe(401);
      expect(res.body.message).toBe('Please verify the code sent to your email first.');
    }
    // The token is for that e-mail only.
    expect(
      (
        await server.call('POST', '/api/auth/reset-password', {
          json: { email: attacker.email, newPassword: 'Hijacked-1' },
          token: resetToken,
        })
      ).status,
    ).toBe(401);

    const reset = await server.call('POST', '/api/auth/reset-password', {
      json: { email: client.email, newPassword: 'Owner-Chose-1' },
      token: resetToken,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password reset successful!');
    expect(
      (
        await server.call('POST', '/api/auth/reset-password', {
          json: { email: client.email, newPassword: 'Again-Again-1' },
          token: resetToken,
        })
      ).status,
    ).toBe(401);
    expect((await server.call('GET', '/api/users/profile', { token: client.token })).status).toBe(401);
    expect((await server.call('GET', '/api/users/profile', { token: attacker.token })).status).toBe(200);
    expect((await server.call('POST', '/api/auth/login', { json: { email: client.email, password: 'Owner-Chose-1' } })).status).toBe(200);
  });

  it('refuses a reset token older than 10 minutes', async () => {
    const client = await clientWithQuery();
    expect((await server.call('POST', '/api/auth/send-otp', { json: { email: client.email } })).status).toBe(200);
    const verified = await server.call('POST', '/api/auth/login-verify-otp', {
      json: { email: client.email, otp: await latestCode(server, client.email) },
    });
    await server.deps.db
      .updateTable('one_time_codes')
      .set({ verified_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('email', '=', client.email)
      .execute();
    const res = await server.call('POST', '/api/auth/reset-password', {
      json: { email: client.email, newPassword: 'Too-Late-1' },
      token: verified.body.token,
    });
    expect(res.status).toBe(401);
    expect((await server.call('GET', '/api/users/profile', { token: client.token })).status).toBe(200);
  });

  it('documents the bearer reset token in the OpenAPI description', async () => {
    const doc = (await server.call('GET', '/api/openapi.json')).body;
    const reset = doc.paths['/auth/reset-password'].post;
    expect(reset.security).toEqual([{ bearer: [] }]);
    expect(reset.description).toMatch(/reset token/);
    expect(doc.paths['/auth/login-verify-otp'].post.description).toMatch(/one-time reset token/);
  });
});
