import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, keepShot, shoot } from './support.ts';

// Content that no longer looks fake on a fresh install. What the built pages say (the legal
// sections, the phone number, the wordmarks' names and fonts) is checked on the real build by
// tests/api/site-build.test.ts, and the starter articles by tests/api/starter-content.test.ts and
// BlogListing.test.tsx; here, how they are laid out and reached.

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true })));
});

test('Trusted by fits its wordmarks at 375 and 1280, and the footer leads to Privacy and Terms, which pass axe', async ({ page }) => {
  await page.goto('/');
  const trusted = page.getByRole('region', { name: /Trusted by/ });
  const marks = trusted.getByRole('img');
  await expect(trusted.getByRole('img', { name: 'Everglades Concrete' })).toBeVisible();
  await trusted.scrollIntoViewIfNeeded();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await keepShot(trusted, { path: `test-results/polish/trusted-by-${width}.png` });
    // No wordmark spills out of the page at either width.
    for (const box of await marks.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(width);
  }

  await page.locator('footer').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'polish/privacy');

  await page.locator('footer').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'polish/terms');
});
