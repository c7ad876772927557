import { describe, expect, it } from 'vitest';
import { outcomeMails } from './outcomes.mail.ts';
import { marginText } from './outcomes.rules.ts';

const target = { to: 'desk@x.test', title: 'Dockside Retail', link: 'https://x.test/admin-chat/q1' };

describe('lifecycle mails', () => {
  it('name each bid outcome in a subject and a sentence that read well', () => {
    const mails = (['won', 'lost', 'did_not_bid'] as const).map((o) => outcomeMails.outcomeRecorded(target, o, null, 'Ana Diaz')!);
    expect(mails.map((m) => m.subject)).toEqual(['Bid won: Dockside Retail', 'Bid lost: Dockside Retail', 'Did not bid: Dockside Retail']);
    expect(mails.map((m) => m.text.split('\n\n')[0])).toEqual([
      'Ana Diaz won the bid for Dockside Retail.',
      'Ana Diaz lost the bid for Dockside Retail.',
      'Ana Diaz did not bid on Dockside Retail.',
    ]);
  });
});

describe('marginText', () => {
  it('puts a lost bid against the winner, a won one against the next bid, and says nothing for did not bid', () => {
    expect(marginText('lost', 3)).toBe('within +3 % of the winner');
    expect(marginText('won', -2)).toBe('the next bid was within -2 %');
    expect(marginText('did_not_bid', 5)).toBeNull();
    expect(marginText('won', null)).toBeNull();
    const won = outcomeMails.outcomeRecorded(target, 'won', 3, 'Ana');
    expect(won?.text).toContain('The next bid was within +3 %.');
    expect(won?.text).not.toContain('of the winner');
  });
});
