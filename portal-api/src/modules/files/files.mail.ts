import type { Target } from '../queries/queries.mail.ts';
import { stepMail as mail } from '../queries/queries.mail.ts';

// The firm's mail of an addendum: which files came, and whether it reopened the request.

export const fileMails = {
  /** `reopenedAs`: the revision an addendum to an answered request opened (it is in progress again). */
  addendum: (t: Target, label: string, note: string | null, files: string[], by: string, reopenedAs: string | null = null) =>
    mail(t, reopenedAs ? `${label} added, revision requested (Rev ${reopenedAs})` : `${label} added`, [
      `${by} added ${label} to ${t.title}.`,
      ...(reopenedAs ? [`The request was answered, so this reopens it for Rev ${reopenedAs}: it is in progress again.`] : []),
      `Files: ${files.join(', ')}`,
      ...(note ? [`Note: ${note}`] : []),
    ]),
};
