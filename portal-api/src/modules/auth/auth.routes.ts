import { createRoute } from '@hono/zod-openapi';
import { setTimeout as delay } from 'node:timers/promises';
import type { Context } from 'hono';
import { loadSecret } from '../../db/seed.ts';
import type { Deps } from '../../deps.ts';
import { bearerToken, requireAuth } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { HttpError } from '../../http/errors.ts';
import { createRouter, jsonBody, jsonResponse } from '../../http/router.ts';
import {
  approveUser,
  findUserByEmail,
  findUserById,
  insertPendingClient,
  setPasswordHash,
  toSessionUser,
  toUser,
} from '../users/users.repo.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { approvalMail, codeMail, registerExistingMail, signupNoticeMail } from './auth.mail.ts';
import {
  IdParamSchema,
  LoginSchema,
  MessageSchema,
  RegisterSchema,
  ResetPasswordSchema,
  SendOtpSchema,
  SessionUserSchema,
  VerifiedOtpSchema,
  VerifyOtpSchema,
} from './auth.schema.ts';
import { checkCode, codeAttempt, consumeCode, hashChallenge, issueCode, liveCode, markVerified, verifiedResetCode } from './otp.ts';
import { createDeviceTokens, type DeviceTokens } from './device.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createAuthLimits } from './rate-limit.ts';
import { takeInvite } from '../companies/companies.public.ts';
import { createSession, generateToken, invalidateSession, invalidateUserSessions } from './session.ts';
import { AUTH_TEXTS } from './auth.labels.ts';
import { STAFF_TEXTS } from '../users/staff.labels.ts';

const INVALID_OTP = AUTH_TEXTS.invalidOtp;
/** send-otp answers no sooner than this (ms), whether or not the e-mail has an account. */
const SEND_OTP_FLOOR_MS = 60;
const TOO_MANY = { description: 'Rate limited; Retry-After says when to try again' };

/** "45 seconds" / "5 minutes": the wait in words for a 429 message. */
export function waitText(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function tooMany(seconds: number, message: string): HttpError {
  return new HttpError(429, message, { headers: { 'retry-after': String(seconds) } });
}

export function authRoutes(deps: Deps) {
  const { db, config } = deps;
  const limits = createAuthLimits(deps.rateLimits);
  const limitIp = async (c: Context) => {
    const wait = await limits.ip.take(clientIp(c));
    if (wait) throw tooMany(wait, `Too many requests. Please try again in ${waitText(wait)}.`);
  };
  // Unknown e-mails still cost one argon2 verification, so timing does not tell who exists.
  let dummyHash: Promise<string> | null = null;
  let deviceTokens: Promise<DeviceTokens> | null = null;
  const devices = () => (deviceTokens ??= loadSecret(db, 'secret.device').then(createDeviceTokens));

  return createRouter()
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/register',
        tags: ['Authentication'],
        summary: 'Sign up as a client. Public. The account waits for admin approval; the token returned opens no data.',
        description:
          'Answers the same 201, in about the same time, whether or not the e-mail already has an account, so sign-up does not tell who ' +
          'has one: a new e-mail gets a pending account (and COMPANY_EMAIL a notice), a known one gets a mail saying someone tried to register with it.',
        request: jsonBody(RegisterSchema),
        responses: {
          201: jsonResponse(
            MessageSchema.extend({ token: SessionUserSchema.shape._id }),
            'Registered (or the owner of the e-mail was told)',
          ),
          400: { description: 'Invalid input, or an `invite` that is unknown or used (invite_invalid) or expired (invite_expired)' },
          403: { description: 'An `invite` sent to another e-mail (invite_other_email)' },
          429: TOO_MANY,
        },
      }),
      async (c) => {
        await limitIp(c);
        const body = c.req.valid('json');
        // Hashed in both cases, so a known e-mail does not answer faster.
        const passwordHash = await hashPassword(body.password);
        await db.transaction().execute(async (trx) => {
          // An invitation is checked (its e-mail, once, not expired) before anything else, and used in this transaction.
          const join = body.invite ? await takeInvite(trx, body.invite, body.email) : undefined;
          const existing = await findUserByEmail(trx, body.email);
          if (existing) {
            if (!(await limits.registerWarning.take(existing.email)))
              await enqueueMail(trx, registerExistingMail(existing.email, config.publicUrl));
            return;
          }
          const inserted = await insertPendingClient(trx, { fullName: body.fullName, email: body.email, passwordHash, join });
          if (inserted) {
            await enqueueMail(trx, signupNoticeMail(config.companyEmail, { fullName: body.fullName, email: body.email }, config.publicUrl));
          }
        });
        // docs/product.md §4 reads a token after sign-up; it is random and stored nowhere, so it opens nothing.
        return c.json({ message: 'Registration successful. An admin will review your account shortly.', token: generateToken() }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/login',
        tags: ['Authentication'],
        summary: 'Password step. Public. E-mails a 6-digit code; `token` is only a challenge for /auth/login-verify-otp.',
        description:
          'Wrong passwords throttle the e-mail (429 with Retry-After). A `deviceToken` from an earlier finished sign-in of this user ' +
          'has its own throttle, so wrong passwords sent by others cannot lock the owner out of a device they signed in on before.',
        request: jsonBody(LoginSchema),
        responses: {
          200: jsonResponse(MessageSchema.extend({ user: SessionUserSchema, token: SessionUserSchema.shape._id }), 'Code sent'),
          401: { description: 'Wrong credentials' },
          403: { description: 'Not approved, or a disabled admin' },
          429: TOO_MANY,
        },
      }),
      async (c) => {
        await limitIp(c);
        const { email, password, deviceToken } = c.req.valid('json');
        const user = await findUserByEmail(db, email);
        // A device this user finished a sign-in on counts its own wrong passwords (device.ts).
        const device = user ? (await devices()).deviceOf(user.id, deviceToken) : null;
        const throttled = device ? `device:${user!.id}:${device}` : email;
        const wait = await limits.password.check(throttled);
        if (wait) throw tooMany(wait, `Too many failed sign-in attempts. Please try again in ${waitText(wait)}.`);
        if (!user) {
          dummyHash ??= hashPassword('not-a-real-password');
          await verifyPassword(await dummyHash, password);
          await limits.password.fail(email);
          throw new HttpError(401, 'Invalid email or password.', { code: 'invalid_credentials' });
        }
        if (!(await verifyPassword(user.password_hash, password))) {
          await limits.password.fail(throttled);
          throw new HttpError(401, 'Invalid email or password.', { code: 'invalid_credentials' });
        }
        await limits.password.reset(throttled);
        if (user.role !== 'admin' && user.role !== 'client') throw new HttpError(403, AUTH_TEXTS.unknownRole);
        if (user.role === 'client' && user.status !== 'approved')
          throw new HttpError(403, AUTH_TEXTS.notApproved, { code: 'not_approved' });
        if (user.status === 'disabled') throw new HttpError(403, STAFF_TEXTS.accountDisabled, { code: 'account_disabled' });
        const challenge = generateToken();
        await issueCode(
          db,
          { email: user.email, userId: user.id, purpose: 'login', challengeHash: hashChallenge(challenge) },
          (trx, code) => enqueueMail(trx, codeMail(user.email, code, 'login')),
        );
        await limits.resend.start(`login:${user.email}`);
        return c.json({ message: 'A verification code has been sent to your email.', user: toSessionUser(user), token: challenge }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/send-otp',
        tags: ['Authentication'],
        summary:
          "E-mails a code. Public. With purpose 'reset' a reset code; otherwise a login code while a password step is pending (resend), else a reset code. Same answer for unknown e-mails.",
        request: jsonBody(SendOtpSchema),
        responses: { 200: jsonResponse(MessageSchema, 'Sent if the account exists'), 429: TOO_MANY },
      }),
      async (c) => {
        await limitIp(c);
        const started = performance.now();
        const { email, purpose: asked } = c.req.valid('json');
        const user = await findUserByEmail(db, email);
        const pending = user ? await liveCode(db, user.email, 'login') : null;
        // The forgot-password screen says 'reset': a sign-in left at its code step must not turn its reset into a sign-in code.
        const purpose = asked !== 'reset' && pending?.purpose === 'login' && !pending.verified_at ? 'login' : 'reset';
        // One cooldown per e-mail and purpose (a reset right after a sign-in is not blocked), kept whether
        // or not an account exists, so a 429 tells nothing: an unknown e-mail can only ask for a reset.
        const wait = await limits.resend.take(`${purpose}:${email}`);
        if (wait) throw tooMany(wait, `Please wait ${waitText(wait)} before requesting another code.`);
        if (user) {
          // The mail is an outbox row written with the code: the answer never waits on SMTP.
          await issueCode(
            db,
            { email: user.email, userId: user.id, purpose, challengeHash: purpose === 'login' ? pending?.challenge_hash : null },
            (trx, code) => enqueueMail(trx, codeMail(user.email, code, purpose)),
          );
        }
        // A known e-mail writes a code and a mail, an unknown one nothing: without a common
        // floor the answer's time would tell which e-mails have an account.
        await delay(Math.max(0, SEND_OTP_FLOOR_MS - (performance.now() - started)));
        return c.json({ message: 'If an account exists for this email, a code has been sent.' }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/login-verify-otp',
        tags: ['Authentication'],
        summary: 'Checks a code. Public. A login code returns the session token; a reset code returns a one-time reset token.',
        description:
          'With a login code, `token` in the answer is the session token. With a reset code (from /auth/send-otp), `token` is a one-time ' +
          'reset token instead: valid 10 minutes, stored only as a hash, opening no data. /auth/reset-password requires it as the bearer, ' +
          'so only whoever verified the code can set the new password. Wrong codes are throttled (429) per e-mail; a try that ' +
          "carries the `token` of its password step is checked against that sign-in's code only and throttled apart, so " +
          'wrong codes sent by someone who only knows the e-mail do not lock its owner out.',
        request: jsonBody(VerifyOtpSchema),
        responses: {
          200: jsonResponse(VerifiedOtpSchema, 'Verified'),
          400: { description: 'Invalid or expired code' },
          429: TOO_MANY,
        },
      }),
      async (c) => {
        await limitIp(c);
        const { email, otp, token } = c.req.valid('json');
        const attempt = await codeAttempt(db, email, token);
        const wait = await limits.code.check(attempt.key);
        if (wait) throw tooMany(wait, `Too many wrong codes. Please try again in ${waitText(wait)}.`);
        const result = await checkCode(db, attempt.live, otp, token);
        if (!result.ok) {
          // A try with no live code counts too, so an unknown e-mail is throttled like a known one.
          await limits.code.fail(attempt.key);
          throw result.reason === 'burnt'
            ? new HttpError(400, 'Too many wrong codes. Please request a new one.', { code: 'otp_exhausted' })
            : new HttpError(400, INVALID_OTP, { code: 'invalid_otp' });
        }
        await limits.code.reset(attempt.key);
        if (result.purpose === 'reset') {
          // The reset is bound to whoever verified the code: only this token opens it.
          const resetToken = await markVerified(db, result.id);
          return c.json({ message: 'OTP verified. You can now reset your password.', verified: true, token: resetToken }, 200);
        }
        const user = await findUserById(db, result.userId);
        if (!user || !(await consumeCode(db, result.id))) throw new HttpError(400, INVALID_OTP, { code: 'invalid_otp' });
        if (user.role === 'client' && user.status !== 'approved')
          throw new HttpError(403, AUTH_TEXTS.notApproved, { code: 'not_approved' });
        if (user.status === 'disabled') throw new HttpError(403, STAFF_TEXTS.accountDisabled, { code: 'account_disabled' });
        const session = await createSession(db, user.id);
        // A finished sign-in gives its password and code calls back to the address:
        // the limit is there for guessing, not for people (or an office behind one address) signing in.
        await limits.ip.giveBack(clientIp(c), 2);
        return c.json(
          {
            message: AUTH_TEXTS.loggedIn,
            token: session.token,
            user: toSessionUser(user),
            deviceToken: (await devices()).issue(user.id),
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/reset-password',
        tags: ['Authentication'],
        summary:
          'Sets a new password, once. Public: the bearer is the reset token of /auth/login-verify-otp, not a session. Ends every session of the user.',
        description:
          'The bearer must be the one-time reset token that /auth/login-verify-otp returned for a reset code of this e-mail, within 10 ' +
          'minutes of that verification. Without it, with another e-mail, expired or already used, the reset is refused (401, no or bad token): knowing ' +
          'the e-mail is not enough. The code is used up, the password set and every session of the user ended in one transaction; ' +
          'their open chat sockets are closed.',
        security: [{ bearer: [] }],
        request: jsonBody(ResetPasswordSchema),
        responses: {
          200: jsonResponse(MessageSchema, 'Reset'),
          400: { description: 'Invalid body' },
          401: { description: 'No verified code, or not its reset token (missing, for another e-mail, expired or used)' },
          429: TOO_MANY,
        },
      }),
      async (c) => {
        await limitIp(c);
        const { email, newPassword } = c.req.valid('json');
        const refused = () => new HttpError(401, 'Please verify the code sent to your email first.', { code: 'otp_required' });
        const code = await verifiedResetCode(db, email, bearerToken(c.req.header('authorization')));
        if (!code) throw refused();
        const passwordHash = await hashPassword(newPassword);
        const done = await db.transaction().execute(async (trx) => {
          if (!(await consumeCode(trx, code.id))) return false;
          await setPasswordHash(trx, code.user_id, passwordHash);
          await invalidateUserSessions(trx, code.user_id);
          return true;
        });
        if (!done) throw refused();
        // Whoever reads the mailbox owns the account: wrong passwords sent before no longer hold it.
        await limits.password.reset(email);
        await deps.hub.endSessions({ userId: code.user_id });
        return c.json({ message: AUTH_TEXTS.resetDone }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/approve/{id}',
        tags: ['Authentication'],
        security: [{ bearer: [] }],
        summary: 'Approves a registered client and e-mails them. Admin only.',
        middleware: [requireAuth(db, 'admin')] as const,
        request: { params: IdParamSchema },
        responses: { 200: jsonResponse(MessageSchema, 'Approved'), 404: { description: 'No such client' } },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const user = await findUserById(db, id);
        if (!user || user.role !== 'client') throw new HttpError(404, 'User not found.');
        await db.transaction().execute(async (trx) => {
          if (await approveUser(trx, id)) await enqueueMail(trx, approvalMail(user.email, user.full_name, `${config.publicUrl}/login`));
        });
        const updated = await findUserById(db, id);
        return c.json({ message: AUTH_TEXTS.approved, user: toUser(updated!) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/logout',
        tags: ['Authentication'],
        security: [{ bearer: [] }],
        summary: 'Ends the current session server-side. Any signed-in user.',
        middleware: [requireAuth(db)] as const,
        responses: { 200: jsonResponse(MessageSchema, 'Signed out') },
      }),
      async (c) => {
        await invalidateSession(db, c.var.user.sessionId);
        await deps.hub.endSessions({ sessionId: c.var.user.sessionId });
        return c.json({ message: 'Logged out successfully.' }, 200);
      },
    );
}
