import type { Transaction } from 'kysely';
import type { BidOutcome, Database } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { noticeParts, replyToPerson } from '../../lib/mail.ts';
import { formatFirmTime } from '../../shared/firm-time.ts';
import { enqueueMail, type OutgoingMail } from '../outbox/outbox.repo.ts';
import { formatCents } from './lifecycle.schema.ts';
import { marginText } from './lifecycle.rules.ts';

// Every lifecycle step is mailed (issue 13): the mail is an outbox row written
// in the transaction of the step, so a refused or rolled-back step mails nothing.

export async function queueMail(trx: Transaction<Database>, message: OutgoingMail | null): Promise<void> {
  if (message) await enqueueMail(trx, message);
}

/** A request's name in a mail is at most this long, so a subject stays readable in an inbox list. */
export const MAIL_TITLE_MAX = 80;

/**
 * The name a request goes by in every mail (issue 13: it leads each one): its project name,
 * else its message's start (the project name is optional, and older requests have none).
 * Longer than MAIL_TITLE_MAX (a project name may have 200 characters), it is cut at a word.
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
type Target = { to: string | null; title: string; link: string; replyTo?: string };

function mail(target: Target, subject: string, lines: string[]): OutgoingMail | null {
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

/** 'Bid won: Dockside Retail', 'Did not bid: Dockside Retail'. */
const OUTCOME_SUBJECTS: Record<BidOutcome, string> = { won: 'Bid won', lost: 'Bid lost', did_not_bid: 'Did not bid' };
/** 'Ana Diaz won the bid for Dockside Retail.' */
const OUTCOME_SENTENCES: Record<BidOutcome, string> = {
  won: 'won the bid for',
  lost: 'lost the bid for',
  did_not_bid: 'did not bid on',
};

const hoursText = (h: number) => (h % 24 === 0 ? `${h / 24} day${h === 24 ? '' : 's'} (${h} h)` : `${h} h`);

export const lifecycleMails = {
  quoteSent: (
    t: Target,
    q: { priceCents: number; standardHours: number; rushPriceCents: number | null; rushHours: number | null; note: string | null },
  ) =>
    mail(t, 'Your quote', [
      `We have sent you a quote for ${t.title}.`,
      `Standard: ${formatCents(q.priceCents)}, delivered within ${hoursText(q.standardHours)} of acceptance.`,
      ...(q.rushPriceCents !== null && q.rushHours !== null
        ? [`Rush: ${formatCents(q.rushPriceCents)}, delivered within ${hoursText(q.rushHours)}.`]
        : []),
      ...(q.note ? [q.note] : []),
      'Accept one option in one click, or decline it, in your portal.',
    ]),
  quoteAccepted: (t: Target, option: string, dueAt: string, by: string) =>
    mail(t, 'Quote accepted', [`${by} accepted the ${option} option for ${t.title}.`, `Delivery is due ${formatFirmTime(dueAt)}.`]),
  quoteDeclined: (t: Target, reason: string, by: string) =>
    mail(t, 'Quote declined', [`${by} declined the quote for ${t.title}.`, `Reason: ${reason}`]),
  quoteWithdrawn: (t: Target) => mail(t, 'Quote withdrawn', [`The quote for ${t.title} was withdrawn. A new quote will follow.`]),
  /** `reopenedAs`: the revision an addendum to an answered request opened (it is in progress again). */
  addendum: (t: Target, label: string, note: string | null, files: string[], by: string, reopenedAs: string | null = null) =>
    mail(t, reopenedAs ? `${label} added, revision requested (Rev ${reopenedAs})` : `${label} added`, [
      `${by} added ${label} to ${t.title}.`,
      ...(reopenedAs ? [`The request was answered, so this reopens it for Rev ${reopenedAs}: it is in progress again.`] : []),
      `Files: ${files.join(', ')}`,
      ...(note ? [`Note: ${note}`] : []),
    ]),
  reopened: (t: Target, letter: string, reason: string, by: string) =>
    mail(t, `Revision requested (Rev ${letter})`, [`${by} reopened ${t.title} for Rev ${letter}.`, `Reason: ${reason}`]),
  outcomeAsk: (t: Target) =>
    mail(t, 'How did the bid go?', [
      `The bid date of ${t.title} has passed. Did you win it?`,
      'Tell us in one click (Won, Lost or Did not bid) in your portal.',
    ]),
  outcomeRecorded: (t: Target, outcome: BidOutcome, margin: number | null, by: string) => {
    const close = marginText(outcome, margin);
    return mail(t, OUTCOME_SUBJECTS[outcome], [
      `${by} ${OUTCOME_SENTENCES[outcome]} ${t.title}.`,
      ...(close ? [outcome === 'won' ? `${close[0]!.toUpperCase()}${close.slice(1)}.` : `Their bid was ${close}.`] : []),
    ]);
  },
};

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
