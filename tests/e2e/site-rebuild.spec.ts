import { expect, test } from './fixtures.ts';
import { asUser, shoot, signInAdmin } from './support.ts';

// An admin rebuilds the public site from /admin, by keyboard, and
// sees the result; the site keeps answering while the build runs.

test('an admin rebuilds the public site from the dashboard and sees the result', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const admin = await signInAdmin(request);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/admin');
  const card = page.getByRole('region', { name: 'Public site' });
  await expect(card).toBeVisible();
  const button = card.getByRole('button', { name: 'Rebuild the public site' });
  await expect(button).toBeEnabled();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Rebuilding…' })).toBeDisabled();
  await expect(card.getByRole('status')).toContainText('the current site stays online');
  // Meanwhile the public site answers.
  expect((await request.get('/about-us')).status()).toBe(200);
  await expect(card.getByRole('status')).toContainText('The public site was rebuilt and is live.', { timeout: 150_000 });
  await expect(button).toBeEnabled();
  await shoot(page, 'admin-site-rebuild');
  await context.close();
});
