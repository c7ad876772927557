import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { approvedClient, asUser, outboxCode, signIn, signInAdmin, type Session } from './support.ts';

// Two tabs of one browser share localStorage; each holds the session in memory. A sign-out or a
// new sign-in in one must not leave the other acting on a stale token: its 401 wiped the other
// tab's new session.

const stamp = Date.now();
const password = 'Client-Passw0rd';
let admin: Session;

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
});

/** A new approved client; its e-mail. */
async function newClientEmail(request: APIRequestContext, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${stamp}@example.com`;
  await approvedClient(request, admin, `${name} Tabs`, email, password);
  return email;
}

async function signInThroughUi(page: Page, email: string) {
  const since = Date.now() - 1000;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/otp-verification\?/);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(await outboxCode(email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/portal$/);
}

const logOut = async (request: APIRequestContext, token: string) =>
  expect((await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

test('a sign-out in one tab takes the other to /login, signing in again takes it back in, and its save keeps the new session', async ({
  browser,
  request,
}) => {
  const email = await newClientEmail(request, 'Relogin');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tabA = await context.newPage();
  await signInThroughUi(tabA, email);
  const tabB = await context.newPage();
  await tabB.goto('/client-profile');
  await expect(tabB.getByLabel('Phone No.')).toBeVisible();

  await tabA.getByRole('button', { name: 'Logout' }).first().click();
  await tabA.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(tabA).toHaveURL(/\/login$/);
  // Tab B follows at once (the storage event), rather than acting later on the ended session.
  await expect(tabB).toHaveURL(/\/login$/);

  await signInThroughUi(tabA, email);
  // Signed in again in tab A: tab B, on /login, goes on to the portal as it would on arrival.
  await expect(tabB).toHaveURL(/\/portal$/);
  const token = await tabA.evaluate(() => localStorage.getItem('token'));

  await tabB.goto('/client-profile');
  await tabB.getByLabel('Phone No.').fill('3055550100');
  await tabB.getByRole('button', { name: 'SAVE' }).click();
  await expect(tabB.getByText('Profile Updated Successfully')).toBeVisible();
  expect(await tabA.evaluate(() => localStorage.getItem('token'))).toBe(token);
  await tabA.getByRole('link', { name: 'My Queries' }).click();
  await expect(tabA).toHaveURL(/\/my-queries$/);
  await context.close();
});

test('a 401 in a tab whose token another tab replaced is sent again with the new one: the edit is saved, no one is signed out', async ({
  browser,
  request,
}) => {
  const email = await newClientEmail(request, 'Stale');
  const first = await signIn(request, email, password);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, first);
  const tabB = await context.newPage();
  await tabB.goto('/client-profile');
  await expect(tabB.getByLabel('Phone No.')).toHaveValue('');

  // Another tab signed out and in again, and its storage event has not reached tab B yet.
  const second = await signIn(request, email, password);
  await tabB.evaluate((t) => localStorage.setItem('token', t), second.token);
  await logOut(request, first.token);

  await tabB.getByLabel('Phone No.').fill('3055550111');
  await tabB.getByRole('button', { name: 'SAVE' }).click();
  await expect(tabB.getByText('Profile Updated Successfully')).toBeVisible();
  expect(await tabB.evaluate(() => localStorage.getItem('token'))).toBe(second.token);
  const profile = await request.get('/api/users/profile', { headers: { authorization: `Bearer ${second.token}` } });
  expect((await profile.json()).data.phoneNumber).toBe('3055550111');
  await context.close();
});
