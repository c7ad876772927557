import { describe, expect, it } from 'vitest';
import { expiresSoon } from './components/SignedLink.tsx';

describe('expiresSoon (a signed file link left open past its hour)', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const at = (secondsFromNow: number) => `/api/files/k/plan.pdf?exp=${Math.floor(now / 1000) + secondsFromNow}&sig=abc`;
  it('is true for a link expired or expiring within a minute, false for one with time left', () => {
    expect(expiresSoon(at(-5), now)).toBe(true);
    expect(expiresSoon(at(30), now)).toBe(true);
    expect(expiresSoon(at(3600), now)).toBe(false);
  });
  it('is false for a link that is not signed', () => {
    expect(expiresSoon('/api/files/k/plan.pdf', now)).toBe(false);
    expect(expiresSoon('/request?reuse=1', now)).toBe(false);
  });
});
