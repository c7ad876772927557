import { createRoute } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { ADMIN_ONLY, createRouter, jsonBody, jsonResponse } from '../../http/router.ts';
import { deleteUserSessions, generateToken, hashPassword, hashToken } from '../auth/auth.public.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import {
  consumeInvitation,
  disableAdmin,
  enableAdmin,
  findOpenInvitation,
  insertAdmin,
  insertInvitation,
  listOpenInvitations,
  listStaff,
} from './staff.repo.ts';
import { INVITATION_TTL_HOURS, STAFF_TEXTS } from './staff.labels.ts';
import { invitationExistingMail, invitationLink, invitationMail } from './staff.mail.ts';
import { AcceptInvitationSchema, InviteStaffSchema, StaffIdParamsSchema, StaffListSchema, StaffMessageSchema } from './staff.schema.ts';
import { findUserByEmail } from './users.repo.ts';

/** The Staff tab of /user (docs/product.md §25): the firm's admins, invitations and disabling. */
export function staffRoutes(deps: Deps) {
  const { db, config } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/staff',
        tags: ['Staff'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Every admin of the firm (active first) and the open invitations. Admin only.',
        responses: { 200: jsonResponse(StaffListSchema, 'The staff'), ...ADMIN_ONLY },
      }),
      async (c) => c.json({ data: await listStaff(db), invitations: await listOpenInvitations(db) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/staff/invitations',
        tags: ['Staff'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: `Invites a new admin by e-mail: a one-time link, valid ${INVITATION_TTL_HOURS} hours, to set a password. Admin only.`,
        description:
          'Answers the same 202 whether or not the address has an account, so the answer tells nobody who has one: a new address gets the ' +
          'link (a newer invitation replaces an open one), an address with an account gets a mail saying so. Only the SHA-256 of the ' +
          "link's token is stored; the token travels in the link's #fragment, so it never reaches a server log. The inviter's own " +
          'address is refused (400, field `email`): it says nothing the inviter does not know.',
        request: jsonBody(InviteStaffSchema),
        responses: {
          202: jsonResponse(StaffMessageSchema, 'Invitation sent'),
          400: { description: "Not an e-mail address, or the inviter's own (invalid_input, field email)" },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { email } = c.req.valid('json');
        const inviter = c.var.user;
        // The inviter already has an account, their own: a mail telling them so would only confuse.
        if (email === inviter.email.trim().toLowerCase()) throw new HttpError(400, STAFF_TEXTS.inviteSelf, { field: 'email' });
        await db.transaction().execute(async (trx) => {
          if (await findUserByEmail(trx, email)) {
            await enqueueMail(trx, invitationExistingMail(email, inviter.fullName, config.publicUrl));
            return;
          }
          const token = generateToken();
          const expiresAt = new Date(Date.now() + INVITATION_TTL_HOURS * 3600_000);
          await insertInvitation(trx, { email, tokenHash: hashToken(token), invitedBy: inviter.id, expiresAt });
          await enqueueMail(trx, invitationMail(email, inviter.fullName, invitationLink(config.publicUrl, email, token)));
        });
        return c.json({ message: STAFF_TEXTS.invited(email) }, 202);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/staff/invitations/accept',
        tags: ['Staff'],
        summary: "Sets the invitee's name and password from the invitation link, once. Public: the link's token is the proof.",
        description:
          'The token must be the one mailed to this e-mail, unused and less than 72 hours old; otherwise 400 `invitation_invalid`. ' +
          'It creates an approved admin account and opens no session: the invitee then signs in with the password and the e-mailed code.',
        request: jsonBody(AcceptInvitationSchema),
        responses: {
          201: jsonResponse(StaffMessageSchema, 'Account created'),
          400: { description: 'Bad field, or the invitation is not valid (wrong token or e-mail, used, expired)' },
        },
      }),
      async (c) => {
        const { email, token, fullName, password } = c.req.valid('json');
        const tokenHash = hashToken(token);
        const invalid = () => new HttpError(400, STAFF_TEXTS.invitationInvalid, { code: 'invitation_invalid' });
        // Checked before the (slow) password hash, so a guessed link costs the server nothing.
        if (!(await findOpenInvitation(db, { tokenHash, email }))) throw invalid();
        const passwordHash = await hashPassword(password);
        const created = await db.transaction().execute(async (trx) => {
          if (!(await consumeInvitation(trx, { tokenHash, email }))) return false;
          // An account made meanwhile under that address (a sign-up) keeps it; the invitation is spent.
          if (await findUserByEmail(trx, email)) return false;
          await insertAdmin(trx, { email, fullName, passwordHash });
          return true;
        });
        if (!created) throw invalid();
        return c.json({ message: STAFF_TEXTS.accepted }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/staff/{id}/disable',
        tags: ['Staff'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary:
          'Disables an admin (another, or oneself on leaving): their sessions end and their sockets close at once. Never the last active admin. Admin only.',
        request: { params: StaffIdParamsSchema },
        responses: {
          200: jsonResponse(StaffMessageSchema, 'Disabled'),
          404: { description: 'No such admin' },
          409: { description: 'Already disabled, or the last active admin (`last_admin`)' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const outcome = await db.transaction().execute(async (trx) => {
          const result = await disableAdmin(trx, id);
          if (result === 'disabled') await deleteUserSessions(trx, id);
          return result;
        });
        if (outcome === 'missing') throw new HttpError(404, STAFF_TEXTS.notFound);
        if (outcome === 'last') throw new HttpError(409, STAFF_TEXTS.lastAdmin, { code: 'last_admin' });
        if (outcome === 'already') throw new HttpError(409, STAFF_TEXTS.alreadyDisabled);
        await deps.hub.endSessions({ userId: id });
        return c.json({ message: STAFF_TEXTS.disabled }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/staff/{id}/enable',
        tags: ['Staff'],
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        summary: 'Lets a disabled admin sign in again (with their old password and a code). Admin only.',
        request: { params: StaffIdParamsSchema },
        responses: { 200: jsonResponse(StaffMessageSchema, 'Enabled'), 404: { description: 'No such disabled admin' }, ...ADMIN_ONLY },
      }),
      async (c) => {
        if (!(await enableAdmin(db, c.req.valid('param').id))) throw new HttpError(404, STAFF_TEXTS.notFound);
        return c.json({ message: STAFF_TEXTS.enabled }, 200);
      },
    );
}
