import { describe, expect, it } from 'vitest';
import { lifecycleMails } from './lifecycle.mail.ts';

const target = { to: 'desk@x.test', title: 'Dockside Retail', link: 'https://x.test/admin-chat/q1' };

describe('lifecycle mails', () => {
  it('name each bid outcome in a subject and a sentence that read well', () => {
    const mails = (['won', 'lost', 'did_not_bid'] as const).map((o) => lifecycleMails.outcomeRecorded(target, o, null, 'Ana Diaz')!);
    expect(mails.map((m) => m.subject)).toEqual(['Bid won: Dockside Retail', 'Bid lost: Dockside Retail', 'Did not bid: Dockside Retail']);
    expect(mails.map((m) => m.text.split('\n\n')[0])).toEqual([
      'Ana Diaz won the bid for Dockside Retail.',
      'Ana Diaz lost the bid for Dockside Retail.',
      'Ana Diaz did not bid on Dockside Retail.',
    ]);
  });
});
