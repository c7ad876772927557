// The texts of client companies (docs/product.md, "Colleagues"), said once: the server answers
// them and the Team section shows them.

/** How long an invitation link opens the sign-up. */
export const INVITE_TTL_DAYS = 7;

export const COMPANY_TEXTS = {
  inviteSent: 'Invitation sent. Your colleague will get an e-mail with a link to sign up.',
  inviteWithdrawn: 'Invitation withdrawn.',
  inviteInvalid: 'This invitation link is not valid or was already used. Ask your colleague for a new one.',
  inviteExpired: 'This invitation link has expired. Ask your colleague for a new one.',
  inviteOtherEmail: 'This invitation was sent to another e-mail address. Sign up with the address it was sent to.',
  ownerOnly: 'Only the owner of the company account can do this.',
  ownerCannotLeave: 'The owner of the company account cannot leave it.',
  cannotRemoveSelf: 'You cannot remove yourself. Use Leave instead.',
  memberNotFound: 'This person is not a member of your company.',
  inviteNotFound: 'Invitation not found.',
  removed: 'Member removed. Their sessions ended and they no longer see your requests.',
  left: 'You left the company. Sign in again to continue with an account of your own.',
  following: 'You will get the e-mails of this request.',
  notFollowing: 'You will no longer get the e-mails of this request.',
  notApprovedYet: 'Your account must be approved before you can invite colleagues.',
  inviteSelf: 'This is your own e-mail address. Invite a colleague with theirs.',
} as const;

/**
 * Who invites, in what the invited person reads: the sign-up page's line and the invitation mails.
 * A one-person company is named after its owner (a sign-up's company takes the person's name,
 * docs/product.md "Colleagues"), so naming it would name the inviter twice ('Ana Ruiz invited you
 * to join Ana Ruiz'): it is then 'their team'.
 */
export function invitingTeam(invitedBy: string, companyName: string): string {
  const own = !companyName.trim() || companyName.trim().toLocaleLowerCase() === invitedBy.trim().toLocaleLowerCase();
  return own ? 'their team' : companyName;
}

/** 'Ana Ruiz invited you to join Ruiz Builders': the sign-up page's line and the start of the invitation mails. */
export function invitedToJoin(invitedBy: string, companyName: string): string {
  return `${invitedBy} invited you to join ${invitingTeam(invitedBy, companyName)}`;
}
