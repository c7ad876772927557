import { noticeParts } from '../../lib/mail.ts';
import type { OutgoingMail } from '../outbox/outbox.repo.ts';
import { INVITE_TTL_DAYS, invitedToJoin, invitingTeam } from './companies.labels.ts';

// The mails of client companies (docs/product.md, "Colleagues").

/**
 * The invitation. The token rides in the link's fragment (`#invite=`), which a browser never
 * sends to a server: it reaches no access log, proxy or Referer, only the sign-up page's script.
 */
export function inviteMail(to: string, publicUrl: string, invite: { token: string; inviter: string; company: string }): OutgoingMail {
  return {
    kind: 'company-invite',
    to,
    subject: `${invite.inviter} invited you to ${invitingTeam(invite.inviter, invite.company)} on the client portal`,
    ...noticeParts(
      [
        `${invitedToJoin(invite.inviter, invite.company)} on our client portal, to follow and discuss its estimate requests together.`,
        `Sign up with this e-mail address through the link below within ${INVITE_TTL_DAYS} days. The link works once. Our team approves the account before you can sign in.`,
      ],
      { label: 'Accept the invitation', url: `${publicUrl}/signup#invite=${encodeURIComponent(invite.token)}` },
    ),
  };
}

/** An invitation to an address that already has an account: its owner learns of it, the inviter learns nothing more. */
export function inviteExistingMail(to: string, publicUrl: string, invite: { inviter: string; company: string }): OutgoingMail {
  return {
    kind: 'company-invite-existing',
    to,
    subject: `${invite.inviter} invited you to ${invitingTeam(invite.inviter, invite.company)} on the client portal`,
    ...noticeParts(
      [
        `${invitedToJoin(invite.inviter, invite.company)} on our client portal. This address already has an account, and an account belongs to one company, so nothing was changed.`,
        'If you want to work on their requests with them, ask them to invite another of your addresses. If you did not expect this, you can ignore this e-mail.',
      ],
      { label: 'Sign in', url: `${publicUrl}/login` },
    ),
  };
}
