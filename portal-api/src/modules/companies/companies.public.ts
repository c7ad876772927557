import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { hashToken } from '../auth/auth.public.ts';
import { enqueueMail, type OutgoingMail } from '../outbox/outbox.repo.ts';
import { COMPANY_TEXTS } from './companies.labels.ts';
import { findInviteByHash, followersOf, useInvite } from './companies.repo.ts';

// What other modules use of the companies module beside its repo and schema.

/**
 * A mail about a request that is meant for its client side goes to everyone who follows the
 * request (its author unless they unfollowed it, and colleagues who follow it), each their own
 * copy, in the caller's transaction. With no follower, no mail.
 */
export async function enqueueForFollowers(trx: Kysely<Database>, queryId: string, mail: OutgoingMail): Promise<number> {
  const followers = await followersOf(trx, queryId);
  for (const f of followers) await enqueueMail(trx, { ...mail, to: f.email });
  return followers.length;
}

/** An invitation that may still be used, by its token; refused with the sentence that says why. */
export async function openInvite(db: Kysely<Database>, token: string, now = new Date()) {
  const invite = await findInviteByHash(db, hashToken(token));
  if (!invite || invite.used_at) throw new HttpError(400, COMPANY_TEXTS.inviteInvalid, { code: 'invite_invalid' });
  if (Date.parse(invite.expires_at) <= now.getTime()) throw new HttpError(400, COMPANY_TEXTS.inviteExpired, { code: 'invite_expired' });
  return invite;
}

/**
 * Takes an invitation for a sign-up with `email`, in the sign-up's transaction: refused for
 * another e-mail, and used once (a second sign-up racing the first is refused as used).
 */
export async function takeInvite(trx: Kysely<Database>, token: string, email: string) {
  const invite = await openInvite(trx, token);
  if (invite.email !== email.trim().toLowerCase()) throw new HttpError(403, COMPANY_TEXTS.inviteOtherEmail, { code: 'invite_other_email' });
  if (!(await useInvite(trx, invite.id))) throw new HttpError(400, COMPANY_TEXTS.inviteInvalid, { code: 'invite_invalid' });
  return { companyId: invite.company_id, invitedBy: invite.invited_by };
}
