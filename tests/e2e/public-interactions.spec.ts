import { expect, test, type Page } from './fixtures.ts';
import { DISMISS_WELCOME } from './public-pages.ts';
import { contactFormHydrated } from './support.ts';

// A visitor's journeys through the interactive parts of the public site.

test.describe('with the welcome modal dismissed', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(DISMISS_WELCOME);
  });

  test('the Services menu works by keyboard: Tab to it, Enter opens, Escape closes and returns focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const services = page.locator('summary', { hasText: 'Services' });
    const menu = page.locator('details[data-menu]');
    for (let i = 0; i < 10 && !(await services.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(services).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('open', '');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'General Contractor', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Public Bids Estimates' })).toBeFocused();
    // Nested groups: the trades sit under Sub-Contractor, in the same menu.
    const trades = page.getByRole('list', { name: 'Sub-Contractor' }).getByRole('link');
    await expect(trades).toHaveCount(16);
    await expect(trades.first()).toHaveAttribute('href', '/Earthwork');
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open', '');
    await expect(services).toBeFocused();
    // Space opens it too, and Tab past its last link closes it.
    await page.keyboard.press('Space');
    await expect(menu).toHaveAttribute('open', '');
    const links = await menu.getByRole('link').count();
    for (let i = 0; i < links + 1; i++) await page.keyboard.press('Tab');
    await expect(menu).not.toHaveAttribute('open', '');
    await expect(page.getByRole('link', { name: 'Blogs' })).toBeFocused();
  });

  test('the Services menu opens by mouse and closes on an outside click; its links navigate', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/about-us');
    const menu = page.locator('details[data-menu]');
    await page.locator('summary', { hasText: 'Services' }).click();
    await expect(menu.getByRole('link', { name: 'Drywall', exact: true })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(menu).not.toHaveAttribute('open', '');
    await page.locator('summary', { hasText: 'Services' }).click();
    await menu.getByRole('link', { name: 'Structural Steel' }).click();
    await expect(page).toHaveURL(/\/structure-steel$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Structural Steel Estimating Services');
  });

  test('on a phone the menu button reveals the navigation, by touch and by keyboard', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    await context.addInitScript(DISMISS_WELCOME);
    const page = await context.newPage();
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(page.getByRole('link', { name: 'About' })).toBeHidden();
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'About' })).toBeVisible();
    await page.locator('summary', { hasText: 'Services' }).tap();
    await expect(page.getByRole('link', { name: 'Roofing', exact: true })).toBeVisible();
    await page.keyboard.press('Escape'); // closes the Services menu first
    await expect(page.getByRole('link', { name: 'Roofing', exact: true })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('summary', { hasText: 'Services' })).toBeFocused();
    await page.keyboard.press('Escape'); // then the navigation
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('link', { name: 'About' })).toBeHidden();
    // A tap outside the open navigation closes it as well.
    await toggle.tap();
    await expect(page.getByRole('link', { name: 'About' })).toBeVisible();
    await page.touchscreen.tap(180, 760); // below the open panel
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await context.close();
  });

  test('on a phone, Tab past the last link of the open navigation closes it, so the focus is never hidden behind it', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await context.addInitScript(DISMISS_WELCOME);
    const page = await context.newPage();
    await page.goto('/about-us');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const login = page.locator('#site-nav').getByRole('link', { name: 'Login' });
    // About, Services, Blogs, Contact, Login: the navigation stays open while the focus is inside it.
    for (let i = 0; i < 10 && !(await login.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
    await expect(login).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#site-nav')).toBeHidden();
    // The focused element is what is seen at its place, not a link of the closed menu.
    const onTop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const r = el.getBoundingClientRect();
      return (
        document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === el ||
        el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2))
      );
    });
    expect(onTop).toBe(true);
    await context.close();
  });

  test('the home FAQ shows 8 of 10 questions until View All', async ({ page }) => {
    await page.goto('/');
    const faq = page.locator('#faq');
    const questions = faq.locator('details.faq-item');
    await expect(questions).toHaveCount(10);
    await expect(questions.filter({ visible: true })).toHaveCount(8);
    const viewAll = faq.getByRole('button', { name: 'View All' });
    await expect(viewAll).toHaveAttribute('aria-expanded', 'false');
    await viewAll.click();
    await expect(questions.filter({ visible: true })).toHaveCount(10);
    await expect(faq.getByRole('button', { name: 'Show Less' })).toHaveAttribute('aria-expanded', 'true');
    await questions.nth(9).locator('summary').click();
    await expect(questions.nth(9).locator('p')).toBeVisible();
    await faq.getByRole('button', { name: 'Show Less' }).click();
    await expect(questions.filter({ visible: true })).toHaveCount(8);
  });

  test('a trade page lists 4–5 FAQ items with no VIEW ALL… button, and its cards open with READ MORE', async ({ page }) => {
    await page.goto('/Earthwork');
    const questions = page.locator('#faq details.faq-item');
    const count = await questions.count();
    expect(count).toBeGreaterThanOrEqual(4);
    expect(count).toBeLessThanOrEqual(5);
    await expect(page.getByRole('button', { name: /VIEW ALL/ })).toHaveCount(0);
    const card = page.locator('.rm-card').first();
    const more = card.locator('details > p');
    await expect(more).toBeHidden();
    await card.locator('summary').click();
    await expect(more).toBeVisible();
    await expect(card.locator('summary')).toContainText('SHOW LESS');
    await expect(page.locator('.rm-card summary').nth(1)).toContainText('READ MORE');
  });

  test('the sub-contractor accordion lists 18 trades from 01 with the first open, one open at a time', async ({ page }) => {
    await page.goto('/sub-contractor');
    const items = page.locator('.accordion > details');
    await expect(items).toHaveCount(18);
    await expect(items.locator('.acc-num')).toHaveText(Array.from({ length: 18 }, (_, i) => String(i + 1).padStart(2, '0')));
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await expect(items.nth(0).locator('.acc-body')).toBeVisible();
    await items.nth(2).locator('summary').click();
    await expect(items.nth(2).locator('.acc-body')).toBeVisible();
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    // By keyboard as well.
    await items.nth(5).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(5)).toHaveAttribute('open', '');
    await items.nth(5).getByRole('link').click();
    await expect(page).toHaveURL(/\/roofing$/);
  });

  test('the hero slider moves with its controls and pauses', async ({ page }) => {
    // Playwright's clock, paused: the slideshow steps only when the test runs the clock (on a loaded
    // machine 4 s can pass between two clicks), and the 4.6 s of pause below pass at once.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.goto('/');
    const hero = page.locator('.hero');
    const slides = hero.locator('[data-slide]');
    const dots = hero.locator('[data-goto]');
    await expect(slides).toHaveCount(3);
    const current = () => dots.evaluateAll((els) => els.findIndex((d) => d.getAttribute('aria-current') === 'true'));
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await hero.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(current).toBe(1);
    await expect(slides.nth(1)).not.toHaveAttribute('inert', '');
    await expect(slides.nth(0)).toHaveAttribute('inert', '');
    await expect(page.getByRole('heading', { name: 'Every trade, every division, one estimating partner' })).toBeInViewport();
    await hero.getByRole('button', { name: 'Show slide 3' }).click();
    await expect.poll(current).toBe(2);
    await hero.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(current).toBe(0);
    await hero.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(current).toBe(2);
    const pause = hero.getByRole('button', { name: 'Pause slideshow' });
    await pause.click();
    await expect(hero.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    // Paused: nothing moves even with the pointer and focus elsewhere.
    await page.mouse.move(5, 5);
    await page.getByRole('heading', { name: 'Recent projects' }).scrollIntoViewIfNeeded();
    await page.locator('body').click({ position: { x: 2, y: 300 } });
    await page.clock.runFor(4_600);
    expect(await current()).toBe(2);
  });

  test('the hero slider advances by itself every 4 s', async ({ page }) => {
    await page.goto('/');
    const dots = page.locator('.hero [data-goto]');
    const current = () => dots.evaluateAll((els) => els.findIndex((d) => d.getAttribute('aria-current') === 'true'));
    await page.mouse.move(1, 1);
    const started = Date.now();
    await expect.poll(current, { timeout: 6_000, intervals: [100] }).toBe(1);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThan(2_500);
    expect(elapsed).toBeLessThan(5_500);
    // The 0.8 s slide transition (docs/product.md §9).
    expect(await page.locator('.hero [data-track]').evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.8s');
  });

  test('testimonials show 3 per slide, 9 in all, rotating every 4 s', async ({ page }) => {
    await page.goto('/');
    const section = page.locator('.testimonials');
    await expect(section.locator('figure')).toHaveCount(9);
    await expect(section.locator('[data-slide]')).toHaveCount(3);
    await expect(section.locator('[data-slide]').nth(0).locator('figure')).toHaveCount(3);
    await section.scrollIntoViewIfNeeded();
    await page.mouse.move(1, 1);
    const first = section.locator('figure').nth(0);
    const fourth = section.locator('figure').nth(3);
    await expect(first).toBeInViewport();
    await expect(fourth).not.toBeInViewport();
    await expect(fourth).toBeInViewport({ timeout: 6_000 });
    await section.getByRole('button', { name: 'Next testimonials' }).click();
    await expect(section.locator('figure').nth(6)).toBeInViewport();
  });

  test('the why-choose-us numbers count up to 750+, 150+, 3000+ and 5+ over about 2 s', async ({ page }) => {
    // Playwright's clock drives the animation (its frames and performance.now()): paused
    // before the section scrolls into view, moved on 0.7 s once the count has started, then let run.
    await page.clock.install({ time: new Date('2025-06-02T12:00:00Z') });
    await page.goto('/');
    const numbers = page.locator('[data-count-to]');
    await expect(numbers).toHaveText(['0', '0', '0', '0']);
    await page.clock.pauseAt(new Date('2025-06-02T13:00:00Z'));
    // The count starts when a number is seen (the page's IntersectionObserver). An observer made
    // after the page's is told in the same step, after it: once it has been, the count has started.
    const seen = numbers.nth(2).evaluate(
      (el) =>
        new Promise<void>((resolve) =>
          new IntersectionObserver(
            (entries, observer) => {
              if (!entries.some((e) => e.isIntersecting)) return;
              observer.disconnect();
              resolve();
            },
            { threshold: 0.6 },
          ).observe(el),
        ),
    );
    await numbers.first().scrollIntoViewIfNeeded();
    await seen;
    await page.clock.runFor(700);
    const midway = Number(await numbers.nth(2).textContent());
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(3000);
    await page.clock.resume();
    await expect(numbers).toHaveText(['750', '150', '3000', '5'], { timeout: 3_000 });
    await expect(page.locator('.stat-value')).toHaveText(['750+', '150+', '3000+', '5+']);
  });

  test('Read more opens the welcome text and the service cards, Show less closes them', async ({ page }) => {
    await page.goto('/');
    const more = page.locator('#welcome-more');
    await expect(more).toBeHidden();
    await page.getByRole('button', { name: 'Read more', exact: true }).click();
    await expect(more).toBeVisible();
    await page.getByRole('button', { name: 'Read less' }).click();
    await expect(more).toBeHidden();
    const card = page.locator('.service-card').first();
    await card.getByRole('button', { name: /Read more/ }).click();
    await expect(card.locator('.more')).toBeVisible();
    await card.getByRole('button', { name: /Show less/ }).click();
    await expect(card.locator('.more')).toBeHidden();
  });

  test('call-to-action buttons route by the stored session', async ({ page }) => {
    const hrefs = async () => ({
      sample: await page.locator('.hero a', { hasText: 'Request Sample Estimate' }).getAttribute('href'),
      portal: await page.locator('footer a', { hasText: 'Client Portal' }).getAttribute('href'),
    });
    await page.goto('/');
    expect(await hrefs()).toEqual({ sample: '/login', portal: '/login' });
    await signInAs(page, 'client');
    expect(await hrefs()).toEqual({ sample: '/contactus', portal: '/portal' });
    await signInAs(page, 'admin');
    expect(await hrefs()).toEqual({ sample: '/contactus', portal: '/admin' });
  });

  test('a trade page opens the request form with its service, through sign-in when needed', async ({ page }) => {
    await page.goto('/demolition');
    const cta = page.getByRole('link', { name: 'Request a Demolition Estimate' }).first();
    const target = '/request?service=Sub-Contractor&subService=Demolititon';
    expect(await cta.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(target)}`);
    await signInAs(page, 'client');
    expect(await cta.getAttribute('href')).toBe(target);
  });

  test('Login turns into Logout when signed in; Logout clears the session and goes home', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
    await signInAs(page, 'client');
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('the map loads nothing from the maps provider until the visitor asks for it', async ({ page }) => {
    const foreign: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith('http://127.0.0.1') && !req.url().startsWith('data:')) foreign.push(req.url());
    });
    await page.goto('/contactus');
    await page.waitForLoadState('networkidle');
    expect(foreign).toEqual([]);
    await page.getByRole('button', { name: 'Show the map' }).click();
    const frame = page.locator('iframe[title^="Map of"]');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?/);
    await expect.poll(() => foreign.some((u) => u.startsWith('https://www.google.com/maps'))).toBe(true);
  });

  test("the footer shows docs/product.md §9's copyright year, 2025, and three social links", async ({ page }) => {
    await page.goto('/concrete');
    await expect(page.locator('footer [data-year]')).toHaveText('2025');
    for (const name of ['Facebook', 'LinkedIn', 'Instagram'])
      await expect(page.locator('footer').getByRole('link', { name })).toHaveAttribute('href', '#');
    for (const name of ['Privacy Policy', 'Terms of Service'])
      await expect(page.locator('footer').getByRole('link', { name })).toBeVisible();
  });
});

test.describe('reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('nothing moves by itself and the numbers are shown as they are', async ({ page, context }) => {
    await context.addInitScript(DISMISS_WELCOME);
    await page.clock.install();
    await page.goto('/');
    await expect(page.locator('.hero').getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    await page.locator('[data-count-to]').first().scrollIntoViewIfNeeded();
    await expect(page.locator('[data-count-to]')).toHaveText(['750', '150', '3000', '5']);
    await page.clock.runFor(4_500);
    await expect(page.locator('.hero [data-goto]').first()).toHaveAttribute('aria-current', 'true');
  });
});

test.describe('welcome modal', () => {
  test('offers Remind Me Later, which keeps it away on the next pages', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Miami Estimating Services' });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await expect(dialog.getByRole('button', { name: 'Remind Me Later' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Remind Me Later' }).click();
    await expect(dialog).toBeHidden();
    await page.clock.install();
    await page.goto('/about-us');
    await page.clock.runFor(2_500);
    await expect(page.getByRole('dialog')).toBeHidden();
    // It comes back once the reminder is due.
    await page.evaluate(() => localStorage.setItem('welcomeModal', JSON.stringify({ until: Date.now() - 1 })));
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Welcome to Miami Estimating Services' })).toBeVisible({ timeout: 5_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('waits for the next page when the visitor has started typing in a form, instead of taking the focus mid-word', async ({ page }) => {
    // The page's clock stands still until the test moves it: a visitor who starts typing within
    // the modal's 1.5 s, however slow the machine is to get the page ready.
    await page.clock.install({ time: new Date('2026-06-01T12:00:00Z') });
    await page.clock.pauseAt(new Date('2026-06-01T12:00:01Z'));
    await page.goto('/contactus');
    await contactFormHydrated(page);
    const name = page.getByLabel(/^Name/);
    await name.click();
    await page.keyboard.type('Patricia F');
    await page.clock.runFor(2_500); // past the modal's moment
    await page.keyboard.type('ernandez-Gomez');
    await expect(name).toHaveValue('Patricia Fernandez-Gomez');
    await expect(name).toBeFocused();
    await expect(page.getByRole('dialog')).toBeHidden();
    // The next page, untouched, shows it.
    await page.goto('/about-us');
    await page.clock.runFor(2_500);
    await expect(page.getByRole('dialog', { name: 'Welcome to Miami Estimating Services' })).toBeVisible();
  });

  test('Go to Client Portal follows the session and dismisses it for good', async ({ page }) => {
    await page.goto('/concrete');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Miami Estimating Services' });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    await expect(dialog.getByRole('link', { name: 'Go to Client Portal' })).toHaveAttribute('href', '/login');
    await dialog.getByRole('link', { name: 'Go to Client Portal' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(2_500);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

/** A stored session as the sign-in screens leave it (docs/product.md §3 "Session data"). */
async function signInAs(page: Page, role: 'client' | 'admin') {
  await page.evaluate((r) => {
    localStorage.setItem('token', `test-token-${r}`);
    localStorage.setItem('role', r);
  }, role);
  await page.reload();
}
