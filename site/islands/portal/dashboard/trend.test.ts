import { describe, expect, it } from 'vitest';
import { trendLine } from './trend.ts';

describe('trendLine', () => {
  it('compares this month with last month in the SPEC wording', () => {
    expect(trendLine(11, 10)).toBe('Last month +10%');
    expect(trendLine(3, 2)).toBe('Last month +50%');
    expect(trendLine(1, 4)).toBe('Last month −75%');
    expect(trendLine(2, 2)).toBe('Last month ±0%');
  });

  it('says nothing when last month had no requests to compare with', () => {
    expect(trendLine(0, 0)).toBeNull();
    expect(trendLine(5, 0)).toBeNull();
  });
});
