import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_TEXTS } from '../../portal-api/src/modules/blogs/blogs.rules.ts';
import { type Account, signInAs, twoAccounts } from '../../tests/component/accounts.ts';
import { type Browser, openBrowser } from '../../tests/component/browser.ts';
import { useAuth } from '../lib/auth-store.ts';
import { PRODUCT_TEXTS } from '../lib/product-texts.ts';
import { IslandRoot } from '../ui/IslandRoot.tsx';
import { LoginScreen } from './auth/components/LoginScreen.tsx';
import { ProfileScreen } from './auth/components/ProfileScreen.tsx';
import { DashboardScreen } from './dashboard/components/DashboardScreen.tsx';
import { BlogFilters } from './public/components/BlogFilters.tsx';
import { MyQueriesScreen } from './request/components/MyQueriesScreen.tsx';
import { UsersScreen } from './users/components/UsersScreen.tsx';

// docs/product.md §8's fallback texts when a call has no sentence of its own: the network failed,
// the answer is a proxy's plain-text 5xx, or a success whose body is not JSON. Each screen says
// its own text (or the server's sentence when there is one), never a text of ours such as
// 'Network error…' or 'Request failed (500)', and the screen stays up. Against the real API,
// with only the one call under test failing.

let browser: Browser;
let admin: Account;
let client: Account;
/** The page's own fetch (to the test server), put back after each test. */
let pageFetch: typeof fetch;
beforeAll(async () => {
  browser = await openBrowser();
  pageFetch = globalThis.fetch;
  ({ admin, client } = await twoAccounts(browser.server, 'Fiona Fallback'));
}, 60_000);
afterAll(() => browser.stop());

// Sonner's toasts outlive a test: dismissed while the page still exists, and gone before the next.
afterEach(async () => {
  globalThis.fetch = pageFetch;
  toast.dismiss();
  await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull());
});

/**
 * From now on the page's calls to `path` (with any query) fail as `failure` says: 'network' as a
 * browser's fetch does when the connection fails, or with the answer given. Every other call
 * reaches the server.
 */
function failCalls(path: string, failure: 'network' | (() => Response)) {
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
    if (new URL(url, 'http://page').pathname !== path) return pageFetch(input, init);
    if (failure === 'network') throw new TypeError('Failed to fetch');
    return failure();
  };
}
const notJson = () => new Response('<html>proxy</html>', { status: 200, headers: { 'content-type': 'text/html' } });

describe("the client's screens", () => {
  it("My Queries says 'Error: Failed to fetch your queries' with the network down", async () => {
    signInAs(client);
    browser.visit('/my-queries');
    failCalls('/api/queries/me', 'network');
    render(<MyQueriesScreen />);
    expect(await screen.findByText(`Error: ${PRODUCT_TEXTS.myQueriesFailed}`)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Queries' })).toBeTruthy();
  });

  it("the dashboard's Recent Activities says 'Error 503: {body}' for a proxy's plain-text 503, and the rest of the dashboard stays", async () => {
    signInAs(client);
    browser.visit('/portal');
    failCalls(
      '/api/recent-activities',
      () => new Response('Service down body', { status: 503, headers: { 'content-type': 'text/plain' } }),
    );
    render(<DashboardScreen />);
    expect(await screen.findByText('Error 503: Service down body')).toBeTruthy();
    // The rest of the screen is there: the cards' counts came.
    await waitFor(() => expect(screen.getByText('All Queries').nextElementSibling!.textContent).toBe('0'));
  });

  it("the profile says 'Error loading profile: Failed to fetch profile' for a success whose body is not JSON", async () => {
    signInAs(client);
    browser.visit('/client-profile');
    failCalls('/api/users/profile', notJson);
    render(<ProfileScreen area="client" />);
    expect(await screen.findByText('Error loading profile: Failed to fetch profile')).toBeTruthy();
  });
});

describe('the admin and sign-in screens', () => {
  it("the users list says 'Failed to fetch users' for a success whose body is not JSON", async () => {
    signInAs(admin);
    browser.visit('/user');
    failCalls('/api/users', notJson);
    render(<UsersScreen />);
    expect(await screen.findByText(PRODUCT_TEXTS.usersFailed)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Clients' })).toBeTruthy();
  });

  it("Login with the network down: 'Login failed' in the toast and in the form's error area, the fields left valid", async () => {
    useAuth.getState().signOut();
    browser.visit('/login');
    failCalls('/api/auth/login', 'network');
    render(<LoginScreen />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: client.email } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'whatever-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(document.querySelector('[data-sonner-toast]')?.textContent).toContain('Login failed'));
    expect(document.getElementById('login-error')!.textContent).toBe('Login failed');
    expect(screen.getByLabelText('Email').hasAttribute('aria-invalid')).toBe(false);
    expect(browser.visited).toEqual([]);
  });
});

describe("the public blog's categories", () => {
  const showFilters = () =>
    render(
      <IslandRoot>
        <BlogFilters state={{ q: '', category: '', tag: '', page: 1 }} update={() => undefined} />
      </IslandRoot>,
    );
  const categoryError = () => document.getElementById('blog-category-error')?.textContent;

  it("say the server's sentence when it has one", async () => {
    browser.visit('/blog');
    failCalls('/api/categories', () => Response.json({ message: 'Categories are resting.' }, { status: 500 }));
    showFilters();
    await waitFor(() => expect(categoryError()).toBe('Categories are resting.'));
    expect(screen.getByLabelText('Category').getAttribute('aria-describedby')).toBe('blog-category-error');
  });

  it('say their own fallback with the network down', async () => {
    browser.visit('/blog');
    failCalls('/api/categories', 'network');
    showFilters();
    await waitFor(() => expect(categoryError()).toBe(BLOG_TEXTS.fetchCategoriesFailed));
  });
});
