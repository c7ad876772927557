import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstTooLong, limitState, tooLongMessages } from './text-limit.ts';

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

describe('tooLongMessages', () => {
  const schema = z.object({ title: z.string().trim().min(1, 'Required.').max(5), note: z.string().max(3) });
  const messages = (value: unknown) =>
    (schema.safeParse(value, { error: tooLongMessages({ title: 'Title' }) }).error?.issues ?? []).map((i) => i.message);

  it("words a labelled field's too-long text as its counter does, after trimming", () => {
    expect(messages({ title: '  far too long ', note: '' })).toEqual(['Title: At most 5 characters: please remove 7.']);
  });
  it("leaves other problems, and fields without a label, to the schema's own messages", () => {
    const [required, note] = messages({ title: ' ', note: 'abcd' });
    expect(required).toBe('Required.');
    expect(note).not.toMatch(/please remove/);
  });
});
