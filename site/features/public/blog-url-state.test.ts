import { describe, expect, it } from 'vitest';
import {
  nextListState as nextState,
  readListState as readState,
  listSearch as toSearch,
} from '../../../portal-api/src/modules/blogs/blog-listing.rules.ts';

describe('public blog list state (docs/product.md §4)', () => {
  const start = { category: 'Estimating Tips', tag: 'concrete', q: 'slab', page: 3 };

  it('round-trips through the address', () => {
    expect(readState(toSearch(start))).toEqual(start);
    expect(toSearch({ category: '', tag: '', q: '', page: 1 })).toBe('');
    expect(readState('?page=-2&q=%20x%20')).toEqual({ category: '', tag: '', q: 'x', page: 1 });
    expect(readState('?page=abc').page).toBe(1);
    expect(readState(`?q=${'x'.repeat(300)}&page=99999999`)).toMatchObject({ q: 'x'.repeat(100), page: 1 });
  });

  it('returns to page 1 when the category, tag or search changes, not when the page does', () => {
    expect(nextState(start, { category: 'Company News' }).page).toBe(1);
    expect(nextState(start, { q: 'rebar' }).page).toBe(1);
    expect(nextState(start, { tag: '' }).page).toBe(1);
    expect(nextState(start, { q: 'slab' }).page).toBe(3);
    expect(nextState(start, { page: 4 })).toEqual({ ...start, page: 4 });
  });
});
