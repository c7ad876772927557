import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberWayBack, takeWayBack } from './guards.ts';

// The way back after sign-in (a mail's link opened signed out): a request's page only, once, for 15 minutes.
const visit = (path: string) => window.history.replaceState(null, '', path);

describe('the way back after sign-in', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it("keeps a request's page once", () => {
    visit('/chat/abc123');
    rememberWayBack();
    expect(takeWayBack()).toBe('/chat/abc123');
    expect(takeWayBack()).toBeNull();
    visit('/admin-chat/q_9');
    rememberWayBack();
    expect(takeWayBack()).toBe('/admin-chat/q_9');
  });

  it('keeps no other page: the sign-in after a guard elsewhere leads home, as docs/product.md §5 says', () => {
    for (const path of ['/portal', '/admin-queries', '/user', '/chat', '/admin-chat']) {
      visit(path);
      rememberWayBack();
      expect(takeWayBack(), path).toBeNull();
    }
  });

  it('forgets it after 15 minutes', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') });
    visit('/chat/abc123');
    rememberWayBack();
    vi.setSystemTime(new Date('2026-11-24T10:15:01Z'));
    expect(takeWayBack()).toBeNull();
  });
});
