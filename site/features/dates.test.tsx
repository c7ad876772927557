import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inZone, otherDayZone } from '../../tests/far-zone.ts';
import { type Account, signInAs, twoAccounts } from '../../tests/component/accounts.ts';
import { type Browser, openBrowser } from '../../tests/component/browser.ts';
import { multipart } from '../../tests/component/multipart.ts';
import AdminBlogsScreen from './blog/components/AdminBlogsScreen.tsx';
import { DashboardScreen } from './dashboard/components/DashboardScreen.tsx';
import { MyQueriesScreen } from './request/components/MyQueriesScreen.tsx';
import { UsersScreen } from './users/components/UsersScreen.tsx';

// Dates as people with a browser in another language, or far from Miami, see them, on the
// screens against the real API. The chat and the workspace under a real Spanish browser, and
// /blog once its island has taken over in another zone, are in tests/e2e/dates.spec.ts.

let browser: Browser;
let admin: Account;
let client: Account;
beforeAll(async () => {
  browser = await openBrowser();
  ({ admin, client } = await twoAccounts(browser.server, 'Paula Abroad'));
  const services = (await browser.server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body;
  const body = multipart(
    { message: 'Stucco takeoff for a Coral Way duplex', service: services.find((s) => s.title === 'Manufacturers')!._id },
    [{ field: 'files[]', name: 'plans.pdf' }],
  );
  const res = await browser.server.call('POST', '/api/queries', { ...body, token: client.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}, 60_000);
afterAll(() => browser.stop());
afterEach(() => vi.restoreAllMocks());

/**
 * The page as a browser set to Spanish runs it: the language it reports, and the locale that
 * Intl and toLocale*String() take when a call names none ('30 nov 2026' instead of
 * 'Nov 30, 2026'). Undone after the test.
 */
function browseInSpanish() {
  const locale = 'es-ES';
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(locale);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue([locale]);
  const { DateTimeFormat, NumberFormat } = Intl;
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (locales, options) {
    return new DateTimeFormat(locales ?? locale, options);
  } as typeof Intl.DateTimeFormat);
  vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (locales, options) {
    return new NumberFormat(locales ?? locale, options);
  } as typeof Intl.NumberFormat);
  for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'] as const) {
    const own = Date.prototype[name];
    vi.spyOn(Date.prototype, name).mockImplementation(function (this: Date, locales, options) {
      return own.call(this, locales ?? locale, options);
    });
  }
  const number = Number.prototype.toLocaleString;
  vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (this: number, locales, options) {
    return number.call(this, locales ?? locale, options);
  });
  // What a screen that followed the browser's language would show.
  expect(new Intl.DateTimeFormat().resolvedOptions().locale).toBe(locale);
  expect(new Date('2026-11-30T12:00:00Z').toLocaleDateString(undefined, { dateStyle: 'medium' })).toBe('30 nov 2026');
}

const enDate = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;
const enTime = /^\d{1,2}:\d{2}\s[AP]M$/;
const enDateTime = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;

describe('under a Spanish browser every date reads in en-US', () => {
  it("the dashboard's recent activities: the day and the time", async () => {
    browseInSpanish();
    signInAs(client);
    browser.visit('/portal');
    render(<DashboardScreen />);
    const activity = within(await screen.findByRole('table')).getAllByRole('row')[1]!;
    const cells = within(activity).getAllByRole('cell');
    expect(cells[2]!.textContent).toMatch(enDate);
    expect(cells[3]!.textContent).toMatch(enTime);
  });

  it("My Queries: a request's Created At, and in its details", async () => {
    browseInSpanish();
    signInAs(client);
    browser.visit('/my-queries');
    render(<MyQueriesScreen />);
    const row = (await screen.findByText('Stucco takeoff for…')).closest('tr')!;
    expect(row.querySelector('td[data-label="Created At"]')!.textContent).toMatch(enDateTime);
    fireEvent.click(within(row).getByRole('button', { name: /View/ }));
    const details = await screen.findByRole('dialog', { name: 'Query Details' });
    expect([...details.querySelectorAll('dd')].at(-1)!.textContent).toMatch(enDateTime);
  });

  it('the users list: when a client joined', async () => {
    browseInSpanish();
    signInAs(admin);
    browser.visit('/user');
    render(<UsersScreen />);
    // The address is written in parts (ui/EmailText.tsx), so its row is found by the row's text.
    const row = await waitFor(() => {
      const found = screen.getAllByRole('row').find((r) => r.textContent?.includes(client.email));
      if (!found) throw new Error(`no row for ${client.email}`);
      return found;
    });
    expect(row.querySelector('time')!.textContent).toMatch(enDateTime);
  });
});

describe('a post far from Miami', () => {
  it('/admin-blogs gives it its UTC day where the local day is another', async () => {
    const categories = (await browser.server.call('GET', '/api/categories')).body.data as Array<{ _id: string }>;
    const form = new FormData();
    const title = 'Takeoffs across time zones';
    for (const [k, v] of Object.entries({ title, category: categories[0]!._id, body: '<p>Read far from Miami.</p>', status: 'published' }))
      form.append(k, v);
    const post = await browser.server.call('POST', '/api/blogs', { form, token: admin.token });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const { utcDay, zone, dayThere } = otherDayZone(new Date(post.body.data.createdAt as string));
    expect(dayThere).not.toBe(utcDay);

    // The page runs where its person is.
    await inZone(zone, async () => {
      signInAs(admin);
      browser.visit('/admin-blogs');
      render(<AdminBlogsScreen />);
      const card = (await screen.findByRole('link', { name: title })).closest('article')!;
      await waitFor(() => expect(card.querySelector('time')!.textContent).toBe(utcDay));
    });
  });
});
