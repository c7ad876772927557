import { describe, expect, it } from 'vitest';
import { MAIL_TITLE_MAX, requestTitle } from './queries.mail.ts';

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
