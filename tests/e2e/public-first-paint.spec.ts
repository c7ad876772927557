import { expect, test, type Page } from './fixtures.ts';

// What the home and trade pages fetch before their first paint. The copy is set in
// the preloaded basic face of Inter (site/fonts/inter-faces.ts), the second face is fetched only
// for characters outside it, and a phone does not download the hero picture it does not show.

test.beforeEach(async ({ context }) => {
  // A returning visitor: the welcome modal (docs/product.md §2) would cover the page.
  await context.addInitScript(() => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true })));
});

/** Opens a page and lists the paths of the fonts and images it requested, in order. */
async function visit(page: Page, path: string) {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (['font', 'image'].includes(r.resourceType())) fetched.push(`${r.resourceType()} ${new URL(r.url()).pathname}`);
  });
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForLoadState('networkidle');
  return fetched;
}

for (const path of ['/', '/concrete']) {
  test(`${path} preloads the one Inter face its copy needs and fetches no other font`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const fetched = await visit(page, path);
    const fonts = fetched.filter((f) => f.startsWith('font '));
    expect(fonts).toHaveLength(1);
    expect(fonts[0]).toMatch(/^font \/_astro\/inter-basic\.[\w-]+\.woff2$/);
    const preload = page.locator('head link[rel="preload"][as="font"]');
    await expect(preload).toHaveAttribute('href', fonts[0]!.slice('font '.length));
    await expect(preload).toHaveAttribute('crossorigin', '');
    // The headline's characters are all in that face: nothing else is needed to draw it.
    const headline = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(await page.evaluate((text) => document.fonts.check(`700 16px 'Inter Variable'`, text), headline)).toBe(true);
  });
}

test('a page with a character outside the basic face fetches the second face for it', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => document.fonts.ready);
  const before = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').length);
  const rest = page.waitForRequest((r) => /\/_astro\/inter-latin-rest\.[\w-]+\.woff2$/.test(r.url()));
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.textContent = 'Façade, Zürich';
    document.querySelector('main')!.prepend(p);
  });
  await rest;
  await expect.poll(() => page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').length)).toBe(before + 1);
});

test('a phone does not download the hero picture; a wide screen shows it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  expect((await visit(page, '/')).filter((f) => f.includes('/illustrations/'))).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 900 });
  const wide = await visit(page, '/');
  const art = page.locator('.hero-slide').first().locator('img.hero-art');
  await expect(art).toBeVisible();
  expect(await art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Fetched (by the preload, and at times once more by the image when the preload is not matched in time).
  expect(wide.filter((f) => f.includes('/illustrations/hero-takeoff.svg')).length).toBeGreaterThanOrEqual(1);
});
