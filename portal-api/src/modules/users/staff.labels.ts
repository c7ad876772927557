// docs/product.md §25 "Staff": the sentences of the Staff tab and the invitation page, said by the
// server and shown by the screens. No imports: the browser takes them as they are.
export const STAFF_TEXTS = {
  invited: (email: string) => `An invitation has been sent to ${email}.`,
  inviteSelf: 'This is your own e-mail address. Invite the new admin with theirs.',
  invitationInvalid: 'This invitation link is not valid, was already used or has expired. Please ask an admin for a new one.',
  accepted: 'Your admin account is ready. Sign in with your e-mail and password.',
  disabled: 'The admin has been disabled. Their sessions have ended.',
  enabled: 'The admin can sign in again.',
  lastAdmin: 'The last active admin cannot be disabled.',
  alreadyDisabled: 'This admin is already disabled.',
  notFound: 'Admin not found.',
  accountDisabled: 'This account has been disabled. Please contact an admin of the firm.',
} as const;

/** How long an invitation link works. */
export const INVITATION_TTL_HOURS = 72;
