import { expect, test, type Page } from './fixtures.ts';
import { shoot, signInAdmin } from './support.ts';

// A phone visitor without JavaScript. The header's menu stands open under the
// brand, full width, with every link inside the window and no toggle that does nothing; and a post
// whose sub-title is one long unbroken word (a pasted link) does not make the page scroll sideways.

const phone = { width: 375, height: 812 };

async function fitsTheWindow(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, inner: window.innerWidth }));
  expect(scroll, 'no sideways scrolling').toBeLessThanOrEqual(inner);
}

test('without JavaScript at 375 px the menu stands open, full width, with its links inside the window', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: phone });
  const page = await context.newPage();
  for (const path of ['/', '/concrete']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const box = (await nav.boundingBox())!;
    // The page's 1 rem margins on either side, and nothing narrower.
    expect(box.x).toBeLessThanOrEqual(16);
    expect(box.width).toBeGreaterThanOrEqual(phone.width - 32);
    for (const name of ['Services', 'Login']) {
      const item = nav.getByText(name, { exact: true }).first();
      await expect(item).toBeVisible();
      const at = (await item.boundingBox())!;
      expect(at.x + at.width, `${name} is inside the window`).toBeLessThanOrEqual(phone.width);
    }
    await fitsTheWindow(page);
  }
  // The trade links of the open Services menu are inside the window too.
  await page.getByText('Services', { exact: true }).first().click();
  const roofing = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roofing' }).first();
  await expect(roofing).toBeVisible();
  const at = (await roofing.boundingBox())!;
  expect(at.x + at.width).toBeLessThanOrEqual(phone.width);
  await shoot(page, 'no-js/menu-open', { javaScript: false });
  await context.close();
});

test('a post whose sub-title is one long word keeps to the width of a phone', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const categories = ((await (await request.get('/api/categories')).json()) as { data: Array<{ _id: string; name: string }> }).data;
  const res = await request.post('/api/blogs', {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: {
      title: `Sub-title width check ${Date.now()}`,
      subTitle: `https://plans.example.com/${'S-401-structural-foundation-plan'.repeat(3)}`,
      category: categories.find((c) => c.name === 'Company News')!._id,
      body: '<p>A post for the width check.</p>',
      status: 'published',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { slug } = ((await res.json()) as { data: { slug: string } }).data;
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: phone });
    await context.addInitScript(() => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true })));
    const page = await context.newPage();
    await page.goto(`/blog/${slug}`);
    await expect(page.getByText(/^https:\/\/plans\.example\.com/)).toBeVisible();
    await fitsTheWindow(page);
    await context.close();
  }
});
