import { describe, expect, it } from 'vitest';
import { ctaTarget, hasSession, loginPath, parseWelcomeState, requestPath, shouldShowWelcome } from './session-routing.ts';

const guest = { token: null, role: null };
const client = { token: 't', role: 'client' };
const admin = { token: 't', role: 'admin' };

describe('ctaTarget (docs/product.md §2 call-to-action routing)', () => {
  it('sends portal buttons to /login, /admin or /portal by the stored session', () => {
    expect(ctaTarget('portal', guest)).toBe('/login');
    expect(ctaTarget('portal', admin)).toBe('/admin');
    expect(ctaTarget('portal', client)).toBe('/portal');
  });

  it('treats the sign-up token (no role yet) as a guest: only password plus code make a session', () => {
    const registered = { token: 'register-token', role: null };
    expect(hasSession(registered)).toBe(false);
    expect(hasSession(client)).toBe(true);
    expect(hasSession(admin)).toBe(true);
    expect(hasSession({ token: null, role: 'client' })).toBe(false);
    expect(ctaTarget('portal', registered)).toBe('/login');
    expect(ctaTarget('sample', registered)).toBe('/login');
    expect(ctaTarget('request', registered, '/request')).toBe(loginPath('/request'));
  });

  it('sends Request Sample Estimate to /contactus with a token, else /login', () => {
    expect(ctaTarget('sample', client)).toBe('/contactus');
    expect(ctaTarget('sample', admin)).toBe('/contactus');
    expect(ctaTarget('sample', guest)).toBe('/login');
  });

  it('opens the request form directly when signed in and through sign-in otherwise', () => {
    const next = requestPath('Sub-Contractor', 'Demolititon');
    expect(next).toBe('/request?service=Sub-Contractor&subService=Demolititon');
    expect(ctaTarget('request', client, next)).toBe(next);
    expect(ctaTarget('request', guest, next)).toBe(`/login?next=${encodeURIComponent(next)}`);
    expect(new URL(ctaTarget('request', guest, next), 'http://x').searchParams.get('next')).toBe(next);
  });

  it('keeps spaces in seeded titles readable after a round trip', () => {
    const url = new URL(requestPath('Sub-Contractor', 'Structure steel'), 'http://x');
    expect(url.searchParams.get('subService')).toBe('Structure steel');
    expect(new URL(requestPath('Manufacturers'), 'http://x').searchParams.has('subService')).toBe(false);
    expect(loginPath()).toBe('/login');
  });
});

describe('welcome modal state', () => {
  it('shows until dismissed, and again once a reminder is due', () => {
    expect(shouldShowWelcome(parseWelcomeState(null), 0)).toBe(true);
    expect(shouldShowWelcome(parseWelcomeState('{"dismissed":true}'), Date.now())).toBe(false);
    expect(shouldShowWelcome(parseWelcomeState('{"until":1000}'), 999)).toBe(false);
    expect(shouldShowWelcome(parseWelcomeState('{"until":1000}'), 1000)).toBe(true);
  });

  it('treats unreadable values as never dismissed', () => {
    for (const raw of ['not json', '42', '{"until":"soon"}', '{"dismissed":"yes"}', 'null']) {
      expect(parseWelcomeState(raw)).toBeNull();
    }
  });
});
