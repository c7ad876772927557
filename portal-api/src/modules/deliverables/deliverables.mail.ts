import type { Target } from '../queries/queries.mail.ts';
import { stepMail as mail } from '../queries/queries.mail.ts';

// The mail of a reopened request: to the other side, with the reason.

export const revisionMails = {
  reopened: (t: Target, letter: string, reason: string, by: string) =>
    mail(t, `Revision requested (Rev ${letter})`, [`${by} reopened ${t.title} for Rev ${letter}.`, `Reason: ${reason}`]),
};
