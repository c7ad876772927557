import { expect, test } from './fixtures.ts';
import { approvedClient, enterCodeOnScreen, signInAdmin } from './support.ts';

// Wrong passwords sent for an e-mail by anyone throttled its sign-in, its owner's
// right password included. The browser that finished a sign-in keeps a device token (IndexedDB,
// which logout's localStorage.clear() leaves alone) and sends it with the next password step: the
// e-mail's throttle is not its.

test('after logout, the browser that signed in before still signs in while the e-mail is throttled', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const email = `dora.device.${Date.now()}@example.com`;
  const password = 'Device-Passw0rd';
  await approvedClient(request, admin, 'Dora Device', email, password);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await enterCodeOnScreen(page, email, password);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  // Not waitForURL: the sign-out's own navigation may be replaced by the next, which aborts the first.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Email')).toBeVisible();
  // docs/product.md §2: logout clears local storage.
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  // Someone else tries passwords for the e-mail until it is throttled.
  let res;
  for (let i = 0; i < 12; i++) {
    // Not authPost: it waits out a 429, which is what this loop is after.
    res = await request.post('/api/auth/login', { data: { email, password: `guess-${i}-nope` } });
    if (res.status() === 429) break;
    expect(res.status()).toBe(401);
  }
  expect(res!.status()).toBe(429);

  // Another browser, the right password: throttled.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password', { exact: true }).fill(password);
  await other.getByRole('button', { name: 'Login' }).click();
  await expect(other.locator('#login-error')).toHaveText(/^Too many failed sign-in attempts/);
  await elsewhere.close();

  // The owner's browser signs in.
  await enterCodeOnScreen(page, email, password);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await context.close();
});
