import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import { createRouter, jsonBody, jsonResponse } from '../../http/router.ts';
import { deleteUserSessions, generateToken, hashToken } from '../auth/auth.public.ts';
import { enqueueMail } from '../outbox/outbox.repo.ts';
import { findQueryForUser } from '../queries/queries.public.ts';
import { QueryIdParamsSchema } from '../queries/queries.schema.ts';
import { findUserByEmail } from '../users/users.repo.ts';
import { COMPANY_TEXTS, INVITE_TTL_DAYS } from './companies.labels.ts';
import { inviteExistingMail, inviteMail } from './companies.mail.ts';
import { openInvite } from './companies.public.ts';
import {
  deleteInvite,
  deleteOpenInvitesTo,
  detachMember,
  findCompany,
  findMemberRow,
  insertInvite,
  listMembers,
  listOpenInvites,
  setFollowing,
} from './companies.repo.ts';
import {
  CompanySchema,
  FollowSchema,
  InviteBodySchema,
  InviteIdParamsSchema,
  InviteLookupBodySchema,
  InviteLookupSchema,
  MemberIdParamsSchema,
} from './companies.schema.ts';

// Colleagues on a client account (docs/product.md, "Colleagues"): the Team section of
// /client-profile, the invitation the sign-up page reads, and following a request.

const MessageSchema = z.object({ message: z.string() });
const DAY_MS = 24 * 60 * 60 * 1000;

export function companiesRoutes(deps: Deps) {
  const { db, config } = deps;

  /** The viewer's company, and whether they own it; 404 for a client without one (none should exist). */
  const companyOf = async (user: AuthUser) => {
    const company = user.companyId ? await findCompany(db, user.companyId) : undefined;
    if (!company) throw new HttpError(404, COMPANY_TEXTS.memberNotFound);
    return { ...company, isOwner: company.owner_id === user.id };
  };
  const ownedCompanyOf = async (user: AuthUser) => {
    const company = await companyOf(user);
    if (!company.isOwner) throw new HttpError(403, COMPANY_TEXTS.ownerOnly, { code: 'not_company_owner' });
    return company;
  };
  /** Ends every session and socket of a user at once (on every instance, through the hub). */
  const endAccess = async (userId: string) => {
    await deps.hub.endSessions({ userId });
  };

  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/companies/me',
        tags: ['Companies'],
        security: [{ bearer: [] }],
        summary: "The signed-in client's company: its members and, for the owner, its open invitations. Client only.",
        middleware: [requireAuth(db, 'client')] as const,
        responses: { 200: jsonResponse(z.object({ data: CompanySchema }), 'The company') },
      }),
      async (c) => {
        const company = await companyOf(c.var.user);
        const [members, invites] = await Promise.all([
          listMembers(db, company.id),
          company.isOwner ? listOpenInvites(db, company.id) : Promise.resolve([]),
        ]);
        return c.json(
          {
            data: {
              _id: company.id,
              name: company.name,
              isOwner: company.isOwner,
              members: members.map((m) => ({
                _id: m.id,
                fullName: m.full_name,
                email: m.email,
                status: m.status,
                isOwner: m.id === company.owner_id,
              })),
              invites: invites.map((i) => ({ _id: i.id, email: i.email, createdAt: i.created_at, expiresAt: i.expires_at })),
            },
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/companies/me/invites',
        tags: ['Companies'],
        security: [{ bearer: [] }],
        summary: `Invites a colleague by e-mail to sign up into the company (a link valid ${INVITE_TTL_DAYS} days, used once). Client only: the company's owner.`,
        description:
          'Answers the same 201 whether or not the address already has an account, so it tells nobody who has one; an address with an ' +
          "account gets a mail saying so instead of a link. The inviter's own address is refused (400, field `email`): it says nothing the inviter does not know. " +
          'A newer invitation to an address replaces its open one, whose link stops working. The link carries its token in the fragment; only its SHA-256 is stored.',
        middleware: [requireAuth(db, 'client')] as const,
        request: jsonBody(InviteBodySchema),
        responses: {
          201: jsonResponse(MessageSchema, 'Sent (or the owner of the address was told)'),
          400: { description: "Not an e-mail address, or the inviter's own (invalid_input, field email)" },
          403: { description: 'Not the owner of the company account (code not_company_owner)' },
        },
      }),
      async (c) => {
        const user = c.var.user;
        const company = await ownedCompanyOf(user);
        const { email } = c.req.valid('json');
        // The inviter already has an account, their own: a mail telling them so would only confuse.
        if (email === user.email.trim().toLowerCase()) throw new HttpError(400, COMPANY_TEXTS.inviteSelf, { field: 'email' });
        const names = { inviter: user.fullName, company: company.name };
        await db.transaction().execute(async (trx) => {
          if (await findUserByEmail(trx, email)) {
            await enqueueMail(trx, inviteExistingMail(email, config.publicUrl, names));
            return;
          }
          // The newest invitation to an address is its only one: the older links stop working.
          await deleteOpenInvitesTo(trx, company.id, email);
          const token = generateToken();
          await insertInvite(trx, {
            companyId: company.id,
            email,
            tokenHash: hashToken(token),
            invitedBy: user.id,
            expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * DAY_MS),
          });
          await enqueueMail(trx, inviteMail(email, config.publicUrl, { token, ...names }));
        });
        return c.json({ message: COMPANY_TEXTS.inviteSent }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/companies/me/invites/{inviteId}',
        tags: ['Companies'],
        security: [{ bearer: [] }],
        summary: "Withdraws an open invitation: its link stops working. Client only: the company's owner.",
        middleware: [requireAuth(db, 'client')] as const,
        request: { params: InviteIdParamsSchema },
        responses: {
          200: jsonResponse(MessageSchema, 'Withdrawn'),
          403: { description: 'Not the owner' },
          404: { description: 'No such open invitation' },
        },
      }),
      async (c) => {
        const company = await ownedCompanyOf(c.var.user);
        if (!(await deleteInvite(db, company.id, c.req.valid('param').inviteId))) throw new HttpError(404, COMPANY_TEXTS.inviteNotFound);
        return c.json({ message: COMPANY_TEXTS.inviteWithdrawn }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/companies/me/members/{userId}',
        tags: ['Companies'],
        security: [{ bearer: [] }],
        summary:
          "Removes a member. Client only: the company's owner. At once: the member's sessions end, their sockets close and the signed links handed to them stop opening; their own requests stay with the company.",
        middleware: [requireAuth(db, 'client')] as const,
        request: { params: MemberIdParamsSchema },
        responses: {
          200: jsonResponse(MessageSchema, 'Removed'),
          403: { description: 'Not the owner (not_company_owner)' },
          404: { description: 'Not a member of this company' },
          409: { description: 'The owner cannot remove themselves' },
        },
      }),
      async (c) => {
        const company = await ownedCompanyOf(c.var.user);
        const { userId } = c.req.valid('param');
        if (userId === c.var.user.id) throw new HttpError(409, COMPANY_TEXTS.cannotRemoveSelf, { code: 'owner_cannot_leave' });
        await db.transaction().execute(async (trx) => {
          const member = await findMemberRow(trx, userId);
          if (!member || member.company_id !== company.id) throw new HttpError(404, COMPANY_TEXTS.memberNotFound);
          await detachMember(trx, member.id, company.id, member.full_name);
          await deleteUserSessions(trx, member.id);
        });
        await endAccess(userId);
        return c.json({ message: COMPANY_TEXTS.removed }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/companies/me/leave',
        tags: ['Companies'],
        security: [{ bearer: [] }],
        summary:
          'Leaves the company: the member gets a company of their own, stops seeing its requests (their own included) and is signed out everywhere. Client only, not the owner.',
        middleware: [requireAuth(db, 'client')] as const,
        responses: { 200: jsonResponse(MessageSchema, 'Left'), 409: { description: 'The owner cannot leave (owner_cannot_leave)' } },
      }),
      async (c) => {
        const user = c.var.user;
        const company = await companyOf(user);
        if (company.isOwner) throw new HttpError(409, COMPANY_TEXTS.ownerCannotLeave, { code: 'owner_cannot_leave' });
        await db.transaction().execute(async (trx) => {
          await detachMember(trx, user.id, company.id, user.fullName);
          await deleteUserSessions(trx, user.id);
        });
        await endAccess(user.id);
        return c.json({ message: COMPANY_TEXTS.left }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/companies/invites/lookup',
        tags: ['Companies'],
        summary:
          'What an invitation link is for (its e-mail, company and inviter), for the sign-up page. Public; the token goes in the body.',
        request: jsonBody(InviteLookupBodySchema),
        responses: {
          200: jsonResponse(z.object({ data: InviteLookupSchema }), 'An open invitation'),
          400: { description: 'Unknown or used (invite_invalid), or expired (invite_expired)' },
        },
      }),
      async (c) => {
        const invite = await openInvite(db, c.req.valid('json').invite);
        const [company, inviter] = await Promise.all([findCompany(db, invite.company_id), findMemberRow(db, invite.invited_by)]);
        return c.json({ data: { email: invite.email, companyName: company?.name ?? '', invitedBy: inviter?.full_name ?? '' } }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/queries/{id}/follow',
        tags: ['Companies'],
        security: [{ bearer: [] }],
        summary: "Follows a request of the viewer's company: its mails come to the viewer too. Client only.",
        middleware: [requireAuth(db, 'client')] as const,
        request: { params: QueryIdParamsSchema },
        responses: { 200: jsonResponse(FollowSchema, 'Following'), 404: { description: 'Unknown, or not a request of your company' } },
      }),
      async (c) => {
        const query = await findQueryForUser(db, c.req.valid('param').id, c.var.user);
        await setFollowing(db, query.id, c.var.user.id, true);
        return c.json({ message: COMPANY_TEXTS.following, following: true }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/queries/{id}/follow',
        tags: ['Companies'],
        security: [{ bearer: [] }],
        summary: "Stops following a request: its mails no longer come to the viewer (its author's included). Client only.",
        middleware: [requireAuth(db, 'client')] as const,
        request: { params: QueryIdParamsSchema },
        responses: { 200: jsonResponse(FollowSchema, 'Not following'), 404: { description: 'Unknown, or not a request of your company' } },
      }),
      async (c) => {
        const query = await findQueryForUser(db, c.req.valid('param').id, c.var.user);
        await setFollowing(db, query.id, c.var.user.id, false);
        return c.json({ message: COMPANY_TEXTS.notFollowing, following: false }, 200);
      },
    );
}
