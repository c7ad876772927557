import { formatFirmTime } from '../../shared/firm-time.ts';
import type { Target } from '../queries/queries.mail.ts';
import { stepMail as mail } from '../queries/queries.mail.ts';
import { formatCents } from './quotes.rules.ts';

// The mails of a quote's moves: to the client when one is sent or withdrawn, to the firm when the client decides.

const hoursText = (h: number) => (h % 24 === 0 ? `${h / 24} day${h === 24 ? '' : 's'} (${h} h)` : `${h} h`);

export const quoteMails = {
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
};
