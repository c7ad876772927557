import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ADMIN, latestCode, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { startSmtpSink } from './smtp-sink.ts';
import { cleanupAfterEach } from './cleanups.ts';

// One-time codes, reset links and signed links never appear in any
// log line, at any level. The server logs at 'trace' into memory while the
// whole auth flow runs (with a refusing mail server for a while, so the retry
// path logs too), then everything it logged is searched for every code mailed.

const { cleanups } = cleanupAfterEach();

/** The code as a number of its own (not six digits inside a timestamp). */
const standalone = (code: string) => new RegExp(`(?<![0-9])${code}(?![0-9])`);

async function loggedServer(env: Record<string, string>): Promise<{ server: TestServer; logged: () => string }> {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const server = await startTestServer(
    { LOG_LEVEL: 'trace', COMPANY_EMAIL: 'desk@example.com', ...env },
    { log: pino({ level: 'trace' }, sink) },
  );
  cleanups.push(() => server.stop());
  return { server, logged: () => lines.join('') };
}

describe('logs during the auth flows', () => {
  it('hold no code and no mail subject, over SMTP with failures and retries', { timeout: 60_000 }, async () => {
    const smtp = await startSmtpSink();
    cleanups.push(() => smtp.close());
    const { server, logged } = await loggedServer({ SMTP_URL: smtp.url });
    /** The code of the `nth` (1-based) code mail to `to`, waiting for it. */
    const codeFrom = async (to: string, nth: number) => {
      const coded = () => smtp.received.filter((m) => m.to.includes(to) && /\d{6}$/.test(m.subject));
      for (let i = 0; i < 400 && coded().length < nth; i++) await new Promise((r) => setTimeout(r, 50));
      return /(\d{6})$/.exec(coded()[nth - 1]!.subject)![1]!;
    };

    // Admin sign-in.
    const adminLogin = await server.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: ADMIN.password } });
    const adminCode = await codeFrom(ADMIN.email, 1);
    const adminToken = (
      await server.call('POST', '/api/auth/login-verify-otp', {
        json: { email: ADMIN.email, otp: adminCode, token: adminLogin.body.token },
      })
    ).body.token;

    // Sign-up (new, then the same e-mail again), approval, sign-in with a wrong and a right code.
    const email = `logged-${Date.now()}@example.com`;
    const password = 'Passw0rd-long';
    await server.call('POST', '/api/auth/register', { json: { fullName: 'Lou Logged', email, password } });
    await server.call('POST', '/api/auth/register', { json: { fullName: 'Lou Again', email, password } });
    const id = (await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    await server.call('POST', `/api/auth/approve/${id}`, { token: adminToken });
    await server.call('POST', '/api/auth/login', { json: { email, password } });
    const loginCode = await codeFrom(email, 1);
    await server.call('POST', '/api/auth/login-verify-otp', { json: { email, otp: loginCode === '000000' ? '111111' : '000000' } });
    expect((await server.call('POST', '/api/auth/login-verify-otp', { json: { email, otp: loginCode } })).status).toBe(200);

    // Forgot password, right after signing in (the cooldown is per purpose), while the mail server refuses.
    smtp.refusing = true;
    expect((await server.call('POST', '/api/auth/send-otp', { json: { email } })).status).toBe(200);
    const refusedAt = smtp.refusals;
    for (let i = 0; i < 200 && smtp.refusals === refusedAt; i++) await new Promise((r) => setTimeout(r, 50));
    expect(smtp.refusals).toBeGreaterThan(refusedAt);
    smtp.refusing = false;
    const resetCode = await codeFrom(email, 2);
    await server.call('POST', '/api/auth/login-verify-otp', { json: { email, otp: resetCode } });
    await server.call('POST', '/api/auth/reset-password', { json: { email, newPassword: 'brand-new-pass' } });
    await server.call('POST', '/api/contact/submit', {
      json: { name: 'Log Visitor', email: 'v@example.com', service: 'Estimating', message: 'Hello' },
    });
    await server.deps.outbox.flush();

    const text = logged();
    const codes = smtp.received.map((m) => /(\d{6})$/.exec(m.subject)?.[1]).filter((c): c is string => !!c);
    expect(codes.length).toBeGreaterThanOrEqual(3);
    for (const code of codes) expect(text).not.toMatch(standalone(code));
    for (const m of smtp.received) expect(text).not.toContain(m.subject);
    // It did log: the kind and the recipient of each mail, and the refusal.
    expect(text).toMatch(/"kind":"login-code","to":"[^"]+"/);
    expect(text).toMatch(/"kind":"reset-code"[^\n]*"mail not sent: will retry"/);
    expect(text).toContain('"kind":"register-existing"');
    // Handed to SMTP: 'mail sent', with the address it went to.
    expect(text).toMatch(new RegExp(`"kind":"login-code","to":"${email}"[^\n]*"msg":"mail sent"`));
    expect(text).not.toContain('written to the outbox folder');
  });

  it('hold no code when mail goes to DATA_DIR/outbox', async () => {
    const { server, logged } = await loggedServer({});
    await signInAdmin(server);
    const code = await latestCode(server, ADMIN.email);
    expect(logged()).toContain('"kind":"login-code"');
    expect(logged()).not.toMatch(standalone(code));
    // Written to a folder, not sent: the log says so.
    await server.deps.outbox.flush();
    expect(logged()).toMatch(/"kind":"login-code"[^\n]*"msg":"mail written to the outbox folder"/);
    expect(logged()).not.toContain('"msg":"mail sent"');
  });

  it("names the admins a firm's mail went to when no company address is set", async () => {
    const { server, logged } = await loggedServer({ COMPANY_EMAIL: '' });
    await server.call('POST', '/api/contact/submit', {
      json: { name: 'Log Visitor', email: 'v@example.com', service: 'Estimating', message: 'Hello' },
    });
    await server.deps.outbox.flush();
    expect(logged()).toMatch(new RegExp(`"to":"${ADMIN.email}"[^\n]*"msg":"mail written to the outbox folder"`));
    expect(logged()).not.toContain('admin-accounts@firm.invalid');
  });
});
