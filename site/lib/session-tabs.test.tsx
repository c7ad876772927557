import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, signIn, signInAdmin } from '../../tests/api/harness.ts';
import { type Browser, openBrowser } from '../../tests/component/browser.ts';
import { api, ApiError, call, upload } from './api.ts';
import { useAuth } from './auth-store.ts';
import { useGuard } from './guards.ts';

// Two tabs share localStorage but each holds the session in memory. A 401 on a token that another
// tab has since replaced (signed out and in again) must not clear that tab's new session, and a tab
// follows the other's sign-in and sign-out through the storage event. Against the real API.

let browser: Browser;
let client: Awaited<ReturnType<typeof createClient>>;
const person = () => ({ _id: client.id, fullName: client.fullName, email: client.email, role: 'client' as const, status: 'approved' });

/** A second sign-in of the client, as signing in again in another tab makes. */
const newSession = () => signIn(browser.server, client.email, client.password);
/** Ends a session on the server (the other tab's logout). */
const logOut = async (token: string) => expect((await browser.server.call('POST', '/api/auth/logout', { token })).status).toBe(200);
/** What another tab's sign-in leaves in localStorage, written without an event reaching this tab (it comes later, if at all). */
function otherTabStores(token: string) {
  for (const [k, v] of Object.entries({ role: 'client', userId: client.id, fullName: client.fullName, email: client.email, token }))
    localStorage.setItem(k, v);
}
/** The storage event this tab gets when another tab changes `key` (null: localStorage.clear()). */
const storageEvent = (key: string | null) => window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));

const profileForm = (phoneNumber: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries({ fullName: client.fullName, bio: '', phoneNumber, company: '' })) form.append(k, v);
  return form;
};

beforeAll(async () => {
  browser = await openBrowser();
  client = await createClient(browser.server, await signInAdmin(browser.server), { fullName: 'Tabitha Twotabs' });
}, 60_000);
afterAll(() => browser.stop());
beforeEach(async () => {
  browser.visit('/client-profile');
  useAuth.getState().signIn(await newSession(), person());
});

describe('a 401 in a tab whose token another tab replaced', () => {
  it('is sent again with the newer session of the same person, and clears nothing', async () => {
    const old = useAuth.getState().token!;
    await logOut(old);
    const fresh = await newSession();
    otherTabStores(fresh);

    const profile = await call(api.users.profile.$get());
    expect(profile.data.email).toBe(client.email);
    expect(localStorage.getItem('token')).toBe(fresh);
    expect(useAuth.getState().token).toBe(fresh);
    expect(browser.visited).toEqual([]);
  });

  it('the same for an upload (the profile form saves through one): the edit is saved', async () => {
    await logOut(useAuth.getState().token!);
    const fresh = await newSession();
    otherTabStores(fresh);

    const saved = await upload(api.users.profile, '$put', profileForm('3055550100'), () => undefined);
    expect(saved.data.phoneNumber).toBe('3055550100');
    expect(localStorage.getItem('token')).toBe(fresh);
    expect(browser.visited).toEqual([]);
  });

  it('when the other tab signed out and no one in: goes to /login', async () => {
    await logOut(useAuth.getState().token!);
    localStorage.clear();

    await expect(call(api.users.profile.$get())).rejects.toMatchObject({ status: 401 });
    expect(useAuth.getState().token).toBeNull();
    expect(browser.visited).toEqual(['/login']);
  });

  it('still signs out when the refused token is the stored one: storage cleared, /login (docs/product.md §2)', async () => {
    await logOut(useAuth.getState().token!);
    localStorage.setItem('welcomeModal', '{"dismissed":true}');

    const refused = await call(api.users.profile.$get()).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect(localStorage.length).toBe(0);
    expect(useAuth.getState().token).toBeNull();
    expect(browser.visited).toEqual(['/login']);
  });
});

describe('the storage event of another tab', () => {
  it("takes the other tab's newer session of the same person", async () => {
    const fresh = await newSession();
    otherTabStores(fresh);
    storageEvent('token');
    expect(useAuth.getState().token).toBe(fresh);
    expect(useAuth.getState().userId).toBe(client.id);
    expect((await call(api.users.profile.$get())).data.email).toBe(client.email);
  });

  it("drops this tab's session when the other signed out (localStorage.clear())", () => {
    localStorage.clear();
    storageEvent(null);
    expect(useAuth.getState().token).toBeNull();
    expect(useAuth.getState().role).toBeNull();
  });

  it("reloads the page for another person's session instead of carrying on with this one's screen", async () => {
    const mine = useAuth.getState().token;
    const other = await createClient(browser.server, await signInAdmin(browser.server), { fullName: 'Otto Other' });
    for (const [k, v] of Object.entries({
      role: 'client',
      userId: other.id,
      fullName: other.fullName,
      email: other.email,
      token: other.token,
    }))
      localStorage.setItem(k, v);
    storageEvent('token');
    expect(browser.visited).toEqual(['(reload)']);
    expect(useAuth.getState().token).toBe(mine);
    // A 401 meanwhile leaves the other person's session alone.
    await logOut(mine!);
    await expect(call(api.users.profile.$get())).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBe(other.token);
  });

  it('takes a guest screen on to the area when another tab signs in (as it would on arrival)', async () => {
    useAuth.getState().signOut();
    browser.visit('/login');
    const Guest = () => <p>{useGuard('guest') ? 'login form' : 'deciding'}</p>;
    render(<Guest />);
    await screen.findByText('login form');
    otherTabStores(await newSession());
    storageEvent('token');
    expect(browser.visited).toEqual(['/portal']);
  });

  it('writes the token last, so that a tab acting on its event reads the whole session', () => {
    const keys: string[] = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      keys.push(key);
      setItem.call(this, key, value);
    };
    try {
      useAuth.getState().signOut();
      useAuth.getState().signIn('a-token', person());
    } finally {
      Storage.prototype.setItem = setItem;
    }
    expect(keys.at(-1)).toBe('token');
    expect(keys).toContain('userId');
  });
});
