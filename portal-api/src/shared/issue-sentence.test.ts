import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { issueSentence } from './issue-sentence.ts';

const first = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  return issueSentence(parsed.error.issues[0]!);
};

describe('issueSentence', () => {
  const body = z.object({ quoteId: z.string().max(64), email: z.string().min(3), count: z.number() });

  it("keeps our schemas' own sentences as written", () => {
    expect(first(z.object({ name: z.string().min(1, 'Full name is required.') }), { name: '' })).toBe('Full name is required.');
  });

  it("words zod's defaults as a sentence about the field, never zod's own wording", () => {
    expect(first(body, { quoteId: 'x'.repeat(65), email: 'abc', count: 1 })).toBe('quoteId can be at most 64 characters.');
    expect(first(body, { quoteId: 'q', email: 'a', count: 1 })).toBe('email must be at least 3 characters.');
    expect(first(body, { quoteId: 'q', count: 1 })).toBe('email is required.');
    expect(first(body, { quoteId: 'q', email: 'abc', count: 'x' })).toBe('count must be a number.');
    expect(first(z.object({ tags: z.array(z.string()) }), { tags: 'x' })).toBe('tags must be an array.');
  });

  it('says a JSON body that is not an object is not one', () => {
    for (const value of [null, 'text', [1], 3]) expect(first(body, value)).toBe('The request body must be a JSON object.');
  });
});
