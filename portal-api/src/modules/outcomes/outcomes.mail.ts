import type { BidOutcome } from '../queries/queries.rules.ts';
import type { Target } from '../queries/queries.mail.ts';
import { stepMail as mail } from '../queries/queries.mail.ts';
import { marginText } from './outcomes.rules.ts';

// The bid outcome's mails: the client is asked once after the bid date, the firm told of the answer.

/** 'Bid won: Dockside Retail', 'Did not bid: Dockside Retail'. */
const OUTCOME_SUBJECTS: Record<BidOutcome, string> = { won: 'Bid won', lost: 'Bid lost', did_not_bid: 'Did not bid' };
/** 'Ana Diaz won the bid for Dockside Retail.' */
const OUTCOME_SENTENCES: Record<BidOutcome, string> = {
  won: 'won the bid for',
  lost: 'lost the bid for',
  did_not_bid: 'did not bid on',
};

export const outcomeMails = {
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
