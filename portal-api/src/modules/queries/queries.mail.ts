import type { QueryStatus } from '../../db/schema.ts';
import { noticeParts, replyToPerson } from '../../lib/mail.ts';
import type { OutgoingMail } from '../outbox/outbox.repo.ts';
import type { Deps } from '../../deps.ts';
import { formatBidDueDate, STATUS_LABELS } from './queries.labels.ts';

// The mails about a request. Each links to the exact screen: the admin's
// workspace /admin-chat/{id}, the client's /chat/{id}.

/** A request's name in a mail is at most this long, so a subject stays readable in an inbox list. */
export const MAIL_TITLE_MAX = 80;

/**
 * The name a request goes by in every mail (it leads each one): its project name,
 * else its message's start (older requests, and calls of the original API, have none).
 * Longer than MAIL_TITLE_MAX (older project names may have 200 characters), it is cut at a word.
 */
export function requestTitle(q: { project_name: string | null; message: string }): string {
  const words = q.message.trim().split(/\s+/);
  const title = q.project_name ? q.project_name : words.length > 8 ? `${words.slice(0, 8).join(' ')}…` : q.message.trim();
  if (title.length <= MAIL_TITLE_MAX) return title;
  const cut = title.slice(0, MAIL_TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAIL_TITLE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** Who a step's mail goes to; a mail to the firm about a client is answered to the client. */
export type Target = { to: string | null; title: string; link: string; replyTo?: string };

export function stepMail(target: Target, subject: string, lines: string[]): OutgoingMail | null {
  if (!target.to) return null;
  return {
    kind: 'request-lifecycle',
    to: target.to,
    ...(target.replyTo ? replyToPerson(target.replyTo) : {}),
    // 'How did the bid go? Dockside Retail', 'Quote accepted: Dockside Retail'.
    subject: `${subject}${/[?!]$/.test(subject) ? ' ' : ': '}${target.title}`,
    ...noticeParts(lines, { label: 'Open the request', url: target.link }),
  };
}

/** Where a step's mail goes: the client's portal page, or the admin's workspace. */
export function clientTarget(deps: Deps, q: { id: string; email: string; project_name: string | null; message: string }): Target {
  return { to: q.email, title: requestTitle(q), link: `${deps.config.publicUrl}/chat/${q.id}` };
}
/** `q.email` is the client's: Reply in the office's mail program answers them. */
export function companyTarget(deps: Deps, q: { id: string; email: string; project_name: string | null; message: string }): Target {
  return {
    to: deps.config.companyEmail ?? null,
    title: requestTitle(q),
    link: `${deps.config.publicUrl}/admin-chat/${q.id}`,
    replyTo: q.email,
  };
}

/** A request in the Query JSON's shape, named as in every other mail (requestTitle). */
const titleOf = (q: { projectName?: string | null; message: string }) =>
  requestTitle({ project_name: q.projectName ?? null, message: q.message });

/** '1 file', '2 files'. */
const fileCount = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

export function newRequestMail(
  to: string,
  publicUrl: string,
  q: {
    id: string;
    clientName: string;
    clientEmail: string;
    service: string | null;
    bidDueDate: string | null;
    files: string[];
    message: string;
    projectName?: string | null;
    location?: string | null;
  },
): OutgoingMail {
  return {
    kind: 'new-request',
    to,
    ...replyToPerson(q.clientEmail),
    // The request's name leads.
    subject: `New request from ${q.clientName}: ${titleOf(q)}`,
    ...noticeParts(
      [
        `${q.clientName} (${q.clientEmail}) submitted a request.`,
        ...(q.projectName ? [`Project: ${q.projectName}${q.location ? `, ${q.location}` : ''}`] : []),
        `Service: ${q.service || 'not given'}\nBid due date: ${q.bidDueDate ? formatBidDueDate(q.bidDueDate) : 'not given'}\nFiles: ${q.files.join(', ')}`,
        q.message,
      ],
      { label: 'Open it in the admin area', url: `${publicUrl}/admin-chat/${q.id}` },
    ),
  };
}

type ClientQuery = {
  _id: string;
  user: { fullName: string; email: string };
  message: string;
  projectName?: string | null;
};

const requestLink = (publicUrl: string, q: ClientQuery) => ({ label: 'Open your request', url: `${publicUrl}/chat/${q._id}` });

/** To the client on every status change; 'answered' keeps its own subject (the estimate is ready). */
export function statusChangeMail(
  publicUrl: string,
  q: ClientQuery & {
    deliverables: Array<{ name: string }>;
    revisions?: Array<{ letter: string; files: Array<{ name: string }> }>;
  },
  status: QueryStatus,
  revision?: { letter: string; changeNote: string | null },
): OutgoingMail {
  const what = titleOf(q);
  const link = requestLink(publicUrl, q);
  if (status === 'answered') {
    // The mail names the revision it delivers and lists that revision's files.
    // A revision answered without new files says so, instead of listing an earlier revision's.
    const revFiles = revision ? (q.revisions?.find((r) => r.letter === revision.letter)?.files ?? []) : null;
    const delivered = revFiles ?? q.deliverables;
    const files = delivered.length
      ? `It includes ${fileCount(delivered.length)}: ${delivered.map((d) => d.name).join(', ')}.`
      : revision
        ? `No new files came with Rev ${revision.letter}; the earlier revisions' files are in your portal.`
        : 'Our team has answered your request.';
    const rev = revision ? ` (Rev ${revision.letter})` : '';
    // The change note is the admin's own sentence: it gets one full stop, never two.
    const note = revision?.changeNote?.trim();
    const changed = note ? [`What changed: ${/[.!?]$/.test(note) ? note : `${note}.`}`] : [];
    return {
      kind: 'status-change',
      to: q.user.email,
      // The project's name leads every mail.
      subject: `Your estimate is ready: ${what}`,
      ...noticeParts(
        [
          `Hello ${q.user.fullName},`,
          `Your estimate for ${what} is ready${rev}.`,
          ...changed,
          files,
          `All your requests: ${publicUrl}/my-queries`,
        ],
        link,
      ),
    };
  }
  // Mid-sentence a status reads in lower case: 'Your request is now in progress'.
  const label = STATUS_LABELS[status].toLowerCase();
  const sentence: Partial<Record<QueryStatus, string>> = {
    pending: `Your request for ${what} is pending again: our estimators will pick it up shortly.`,
    in_progress: `Our estimators started working on your request for ${what}.`,
    closed: `Your request for ${what} is now closed. You can still read it and download its files.`,
  };
  return {
    kind: 'status-change',
    to: q.user.email,
    subject: `Your request is now ${label}: ${what}`,
    ...noticeParts([`Hello ${q.user.fullName},`, sentence[status] ?? `Your request for ${what} is now ${label}.`], link),
  };
}

/**
 * To the client when files are added to an answered request: their 'estimate ready'
 * mail listed the files it had then, so these are named with the revision they join.
 */
export function deliverablesAddedMail(publicUrl: string, q: ClientQuery, revision: string, files: string[]): OutgoingMail {
  const what = titleOf(q);
  return {
    kind: 'deliverables-added',
    to: q.user.email,
    subject: `More files for your estimate: ${what}`,
    ...noticeParts(
      [
        `Hello ${q.user.fullName},`,
        `We added ${fileCount(files.length)} to your estimate for ${what} (Rev ${revision}): ${files.join(', ')}.`,
      ],
      requestLink(publicUrl, q),
    ),
  };
}
