import type { OutgoingMail } from '../outbox/outbox.repo.ts';
import { stepMail } from './queries.mail.ts';

/** To the admin a request was just assigned to, linking to its workspace. */
export function assignmentMail(
  to: string,
  by: string,
  q: { id: string; title: string; client: string },
  publicUrl: string,
): OutgoingMail | null {
  const mail = stepMail({ to, title: q.title, link: `${publicUrl}/admin-chat/${q.id}` }, 'Assigned to you', [
    `${by} assigned a request from ${q.client} to you.`,
  ]);
  return mail && { ...mail, kind: 'request-assigned' };
}
