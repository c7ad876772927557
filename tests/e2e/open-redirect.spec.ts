import { expect, test } from './fixtures.ts';
import { E2E } from './env.ts';
import { asUser, authPost, enterCodeOnScreen, newClient, signInAdmin } from './support.ts';

// /login?next=… sent a signed-in visitor off-site when `next`
// hid a second slash behind a tab or a newline. Every request to another host
// is caught here; the visitor must stay on this site, in their own area.
// What the browser adds is the decoding of the address before the page reads it: one spelling of
// each kind goes through it here (a control character, a backslash, a second encoding, another
// scheme). Every spelling and its relatives are refused by safeNext itself in site/lib/routes.test.ts.

const ATTACKS = [
  '%2F%09%2Fevil.example%2F',
  '/%5C/evil.example/',
  '%2F%252F%2Fevil.example',
  'https%3A%2F%2Fevil.example%2F',
  'javascript%3Aalert(1)',
];

test('a signed-in visitor sent to /login?next=<off-site> stays on the site; /request?… still works', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Redirect Tester');
  const context = await browser.newContext();
  await asUser(context, client);
  const offSite: string[] = [];
  await context.route(
    (url) => url.hostname !== new URL(E2E.baseURL).hostname,
    (route) => {
      offSite.push(route.request().url());
      return route.abort();
    },
  );
  const page = await context.newPage();
  for (const next of ATTACKS) {
    await page.goto(`/login?next=${next}`);
    await expect(page, next).toHaveURL(`${E2E.baseURL}/portal`);
  }
  await page.goto(`/login?next=${encodeURIComponent('/request?service=Manufacturers')}`);
  await expect(page).toHaveURL(`${E2E.baseURL}/request?service=Manufacturers`);
  expect(offSite).toEqual([]);
  await context.close();
});

test('signing in through the code screen with an off-site next lands in the portal', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const email = `redirect.${Date.now()}@example.com`;
  const password = 'Client-Passw0rd';
  expect((await authPost(request, '/api/auth/register', { fullName: 'Redirect Guest', email, password })).status()).toBe(201);
  const headers = { authorization: `Bearer ${admin.token}` };
  const list = (await (await request.get('/api/users?pageSize=100', { headers })).json()) as {
    data: Array<{ _id: string; email: string }>;
  };
  expect((await request.post(`/api/auth/approve/${list.data.find((u) => u.email === email)!._id}`, { headers })).status()).toBe(200);

  const context = await browser.newContext();
  const offSite: string[] = [];
  await context.route(
    (url) => url.hostname !== new URL(E2E.baseURL).hostname,
    (route) => {
      offSite.push(route.request().url());
      return route.abort();
    },
  );
  const page = await context.newPage();
  await enterCodeOnScreen(page, email, password, '/login?next=%2F%09%2Fevil.example%2F');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`${E2E.baseURL}/portal`);
  expect(offSite).toEqual([]);
  await context.close();
});
