import type { OutgoingMail } from '../outbox/outbox.repo.ts';
import { stepMail } from '../queries/queries.mail.ts';

/** To an admin named in an internal note: the note and a link to the request's workspace. */
export function mentionMail(
  to: string,
  author: string,
  q: { id: string; title: string },
  body: string,
  publicUrl: string,
): OutgoingMail | null {
  const mail = stepMail({ to, title: q.title, link: `${publicUrl}/admin-chat/${q.id}` }, `${author} mentioned you`, [
    `${author} mentioned you in an internal note (the client does not see it):`,
    body,
  ]);
  return mail && { ...mail, kind: 'note-mention' };
}
