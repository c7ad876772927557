import { afterEach, describe, expect, it, vi } from 'vitest';
import { redirectFor, rememberWayBack, takeWayBack } from './guards.ts';

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

describe('where a guard sends a visitor', () => {
  it('lets guests see the sign-in screens and sends a signed-in visitor home, or on to a same-site next', () => {
    expect(redirectFor('guest', null, null)).toBeNull();
    expect(redirectFor('guest', 't', 'client')).toBe('/portal');
    expect(redirectFor('guest', 't', 'admin')).toBe('/admin');
    expect(redirectFor('guest', 't', 'client', '/request?service=Manufacturers')).toBe('/request?service=Manufacturers');
    expect(redirectFor('guest', 't', 'client', '//evil.example/')).toBe('/portal');
    // A token without a known role is no session: the sign-in screens stay.
    expect(redirectFor('guest', 't', 'owner')).toBeNull();
  });

  it("keeps each area to its own role: a client on an admin page goes to /portal, an admin on a client's to /admin", () => {
    expect(redirectFor('admin', 't', 'admin')).toBeNull();
    expect(redirectFor('client', 't', 'client')).toBeNull();
    expect(redirectFor('admin', 't', 'client')).toBe('/portal');
    expect(redirectFor('client', 't', 'admin')).toBe('/admin');
    for (const area of ['admin', 'client'] as const) {
      expect(redirectFor(area, null, null), area).toBe('/login');
      expect(redirectFor(area, null, 'admin'), area).toBe('/login');
      expect(redirectFor(area, 't', 'owner'), area).toBe('/login');
    }
  });
});
