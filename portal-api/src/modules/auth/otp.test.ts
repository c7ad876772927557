import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_TTL_MS, generateCode, hashChallenge, MAX_ATTEMPTS } from './otp.ts';

describe('one-time codes', () => {
  it('are always exactly 6 digits (docs/product.md §9), leading zeros kept', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), (n) => {
        for (let i = 0; i < n; i++) expect(generateCode()).toMatch(/^\d{6}$/);
      }),
      { numRuns: 50 },
    );
  });

  it('are spread over the whole range', () => {
    const seen = new Set(Array.from({ length: 2000 }, generateCode));
    expect(seen.size).toBeGreaterThan(1990);
  });

  it('live 10 minutes and burn after 5 wrong tries', () => {
    expect(CODE_TTL_MS).toBe(10 * 60 * 1000);
    expect(MAX_ATTEMPTS).toBe(5);
  });

  it('hash challenges deterministically without exposing them', () => {
    expect(hashChallenge('abc')).toBe(hashChallenge('abc'));
    expect(hashChallenge('abc')).not.toContain('abc');
    expect(hashChallenge('abc')).not.toBe(hashChallenge('abd'));
  });
});
