import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it('gives 16 base32 characters, never the same twice across refills of its random pool', () => {
    const ids = Array.from({ length: 1000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[a-z2-7]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
