import { expect, test } from '@playwright/test';
import { asUser, authPost, signInAdmin } from './support.ts';

// What a screen does when the network or the build lets it down (the browser-resilience
// audit): an action tried offline, a double click on a slow network, a page open from
// before a redeploy, a toast on a phone. Real server, real build; only the network is bent.

test.describe.configure({ mode: 'serial' });

const OFFLINE = 'You are offline. Check your connection and try again.';

test('an approval tried offline fails at once with the reason, and nothing runs when the network returns', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const fullName = `Offline Approve ${Date.now().toString(36)}`;
  const email = `offline.approve.${Date.now()}@example.com`;
  expect((await authPost(request, '/api/auth/register', { fullName, email, password: 'Client-Passw0rd' })).status()).toBe(201);
  const statusOf = async () => {
    const res = await request.get('/api/users?pageSize=100', { headers: { authorization: `Bearer ${admin.token}` } });
    return ((await res.json()) as { data: Array<{ email: string; status: string }> }).data.find((u) => u.email === email)?.status;
  };

  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/user');
  await expect(page.getByRole('button', { name: `Approve ${fullName}` })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: `Approve ${fullName}` }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  // The admin list's own failure text (SPEC §8), with the reason under it; the dialog closes.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Approval failed' });
  await expect(toast).toContainText(OFFLINE, { timeout: 3000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await context.setOffline(false);
  // Nothing was queued: the user stays pending, and no success toast turns up later.
  await page.waitForTimeout(1500);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Admin approved successfully!' })).toHaveCount(0);
  expect(await statusOf()).not.toBe('approved');
  await context.close();
});
