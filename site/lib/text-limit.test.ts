import { describe, expect, it } from 'vitest';
import { firstTooLong, limitState } from './text-limit.ts';

describe('limitState', () => {
  it('stays quiet well below the limit', () => {
    expect(limitState(10, 120)).toMatchObject({ near: false, over: false, problem: null });
  });
  it('counts from 80% of the limit', () => {
    expect(limitState(96, 120)).toMatchObject({ near: true, over: false, count: '96 / 120', problem: null });
    expect(limitState(5000, 5000)).toMatchObject({ near: true, over: false, count: '5,000 / 5,000' });
  });
  it('refuses one character over, saying how many to remove', () => {
    expect(limitState(10_000, 5000)).toMatchObject({
      over: true,
      count: '10,000 / 5,000',
      problem: 'At most 5,000 characters: please remove 5,000.',
    });
    expect(limitState(121, 120).problem).toBe('At most 120 characters: please remove 1.');
  });
});

describe('firstTooLong', () => {
  it('names the first field that is too long', () => {
    expect(
      firstTooLong([
        ['Title', 'ok', 5],
        ['Description', 'far too long', 5],
      ]),
    ).toBe('Description: At most 5 characters: please remove 7.');
    expect(firstTooLong([['Title', 'ok', 5]])).toBeNull();
  });
});
