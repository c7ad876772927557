import { expect, test } from './fixtures.ts';
import { expectNoAxeViolations, shoot, signInAdmin } from './support.ts';

// /blog arrives with its newest posts in the HTML, so its largest image
// does not wait for the island's JavaScript and API calls; the island then takes
// over from the same data without asking for the first page again.

test.beforeEach(async ({ context }) => {
  // A returning visitor: the welcome modal (docs/product.md §2) would cover the page.
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

test('without JavaScript the pages, the tags and the search of /blog still work, as links and a form', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const stamp = Date.now().toString(36);
  const tag = `nojs${stamp}`;
  const categories = ((await (await request.get('/api/categories')).json()) as { data: Array<{ _id: string; name: string }> }).data;
  for (let i = 1; i <= 4; i++) {
    const res = await request.post('/api/blogs', {
      headers: { authorization: `Bearer ${admin.token}` },
      multipart: {
        title: `Plain link post ${i} ${stamp}`,
        category: categories.find((c) => c.name === 'Company News')!._id,
        body: `<p>Body of plain link post ${i}.</p>`,
        tags: tag,
        status: 'published',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/blog');
  // The tag of a card is a link to the filtered list.
  await page
    .getByRole('link', { name: `Show posts tagged ${tag}` })
    .first()
    .click();
  await expect(page).toHaveURL(`/blog?tag=${tag}`);
  await expect(page.getByText(`Showing 1–3 of 4 posts tagged ${tag}.`)).toBeVisible();
  // The pager's Next is a link to the next page, within the filter.
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/blog?tag=${tag}&page=2`);
  await expect(page.getByText(`Showing 4–4 of 4 posts tagged ${tag}.`)).toBeVisible();
  await expect(page.locator('.bl-title')).toHaveText([`Plain link post 1 ${stamp}`]);
  // The search is a GET form to /blog, kept within the tag shown; the two lists that need the script are not offered.
  await expect(page.getByLabel('Category')).toBeHidden();
  await page.getByLabel('Search posts').fill('post 3');
  await page.getByLabel('Search posts').press('Enter');
  await expect(page).toHaveURL(`/blog?q=post+3&tag=${tag}`);
  await expect(page.locator('.bl-title')).toHaveText([`Plain link post 3 ${stamp}`]);
  await shoot(page, 'blog-no-js-filtered', { javaScript: false });
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/blog');
  await context.close();
});

test('the island takes over within 2 s on a browser that is never idle', async ({ page }) => {
  // A busy phone: idle callbacks come only when their timeout runs out.
  await page.addInitScript(() => {
    window.requestIdleCallback = ((cb: IdleRequestCallback, options?: IdleRequestOptions) =>
      options?.timeout
        ? window.setTimeout(() => cb({ didTimeout: true, timeRemaining: () => 0 }), options.timeout)
        : 0) as typeof requestIdleCallback;
  });
  await page.goto('/blog');
  await expect(page.locator('.bl-card').first()).toBeVisible();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 5_000 });
});
