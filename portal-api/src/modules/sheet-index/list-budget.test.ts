import { describe, expect, it } from 'vitest';
import { ListBudget, fitList } from './list-budget.ts';

describe('list budget', () => {
  it('keeps the longest prefix whose JSON fits', () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ name: 'x'.repeat(90), i }));
    const one = Buffer.byteLength(JSON.stringify(items[0])) + 1;
    expect(fitList(items, one * 3)).toEqual(items.slice(0, 3));
    expect(fitList(items, one * 3 - 1)).toEqual(items.slice(0, 2));
  });

  it('refuses every item after the first that did not fit, so the list stays a prefix', () => {
    const budget = new ListBudget(20);
    expect(budget.take('a'.repeat(30))).toBe(false);
    expect(budget.take('b')).toBe(false);
    expect(budget.isFull).toBe(true);
  });
});
