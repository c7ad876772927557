import { noticeParts } from '../../lib/mail.ts';
import type { OutgoingMail } from '../outbox/outbox.repo.ts';
import { INVITATION_TTL_HOURS } from './staff.labels.ts';

// The mails of docs/product.md §25 "Staff". The invitation's token rides in the link's fragment
// (#token=…), which browsers never send to a server: no request log, proxy or Referer can hold it.

/** The link the invitee opens to set a password. */
export function invitationLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/staff-invite?email=${encodeURIComponent(email)}#token=${encodeURIComponent(token)}`;
}

export function invitationMail(to: string, inviter: string, link: string): OutgoingMail {
  return {
    kind: 'staff-invitation',
    to,
    subject: `${inviter} invited you to the estimating team`,
    ...noticeParts(
      [
        `${inviter} invited you to join the firm's admin area, where requests are answered and quotes sent.`,
        `Open the link to choose your name and password. It works once and for ${INVITATION_TTL_HOURS} hours. ` +
          'Then sign in with your e-mail, your password and the code we e-mail you.',
        'If you did not expect this invitation, you can ignore this e-mail.',
      ],
      { label: 'Set your password', url: link },
    ),
  };
}

/** An invitation to an address that has an account: its owner learns of it, the inviter learns nothing. */
export function invitationExistingMail(to: string, inviter: string, publicUrl: string): OutgoingMail {
  return {
    kind: 'staff-invitation-existing',
    to,
    subject: `${inviter} invited you to the estimating team`,
    ...noticeParts(
      [
        `${inviter} tried to invite your address to the firm's admin area. You already have an account, so nothing was changed.`,
        'If this is unexpected, reply to this e-mail or ask the firm which account you should use.',
      ],
      { label: 'Sign in', url: `${publicUrl}/login` },
    ),
  };
}
