import { describe, expect, it } from 'vitest';
import { READ_BUDGET_CEILING_MS, READ_BUDGET_FLOOR_MS, readBudgetMs } from './read-budget.ts';

describe('readBudgetMs', () => {
  it('gives a small file the floor', () => {
    expect(readBudgetMs(1024, 1)).toBe(READ_BUDGET_FLOOR_MS + 50 + 1);
    expect(readBudgetMs(0, null)).toBe(READ_BUDGET_FLOOR_MS);
  });

  it('grows with pages and size', () => {
    // A 59 KB file of 2,000 pages read: 10 s + 100 s + 0.06 s.
    expect(readBudgetMs(59 * 1024, 2000)).toBe(110_058);
    expect(readBudgetMs(20 * 1024 * 1024, 50)).toBe(32_500);
  });

  it('stops at the ceiling', () => {
    expect(readBudgetMs(500 * 1024 * 1024, 2000)).toBe(READ_BUDGET_CEILING_MS);
  });
});
