import { expect, test } from './fixtures.ts';
import { STARTER_ARTICLES } from '../../portal-api/src/db/starter-articles.ts';
import { expectNoAxeViolations, keepShot, shoot } from './support.ts';

// Content that no longer looks fake on a fresh install.

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true })));
});

test('the footer links to real Privacy and Terms pages written in content/legal', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');

  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  for (const section of ['What we keep', 'How long we keep it', 'Contact'])
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  for (const kept of ['Your account.', 'Chat.', 'E-mail.', 'Logs.']) await expect(page.getByText(kept, { exact: true })).toBeVisible();
  await expect(page.locator('main address')).toContainText('estimates@miamiestimating.com');
  await expectNoAxeViolations(page);
  await shoot(page, 'polish/privacy');

  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Our estimates', level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'polish/terms');
});

test('the phone is a Miami number, not a 555 placeholder, and Trusted by shows SVG wordmarks', async ({ page }) => {
  await page.goto('/');
  const tel = page.locator('footer a[href^="tel:"]');
  await expect(tel).toHaveAttribute('href', /^tel:\+1(305|786)\d{7}$/);
  expect(await tel.getAttribute('href')).not.toMatch(/^tel:\+1\d{3}555/);
  await expect(tel).not.toContainText('555');

  const trusted = page.getByRole('region', { name: /Trusted by/ });
  const marks = trusted.getByRole('img');
  expect(await marks.count()).toBeGreaterThanOrEqual(6);
  await expect(trusted.getByRole('img', { name: 'Everglades Concrete' })).toBeVisible();
  // Drawn in SVG with the system fonts: nothing is fetched for them.
  expect(await trusted.locator('svg text').first().getAttribute('font-family')).toMatch(/^system-ui/);
  await trusted.scrollIntoViewIfNeeded();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await keepShot(trusted, { path: `test-results/polish/trusted-by-${width}.png` });
    // No wordmark spills out of the page at either width.
    for (const box of await marks.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(width);
  }
});

test("a fresh install's blog shows the three starter articles, and each opens", async ({ page }) => {
  const newest = [...STARTER_ARTICLES].sort((a, b) => a.daysAgo - b.daysAgo);
  // The e2e server is shared by every spec, and blog.spec.ts publishes newer posts
  // first: find each starter article through the listing's own search.
  for (const article of newest) {
    await page.goto(`/blog?q=${encodeURIComponent(article.title)}`);
    await expect(page.getByRole('heading', { name: article.title })).toBeVisible();
  }
  await page.goto('/blog');
  await shoot(page, 'polish/blog-day-one');
  await page.goto(`/blog?q=${encodeURIComponent(newest[0]!.title)}`);
  await page.getByRole('link', { name: newest[0]!.title }).first().click();
  await expect(page.getByRole('heading', { name: newest[0]!.title, level: 1 })).toBeVisible();
  await expect(page.getByText('High-Velocity Hurricane Zone')).toBeVisible();
});
