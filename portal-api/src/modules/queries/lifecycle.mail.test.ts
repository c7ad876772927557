import { describe, expect, it } from 'vitest';
import { lifecycleMails, MAIL_TITLE_MAX, requestTitle } from './lifecycle.mail.ts';
import { marginText } from './lifecycle.rules.ts';

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

describe('requestTitle', () => {
  it('is the project name, else the first 8 words of the message', () => {
    expect(requestTitle({ project_name: 'Dockside Retail', message: 'anything' })).toBe('Dockside Retail');
    expect(requestTitle({ project_name: null, message: ' Slab and footing takeoff for a warehouse in Hialeah, FL ' })).toBe(
      'Slab and footing takeoff for a warehouse in…',
    );
    expect(requestTitle({ project_name: null, message: 'Stucco takeoff' })).toBe('Stucco takeoff');
  });

  it(`cuts a name longer than ${MAIL_TITLE_MAX} characters at a word, so a subject stays short`, () => {
    const long = 'Brickell Bay Tower Phase II Mixed-Use Residential and Retail Podium with Parking Garage, Amenity Deck and Marina';
    const title = requestTitle({ project_name: long, message: 'x' });
    expect(title).toBe('Brickell Bay Tower Phase II Mixed-Use Residential and Retail Podium with…');
    expect(title.length).toBeLessThanOrEqual(MAIL_TITLE_MAX);
    // One 200-character word is cut where it must be.
    expect(requestTitle({ project_name: 'A'.repeat(200), message: 'x' })).toBe(`${'A'.repeat(MAIL_TITLE_MAX - 1)}…`);
    // A long first 8 words are cut too.
    expect(requestTitle({ project_name: null, message: `${'Word'.repeat(30)} two three` }).length).toBeLessThanOrEqual(MAIL_TITLE_MAX);
  });
});

describe('marginText', () => {
  it('puts a lost bid against the winner, a won one against the next bid, and says nothing for did not bid', () => {
    expect(marginText('lost', 3)).toBe('within +3 % of the winner');
    expect(marginText('won', -2)).toBe('the next bid was within -2 %');
    expect(marginText('did_not_bid', 5)).toBeNull();
    expect(marginText('won', null)).toBeNull();
    const won = lifecycleMails.outcomeRecorded(target, 'won', 3, 'Ana');
    expect(won?.text).toContain('The next bid was within +3 %.');
    expect(won?.text).not.toContain('of the winner');
  });
});
