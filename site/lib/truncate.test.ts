import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adminChatListText,
  adminMessagePreview,
  blogTitle,
  dashboardMessage,
  firstWords,
  myQueriesMessage,
  sidebarQueryTitle,
} from './truncate.ts';

describe('docs/product.md §9 truncation rules', () => {
  it('dashboard: 2 words, words over 12 characters cut to 5 plus an ellipsis', () => {
    expect(dashboardMessage('Concrete takeoff for the new garage')).toBe('Concrete takeoff…');
    expect(dashboardMessage('Electromechanical installations works')).toBe('Elect… insta…');
    expect(dashboardMessage('Roofing')).toBe('Roofing');
    expect(dashboardMessage('Roofing estimate')).toBe('Roofing estimate');
    expect(dashboardMessage('twelve-chars estimate')).toBe('twelve-chars estimate'); // exactly 12 stays
    expect(dashboardMessage('thirteen-char estimate')).toBe('thirt… estimate');
    expect(dashboardMessage('  spaced   out\n words ')).toBe('spaced out…');
    expect(dashboardMessage('')).toBe('');
    expect(dashboardMessage(null)).toBe('');
  });

  it('my queries: the first 3 words', () => {
    expect(myQueriesMessage('Need a full MEP estimate')).toBe('Need a full…');
    expect(myQueriesMessage('Need an estimate')).toBe('Need an estimate');
  });

  it('blog titles: the first 7 words', () => {
    expect(blogTitle('One two three four five six seven eight')).toBe('One two three four five six seven…');
    expect(blogTitle('Short title')).toBe('Short title');
  });

  it('chat sidebar: over 3 words becomes the first 12 words plus an ellipsis', () => {
    expect(sidebarQueryTitle('One two three')).toBe('One two three');
    expect(sidebarQueryTitle('One two three four')).toBe('One two three four…');
    const fifteen = Array.from({ length: 15 }, (_, i) => `w${i + 1}`).join(' ');
    expect(sidebarQueryTitle(fifteen)).toBe(`${Array.from({ length: 12 }, (_, i) => `w${i + 1}`).join(' ')}…`);
  });

  it('never ends a shortened text in a period and an ellipsis', () => {
    expect(sidebarQueryTitle('Stucco takeoff for a duplex.')).toBe('Stucco takeoff for a duplex…');
    expect(firstWords('Roofing only. Two sheets, please', 2)).toBe('Roofing only…');
    expect(adminMessagePreview(`${'x'.repeat(99)}. More`).text).toBe(`${'x'.repeat(99)}…`);
  });

  it('admin preview: 100 characters with a flag for Expand / Show Less', () => {
    expect(adminMessagePreview('short')).toEqual({ text: 'short', isTruncated: false });
    const long = 'x'.repeat(150);
    expect(adminMessagePreview(long)).toEqual({ text: `${'x'.repeat(100)}…`, isTruncated: true });
    expect(adminMessagePreview('y'.repeat(100)).isTruncated).toBe(false);
  });

  it("admin chat list: 4 words of at most 5 characters, ' ...' when more than 4", () => {
    expect(adminChatListText('Structural steel estimate needed urgently')).toBe('Struc steel estim neede ...');
    expect(adminChatListText('Roofing takeoff please now')).toBe('Roofi takeo pleas now');
    expect(adminChatListText(undefined)).toBe('');
  });

  it('never lengthens the word count and never returns surrounding spaces', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 15 }), (text, n) => {
        for (const out of [firstWords(text, n), dashboardMessage(text), sidebarQueryTitle(text), adminChatListText(text)]) {
          expect(out).toBe(out.trim());
        }
        expect(firstWords(text, n).split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(n);
      }),
    );
  });
});
