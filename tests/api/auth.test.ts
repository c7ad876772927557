import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { newId, nowIso } from '../../portal-api/src/lib/ids.ts';
import { hashPassword } from '../../portal-api/src/modules/auth/password.ts';
import { LIMITS } from '../../portal-api/src/modules/auth/rate-limit.ts';
import { ADMIN, createClient, latestCode, mailsTo, signIn, signInAdmin, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
});

let n = 0;
const uniqueEmail = (tag: string) => `${tag}-${++n}-${Date.now()}@example.com`;

async function register(email = uniqueEmail('reg'), password = 'Passw0rd-long') {
  const res = await server.call('POST', '/api/auth/register', {
    json: { fullName: '  Jo   Builder ', email: ` ${email.toUpperCase()} `, password },
  });
  return { res, email, password };
}
async function userId(email: string) {
  return (await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}
const login = (email: string, password: string) => server.call('POST', '/api/auth/login', { json: { email, password } });
const verify = (email: string, otp: string, token?: string) =>
  server.call('POST', '/api/auth/login-verify-otp', { json: { email, otp, ...(token ? { token } : {}) } });
const profile = (token: string) => server.call('GET', '/api/users/profile', { token });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up', () => {
  it('registers a pending client; its token opens no data', async () => {
    const { res, email } = await register();
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: expect.any(String), token: expect.any(String) });
    const row = await server.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ role: 'client', status: 'pending' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect((await profile(res.body.token)).status).toBe(401);
  });

  it('answers a duplicate e-mail like a new one and refuses a short password with the docs/product.md §9 minimum', async () => {
    const { email, res: first } = await register();
    const again = await server.call('POST', '/api/auth/register', { json: { fullName: 'X', email, password: 'Passw0rd-long' } });
    expect(again.status).toBe(201);
    expect(again.body.message).toBe(first.body.message);
    expect(
      (await server.deps.db.selectFrom('users').select('full_name').where('email', '=', email).execute()).map((u) => u.full_name),
    ).toEqual(['Jo   Builder']); // the first sign-up's name, untouched
    const short = await server.call('POST', '/api/auth/register', {
      json: { fullName: 'X', email: uniqueEmail('s'), password: 'short7!' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters.');
  });
});

describe('password step', () => {
  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const bad = await login(ADMIN.email, 'not-the-password');
    const unknown = await login(uniqueEmail('ghost'), 'whatever-password');
    expect(bad.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(bad.body).toEqual(unknown.body);
  });

  it("refuses an unapproved client with 'Please get approval from admin.' and mails no code", async () => {
    const { email, password } = await register();
    const res = await login(email, password);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Please get approval from admin.');
    expect((await server.outbox()).some((m) => m.to.includes(email))).toBe(false);
  });

  it("refuses a user of any other role with 'Unrecognized user role.'", async () => {
    const email = uniqueEmail('manager');
    const now = nowIso();
    await server.deps.db
      .insertInto('users')
      .values({
        id: newId(),
        full_name: 'Odd Role',
        email,
        password_hash: await hashPassword('Passw0rd-long'),
        role: 'manager' as never,
        status: 'approved',
        phone_number: null,
        company: null,
        bio: null,
        profile_image: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const res = await login(email, 'Passw0rd-long');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Unrecognized user role.');
  });

  it('mails a code and answers a challenge token that opens no data', async () => {
    const res = await login(ADMIN.email, ADMIN.password);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: ADMIN.email, role: 'admin', status: 'approved', fullName: expect.any(String) });
    expect((await profile(res.body.token)).status).toBe(401);
    const mail = (await server.outbox()).at(-1)!;
    expect(mail.to).toContain(ADMIN.email);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.raw).toMatch(/text\/html/);
  });
});

describe('code step', () => {
  it('returns a session token for the right code with the challenge, and only once', async () => {
    const res = await login(ADMIN.email, ADMIN.password);
    const code = await latestCode(server, ADMIN.email);
    const ok = await verify(ADMIN.email, code, res.body.token);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'User login successfully!', token: expect.any(String), user: { role: 'admin' } });
    expect((await profile(ok.body.token)).status).toBe(200);
    const reused = await verify(ADMIN.email, code, res.body.token);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe('Invalid or expired OTP.');
  });

  it("refuses the right code with another login's challenge", async () => {
    await login(ADMIN.email, ADMIN.password);
    const code = await latestCode(server, ADMIN.email);
    expect((await verify(ADMIN.email, code, 'some-other-challenge')).status).toBe(400);
    // the wrong challenge counted as a try; the code still works with no challenge (a client written to docs/product.md §7 alone)
    expect((await verify(ADMIN.email, code)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    await login(ADMIN.email, ADMIN.password);
    const code = await latestCode(server, ADMIN.email);
    await server.deps.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('email', '=', ADMIN.email)
      .where('consumed_at', 'is', null)
      .execute();
    const res = await verify(ADMIN.email, code);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid or expired OTP.');
  });

  it('burns a code after 5 wrong tries', async () => {
    await login(ADMIN.email, ADMIN.password);
    const code = await latestCode(server, ADMIN.email);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(ADMIN.email, wrong(code))).body);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill({ message: 'Invalid or expired OTP.', code: 'invalid_otp' }));
    expect(answers[4]).toEqual({ message: 'Too many wrong codes. Please request a new one.', code: 'otp_exhausted' });
    expect((await verify(ADMIN.email, code)).status).toBe(400);
    // a fresh password step works again (and resets the per-account count on success)
    await login(ADMIN.email, ADMIN.password);
    expect((await verify(ADMIN.email, await latestCode(server, ADMIN.email))).status).toBe(200);
  });

  // A reset code asked for by anyone (POST /auth/send-otp) burnt the code of a sign-in
  // waiting at its code step, so its owner's code was refused.
  it("leaves a waiting sign-in's code alone when a reset code is asked for, and both codes work", async () => {
    const { email, password } = await createClient(server, adminToken);
    let seen = (await mailsTo(server, email)).length;
    const challenge = (await login(email, password)).body.token as string;
    const signInCode = await latestCode(server, email, seen);
    seen = (await mailsTo(server, email)).length;
    expect((await server.call('POST', '/api/auth/send-otp', { json: { email, purpose: 'reset' } })).status).toBe(200);
    const resetCode = await latestCode(server, email, seen);
    const signedIn = await verify(email, signInCode, challenge);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user.email).toBe(email.toLowerCase());
    const forReset = await verify(email, resetCode);
    expect(forReset.status).toBe(200);
    expect(forReset.body.verified).toBe(true);
  });

  it('replaces an older code with a newer one', async () => {
    await login(ADMIN.email, ADMIN.password);
    const first = await latestCode(server, ADMIN.email);
    await login(ADMIN.email, ADMIN.password);
    const second = await latestCode(server, ADMIN.email);
    if (first !== second) expect((await verify(ADMIN.email, first)).status).toBe(400);
    expect((await verify(ADMIN.email, second)).status).toBe(200);
  });

  it('refuses a code that is not 6 digits with the docs/product.md §5 text', async () => {
    const res = await verify(ADMIN.email, '12345');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter a valid 6-digit OTP.');
  });
});

describe('forgot and reset password', () => {
  async function approvedNeverSignedIn() {
    const r = await register();
    const id = await userId(r.email);
    await server.call('POST', `/api/auth/approve/${id}`, { token: adminToken });
    return { ...r, id };
  }

  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const known = await approvedNeverSignedIn();
    const unknownEmail = uniqueEmail('nobody');
    const before = (await server.outbox()).length;
    const a = await server.call('POST', '/api/auth/send-otp', { json: { email: known.email } });
    const b = await server.call('POST', '/api/auth/send-otp', { json: { email: unknownEmail } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    // Each mail is an outbox row written before the answer: outbox() sends every one due, so a
    // (wrong) mail to the unknown address would be among them.
    const mails = (await server.outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain(known.email);
    expect(mails[0]!.subject).toMatch(/^Your password reset code: \d{6}$/);
    // a second request within the 60 s of docs/product.md §9 is refused the same way, known or not
    const a2 = await server.call('POST', '/api/auth/send-otp', { json: { email: known.email } });
    const b2 = await server.call('POST', '/api/auth/send-otp', { json: { email: unknownEmail } });
    expect([a2.status, b2.status]).toEqual([429, 429]);
    expect(Number(a2.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(a2.body.message).toMatch(/^Please wait \d+ seconds before requesting another code\.$/);
  });

  it('refuses a reset without a verified code', async () => {
    const res = await server.call('POST', '/api/auth/reset-password', { json: { email: ADMIN.email, newPassword: 'whatever1' } });
    expect(res.status).toBe(401); // the OpenAPI document: 401 for no or a bad token
    expect(res.body.message).toBe('Please verify the code sent to your email first.');
  });

  it('resets once after a verified code, ends the sessions of that user, and the new password signs in', async () => {
    const user = await approvedNeverSignedIn();
    const other = await approvedNeverSignedIn();
    // a session opened earlier (created directly: a fresh sign-in would start the 60 s resend cooldown)
    const { createSession } = await import('../../portal-api/src/modules/auth/session.ts');
    const session = (await createSession(server.deps.db, user.id)).token;
    expect((await profile(session)).status).toBe(200);

    expect((await server.call('POST', '/api/auth/send-otp', { json: { email: user.email } })).status).toBe(200);
    const verified = await verify(user.email, await latestCode(server, user.email));
    expect(verified.status).toBe(200);
    // a reset code opens no session: its token is a one-time reset token
    const resetToken = verified.body.token as string;
    expect((await profile(resetToken)).status).toBe(401);
    // the verification is for that e-mail only
    expect(
      (await server.call('POST', '/api/auth/reset-password', { json: { email: other.email, newPassword: 'brandnew6' }, token: resetToken }))
        .status,
    ).toBe(401);
    const shortPw = await server.call('POST', '/api/auth/reset-password', {
      json: { email: user.email, newPassword: '12345' },
      token: resetToken,
    });
    expect(shortPw.body.message).toBe('Password must be at least 6 characters.');
    const reset = await server.call('POST', '/api/auth/reset-password', {
      json: { email: user.email, newPassword: 'brandnew6' },
      token: resetToken,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Password reset successful!');
    const again = await server.call('POST', '/api/auth/reset-password', {
      json: { email: user.email, newPassword: 'another66' },
      token: resetToken,
    });
    expect(again.status).toBe(401);
    expect((await profile(session)).status).toBe(401);
    expect((await profile(adminToken)).status).toBe(200); // other users keep their sessions
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, 'brandnew6')).status).toBe(200);
  });
});

describe('approval', () => {
  it('lets an admin approve a client, mails the client, and the client can then sign in', async () => {
    const { email, password } = await register();
    const id = await userId(email);
    const res = await server.call('POST', `/api/auth/approve/${id}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Admin approved successfully!');
    const mail = (await server.outbox()).filter((m) => m.to.includes(email)).at(-1)!;
    expect(mail.subject).toBe('Your account has been approved');
    expect(mail.text).toMatch(/can now sign in/);
    expect(mail.text).toContain('/login');
    expect((await login(email, password)).status).toBe(200);
  });

  it('refuses a client listing users or approving (403), and anyone without a token (401)', async () => {
    const client = await createClient(server, adminToken);
    const { email } = await register();
    const id = await userId(email);
    expect((await server.call('POST', `/api/auth/approve/${id}`, { token: client.token })).status).toBe(403);
    expect((await server.call('GET', '/api/users', { token: client.token })).status).toBe(403);
    expect((await server.call('POST', `/api/auth/approve/${id}`)).status).toBe(401);
    expect((await server.call('POST', '/api/auth/approve/no-such-user', { token: adminToken })).status).toBe(404);
  });
});

describe('logout', () => {
  it('revokes the session server-side', async () => {
    const client = await createClient(server, adminToken);
    const res = await server.call('POST', '/api/auth/logout', { token: client.token });
    expect(res.status).toBe(200);
    expect((await profile(client.token)).status).toBe(401);
    expect((await server.call('POST', '/api/auth/logout', { token: client.token })).status).toBe(401);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer();
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it('throttles wrong codes per account across codes', async () => {
    const email = 'coder@example.com';
    const admin = await signInAdmin(limited);
    await createClient(limited, admin, { email });
    const free = LIMITS.code.delaysSeconds.findIndex((d) => d > 0);
    let tries = 0;
    while (tries < free) {
      // each password step mails a fresh code; 5 wrong tries burn it
      await limited.call('POST', '/api/auth/login', { json: { email, password: 'Client-Passw0rd' } });
      const code = await latestCode(limited, email);
      for (let i = 0; i < 5 && tries < free; i++, tries++) {
        expect((await limited.call('POST', '/api/auth/login-verify-otp', { json: { email, otp: wrong(code) } })).status).toBe(400);
      }
    }
    await limited.call('POST', '/api/auth/login', { json: { email, password: 'Client-Passw0rd' } });
    const res = await limited.call('POST', '/api/auth/login-verify-otp', { json: { email, otp: await latestCode(limited, email) } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.message).toMatch(/^Too many wrong codes\. Please try again in/);
  });

  it('throttles wrong passwords per account with 429, Retry-After and a sentence, even for the right password', async () => {
    const free = LIMITS.password.delaysSeconds.findIndex((d) => d > 0);
    for (let i = 0; i < free; i++) {
      expect(
        (await limited.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: `wrong-${i}-password` } })).status,
      ).toBe(401);
    }
    const res = await limited.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: ADMIN.password } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBe(LIMITS.password.delaysSeconds[free]);
    expect(res.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ seconds?\.$/);
  });

  // Wrong passwords sent by anyone who knew the e-mail locked the owner out, the right
  // password and a password reset included, for as long as they kept sending one every 5 minutes.
  it("keeps the owner's device out of the e-mail's throttle, and a password reset ends it", async () => {
    // A server of its own: the tests above throttle the admin's e-mail on theirs.
    const limited = await startTestServer();
    onTestFinished(() => limited.stop());
    const admin = await signInAdmin(limited);
    const { email, password } = await createClient(limited, admin, { email: 'owner@example.com' });
    const login = (json: object) => limited.call('POST', '/api/auth/login', { json: { email, ...json } });
    const finish = async (json: object) => {
      const seen = (await mailsTo(limited, email)).length;
      const challenge = (await login(json)).body.token as string;
      const otp = await latestCode(limited, email, seen);
      return limited.call('POST', '/api/auth/login-verify-otp', { json: { email, otp, token: challenge } });
    };
    // The owner signed in on this browser before: the answer carries its device token.
    const first = await finish({ password });
    expect(first.status).toBe(200);
    const deviceToken = first.body.deviceToken as string;
    expect(deviceToken).toMatch(/^[\w-]+\.[\w-]+$/);

    // Someone else sends wrong passwords for the e-mail.
    const free = LIMITS.password.delaysSeconds.findIndex((d) => d > 0);
    for (let i = 0; i < free; i++) expect((await login({ password: `guess-${i}-password` })).status).toBe(401);
    expect((await login({ password })).status).toBe(429);
    // A forged token, or another user's, is no token.
    const forged = `${deviceToken.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await login({ password, deviceToken: forged })).status).toBe(429);
    const other = await createClient(limited, admin);
    const othersToken = (await limited.call('POST', '/api/auth/login', { json: { email: other.email, password: other.password } })).body;
    const otherVerified = await limited.call('POST', '/api/auth/login-verify-otp', {
      json: { email: other.email, otp: await latestCode(limited, other.email), token: othersToken.token },
    });
    expect((await login({ password, deviceToken: otherVerified.body.deviceToken })).status).toBe(429);
    // The owner's device signs in.
    const owner = await finish({ password, deviceToken });
    expect(owner.status, JSON.stringify(owner.body)).toBe(200);
    // Its own wrong passwords are throttled on their own: the e-mail's count is not its.
    for (let i = 0; i < free; i++) expect((await login({ password: `typo-${i}-password`, deviceToken })).status).toBe(401);
    expect((await login({ password, deviceToken })).status).toBe(429);

    // Without the device: a password reset through the mailbox lifts the e-mail's throttle.
    const before = (await mailsTo(limited, email)).length;
    expect((await limited.call('POST', '/api/auth/send-otp', { json: { email, purpose: 'reset' } })).status).toBe(200);
    const verified = await limited.call('POST', '/api/auth/login-verify-otp', {
      json: { email, otp: await latestCode(limited, email, before) },
    });
    expect(verified.status).toBe(200);
    const reset = await limited.call('POST', '/api/auth/reset-password', {
      json: { email, newPassword: 'New-Passw0rd-long' },
      token: verified.body.token,
    });
    expect(reset.status).toBe(200);
    expect((await login({ password: 'New-Passw0rd-long' })).status).toBe(200);
  });

  // Wrong codes sent by anyone who knew the e-mail (a reset code from send-otp makes
  // every guess count) throttled the e-mail, so its owner passed the password step and then got 429
  // for as long as the guesses went on, the admin included.
  it("keeps a sign-in that carries its challenge out of the e-mail's code throttle; its own tries are throttled", async () => {
    const limited = await startTestServer();
    onTestFinished(() => limited.stop());
    const admin = await signInAdmin(limited);
    const { email, password } = await createClient(limited, admin, { email: 'coded@example.com' });
    const verifyOn = (json: object) => limited.call('POST', '/api/auth/login-verify-otp', { json: { email, ...json } });
    const free = LIMITS.code.delaysSeconds.findIndex((d) => d > 0);
    // Someone else asks for a reset code and guesses it until the e-mail is throttled.
    expect((await limited.call('POST', '/api/auth/send-otp', { json: { email, purpose: 'reset' } })).status).toBe(200);
    // (the reset code burns at the fifth; tries with no live code count all the same)
    for (let i = 0; i < free; i++) expect((await verifyOn({ otp: '000000' })).status).toBe(400);
    expect((await verifyOn({ otp: '000000' })).status).toBe(429);
    // The owner signs in: the password step, then the right code with its challenge.
    const seen = (await mailsTo(limited, email)).length;
    const challenge = (await limited.call('POST', '/api/auth/login', { json: { email, password } })).body.token as string;
    const otp = await latestCode(limited, email, seen);
    // Without the challenge the e-mail's throttle holds (a client written to docs/product.md §7 alone shares it with everyone).
    expect((await verifyOn({ otp })).status).toBe(429);
    const signedIn = await verifyOn({ otp, token: challenge });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.user.email).toBe(email);
    // A token of no live sign-in is no challenge: the e-mail's throttle answers.
    expect((await verifyOn({ otp: '000000', token: 'made-up-challenge' })).status).toBe(429);
    // Wrong codes with the challenge are throttled too, on their own count (a stolen password
    // does not buy endless code guesses): fresh password steps, five wrong codes each.
    let tries = 0;
    let last;
    while (tries <= free) {
      const mark = (await mailsTo(limited, email)).length;
      const token = (await limited.call('POST', '/api/auth/login', { json: { email, password } })).body.token as string;
      const code = await latestCode(limited, email, mark);
      for (let i = 0; i < 5 && tries <= free; i++, tries++) last = await verifyOn({ otp: wrong(code), token });
    }
    expect(last!.status).toBe(429);
    expect(last!.body.message).toMatch(/^Too many wrong codes\. Please try again in/);
  });

  it('throttles code tries for an e-mail with no account like one with an account', async () => {
    const free = LIMITS.code.delaysSeconds.findIndex((d) => d > 0);
    const email = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < free; i++) {
      expect((await limited.call('POST', '/api/auth/login-verify-otp', { json: { email, otp: '123456' } })).status).toBe(400);
    }
    expect((await limited.call('POST', '/api/auth/login-verify-otp', { json: { email, otp: '123456' } })).status).toBe(429);
  });

  /**
   * Sends /auth/send-otp for new addresses until the address limit refuses one: how many were
   * granted, and the refusal. Ten at a time, as send-otp answers no sooner than 60 ms.
   */
  async function spendBurst(server: TestServer, prefix: string) {
    let granted = 0;
    for (let sent = 0; sent <= LIMITS.ip.max + 10; sent += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          server.call('POST', '/api/auth/send-otp', { json: { email: `${prefix}-${sent + i}@example.com` } }),
        ),
      );
      granted += answers.filter((a) => a.status === 200).length;
      const refused = answers.find((a) => a.status !== 200);
      if (refused) return { granted, refused };
    }
    throw new Error(`${granted} calls granted and none refused`);
  }

  it('caps auth calls per IP address', async () => {
    const { granted, refused: res } = await spendBurst(limited, 'flood');
    expect(res.status).toBe(429);
    expect(granted).toBeLessThanOrEqual(LIMITS.ip.max);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.body.message).toMatch(/^Too many requests\. Please try again in \d+ seconds?\.$/);
    // every auth call shares the bucket
    const login = await limited.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: ADMIN.password } });
    expect(login.status).toBe(429);
    expect(login.body.message).toMatch(/^Too many requests\./);
  });

  // Fifty whole sign-ins, each hashing the password: about 3 s on an idle two-core machine, longer
  // on a busy one.
  it('a finished sign-in gives its calls back to the address', { timeout: 90_000 }, async () => {
    const fresh = await startTestServer();
    try {
      const admin = await signInAdmin(fresh);
      const { email, password } = await createClient(fresh, admin);
      // With the admin's sign-in and the registration, these finished sign-ins make more calls than
      // the burst: none of them is refused.
      for (let i = 0; i < LIMITS.ip.max / 2; i++) await signIn(fresh, email, password);
      // The burst is still (nearly) whole: the one register call and a refill or two apart.
      const { granted, refused } = await spendBurst(fresh, 'spare');
      expect(refused.status).toBe(429);
      expect(granted).toBeGreaterThan(LIMITS.ip.max - 5);
      expect(granted).toBeLessThanOrEqual(LIMITS.ip.max + 10);
    } finally {
      await fresh.stop();
    }
  });

  it('password steps that never finish spend the address limit', async () => {
    const fresh = await startTestServer();
    try {
      const admin = await signInAdmin(fresh);
      const { email, password } = await createClient(fresh, admin);
      let calls = 0;
      let res;
      do {
        res = await fresh.call('POST', '/api/auth/login', { json: { email, password } });
        calls += 1;
      } while (res.status === 200 && calls <= LIMITS.ip.max + 10);
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/^Too many requests\./);
    } finally {
      await fresh.stop();
    }
  });
});

describe('mail over SMTP', () => {
  it('delivers the sign-in code to the SMTP server of SMTP_URL', async () => {
    const received: { to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const mailed = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'codes@example.com' });
    try {
      const res = await mailed.call('POST', '/api/auth/login', { json: { email: ADMIN.email, password: ADMIN.password } });
      expect(res.status).toBe(200);
      await mailed.deps.outbox.flush(); // the outbox worker sends it after the answer
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual([ADMIN.email]);
      expect(received[0]!.data).toMatch(/Subject: Your sign-in code: \d{6}/);
      const code = /Your sign-in code: (\d{6})/.exec(received[0]!.data)![1]!;
      expect((await mailed.outbox()).length).toBe(0); // nothing went to the outbox
      const ok = await mailed.call('POST', '/api/auth/login-verify-otp', { json: { email: ADMIN.email, otp: code } });
      expect(ok.status).toBe(200);
    } finally {
      await mailed.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
