import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, shoot } from './support.ts';

// Issue 15: /blog arrives with its newest posts in the HTML, so its largest image
// does not wait for the island's JavaScript and API calls; the island then takes
// over from the same data without asking for the first page again.

test.beforeEach(async ({ context }) => {
  // A returning visitor: the welcome modal (SPEC §2) would cover the page.
  await context.addInitScript(() => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true })));
});

test('without JavaScript the posts of the first page are on screen', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/blog');
  const cards = page.locator('.bl-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(3);
  await expect(page.getByRole('heading', { name: 'Recent posts' })).toBeVisible();
  await expect(page.getByText(/^Showing 1–\d of \d+ posts?\.$/)).toBeVisible();
  await expect(cards.first().locator('img')).toHaveAttribute('fetchpriority', 'high');
  await shoot(page, 'blog-no-js', { javaScript: false });
  await context.close();
});

test('the island takes over the same posts without asking for them again, and nothing moves', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/blogs?')) asked.push(new URL(r.url()).search);
  });
  await page.goto('/blog');
  const titlesBefore = await page.locator('.bl-title').allTextContents();
  expect(titlesBefore.length).toBeGreaterThan(0);
  // Hydrated: the island's filters answer (the server's copy has no handlers).
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(await page.locator('.bl-title').allTextContents()).toEqual(titlesBefore);
  // The server's copy is styled from its first paint and the island's is the same size: no layout shift (CLS).
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.02);
  expect(
    asked.filter((q) => q.includes('status=published&page=1&pageSize=3') || q.includes('pageSize=4')),
    'first page and recent posts come with the HTML',
  ).toEqual([]);
  await shoot(page, 'blog-hydrated');
  await expectNoAxeViolations(page);
  // The filters still work after the take-over.
  const tag = page.locator('.bl-tag').first();
  if (await tag.count()) {
    const name = ((await tag.textContent()) ?? '').replace(/^#/, '');
    await tag.click();
    await expect(page).toHaveURL(new RegExp(`tag=${encodeURIComponent(name).replace(/%20/g, '(%20|\\+)')}`));
    await expect(page.getByRole('heading', { name: 'Matching posts' })).toBeVisible();
  }
});
