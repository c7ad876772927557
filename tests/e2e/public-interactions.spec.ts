import { expect, test, type Page } from './fixtures.ts';
import { DISMISS_WELCOME } from './public-pages.ts';
import { contactFormHydrated } from './support.ts';

// A visitor's journeys through the interactive parts of the public site. A page load is the dearest
// step of a journey, so a journey makes all the checks its pages offer, in an order where each check
// leaves the page as the next one needs it.

test.describe('with the welcome modal dismissed', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(DISMISS_WELCOME);
  });

  test('the home page: the Services menu by keyboard, the FAQ shows 8 of 10 questions until View All, Read more opens the welcome text and the service cards, the hero slider and the testimonials advance by themselves every 4 s, the hero slider moves with its controls and pauses, the numbers count up to 750+, 150+, 3000+ and 5+ over about 2 s, and call-to-action buttons route by the stored session', async ({
    page,
  }) => {
    // Playwright's clock, paused: the slideshows and the count step only when the test runs the clock
    // (on a loaded machine seconds can pass between two steps), and their seconds pass at once.
    await page.clock.install();
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');

    // The Services menu works by keyboard: Tab to it, Enter opens, Escape closes and returns focus.
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

    // The FAQ shows 8 of its 10 questions until View All.
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

    // Read more opens the welcome text and the service cards, Show less closes them.
    const welcomeMore = page.locator('#welcome-more');
    await expect(welcomeMore).toBeHidden();
    await page.getByRole('button', { name: 'Read more', exact: true }).click();
    await expect(welcomeMore).toBeVisible();
    await page.getByRole('button', { name: 'Read less' }).click();
    await expect(welcomeMore).toBeHidden();
    const card = page.locator('.service-card').first();
    await card.getByRole('button', { name: /Read more/ }).click();
    await expect(card.locator('.more')).toBeVisible();
    await card.getByRole('button', { name: /Show less/ }).click();
    await expect(card.locator('.more')).toBeHidden();

    // The hero slider (3 slides) and the testimonials (9, 3 per slide) advance by themselves every
    // 4 s of the page's clock, counted from the page load: not a moment before, nor later.
    const hero = page.locator('.hero');
    const slides = hero.locator('[data-slide]');
    const dots = hero.locator('[data-goto]');
    await expect(slides).toHaveCount(3);
    const current = () => dots.evaluateAll((els) => els.findIndex((d) => d.getAttribute('aria-current') === 'true'));
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    const testimonials = page.locator('.testimonials');
    const figures = testimonials.locator('figure');
    await expect(figures).toHaveCount(9);
    await expect(testimonials.locator('[data-slide]')).toHaveCount(3);
    await expect(testimonials.locator('[data-slide]').nth(0).locator('figure')).toHaveCount(3);
    await testimonials.scrollIntoViewIfNeeded();
    await page.mouse.move(1, 1);
    await expect(figures.nth(0)).toBeInViewport();
    await expect(figures.nth(3)).not.toBeInViewport();
    await page.clock.runFor(3_900);
    expect(await current()).toBe(0);
    await expect(figures.nth(3)).not.toBeInViewport();
    await page.clock.runFor(100);
    await expect.poll(current).toBe(1);
    await expect(figures.nth(3)).toBeInViewport();
    // The 0.8 s slide transition (docs/product.md §9).
    expect(await hero.locator('[data-track]').evaluate((el) => getComputedStyle(el).transitionDuration)).toBe('0.8s');
    await testimonials.getByRole('button', { name: 'Next testimonials' }).click();
    await expect(figures.nth(6)).toBeInViewport();

    // The why-choose-us numbers count up from 0 once they are seen, over about 2 s.
    const numbers = page.locator('[data-count-to]');
    await expect(numbers).toHaveText(['0', '0', '0', '0']);
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
    await page.clock.runFor(1_500);
    await expect(numbers).toHaveText(['750', '150', '3000', '5']);
    await expect(page.locator('.stat-value')).toHaveText(['750+', '150+', '3000+', '5+']);

    // The hero slider moves with its controls and pauses, from its first slide again (the clock has
    // moved it on).
    await hero.getByRole('button', { name: 'Show slide 1' }).click();
    await expect.poll(current).toBe(0);
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
    await hero.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(hero.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    // Paused: nothing moves even with the pointer and focus elsewhere.
    await page.mouse.move(5, 5);
    await page.getByRole('heading', { name: 'Recent projects' }).scrollIntoViewIfNeeded();
    await page.locator('body').click({ position: { x: 2, y: 300 } });
    await page.clock.runFor(4_600);
    expect(await current()).toBe(2);

    // Call-to-action buttons route by the stored session.
    const hrefs = async () => ({
      sample: await page.locator('.hero a', { hasText: 'Request Sample Estimate' }).getAttribute('href'),
      portal: await page.locator('footer a', { hasText: 'Client Portal' }).getAttribute('href'),
    });
    expect(await hrefs()).toEqual({ sample: '/login', portal: '/login' });
    await signInAs(page, 'client');
    expect(await hrefs()).toEqual({ sample: '/contactus', portal: '/portal' });
    await signInAs(page, 'admin');
    expect(await hrefs()).toEqual({ sample: '/contactus', portal: '/admin' });
  });

  test("the Services menu opens by mouse and closes on an outside click, its links navigate; Login turns into Logout when signed in, and Logout clears the session and goes home; a trade page opens the request form with its service, through sign-in when needed; the footer shows docs/product.md §9's copyright year, 2025, and three social links", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/about-us');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
    const menu = page.locator('details[data-menu]');
    await page.locator('summary', { hasText: 'Services' }).click();
    await expect(menu.getByRole('link', { name: 'Drywall', exact: true })).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(menu).not.toHaveAttribute('open', '');
    await page.locator('summary', { hasText: 'Services' }).click();
    await menu.getByRole('link', { name: 'Structural Steel' }).click();
    await expect(page).toHaveURL(/\/structure-steel$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Structural Steel Estimating Services');

    // A trade page's request button, signed out and then signed in; the footer of every page.
    await page.goto('/demolition');
    const cta = page.getByRole('link', { name: 'Request a Demolition Estimate' }).first();
    const target = '/request?service=Sub-Contractor&subService=Demolititon';
    expect(await cta.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(target)}`);
    await expect(page.locator('footer [data-year]')).toHaveText('2025');
    for (const name of ['Facebook', 'LinkedIn', 'Instagram'])
      await expect(page.locator('footer').getByRole('link', { name })).toHaveAttribute('href', '#');
    for (const name of ['Privacy Policy', 'Terms of Service'])
      await expect(page.locator('footer').getByRole('link', { name })).toBeVisible();
    await signInAs(page, 'client');
    expect(await cta.getAttribute('href')).toBe(target);
    await expect(page.getByRole('link', { name: 'Login' })).toBeHidden();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('on a phone the menu button reveals the navigation, by touch and by keyboard, and Tab past the last link of the open navigation closes it, so the focus is never hidden behind it', async ({
    browser,
  }) => {
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

    // Tab past the last link of the open navigation closes it.
    await page.goto('/about-us');
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

  test('a trade page lists 4–5 FAQ items with no VIEW ALL… button, and its cards open with READ MORE; the sub-contractor accordion lists 18 trades from 01 with the first open, one open at a time', async ({
    page,
  }) => {
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
  test('waits for the next page when the visitor has started typing in a form, instead of taking the focus mid-word; offers Remind Me Later, which keeps it away on the next pages until it is due; Go to Client Portal follows the session and dismisses it for good', async ({
    page,
  }) => {
    // The page's clock stands still until the test moves it: a visitor who starts typing within
    // the modal's 1.5 s, however slow the machine is to get the page ready; and the modal's 1.5 s
    // on every page pass at once.
    await page.clock.install({ time: new Date('2026-06-01T12:00:00Z') });
    await page.clock.pauseAt(new Date('2026-06-01T12:00:01Z'));
    const dialog = page.getByRole('dialog', { name: 'Welcome to Miami Estimating Services' });
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
    await expect(dialog).toBeVisible();

    // Remind Me Later keeps it away on the next pages.
    await expect(dialog.getByRole('button', { name: 'Remind Me Later' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Remind Me Later' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/concrete');
    await page.clock.runFor(2_500);
    await expect(page.getByRole('dialog')).toBeHidden();
    // It comes back once the reminder is due.
    const reminderDue = () => page.evaluate(() => localStorage.setItem('welcomeModal', JSON.stringify({ until: Date.now() - 1 })));
    await reminderDue();
    await page.reload();
    await page.clock.runFor(2_500);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // Go to Client Portal follows the session and dismisses it for good.
    await reminderDue();
    await page.reload();
    await page.clock.runFor(2_500);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Go to Client Portal' })).toHaveAttribute('href', '/login');
    await dialog.getByRole('link', { name: 'Go to Client Portal' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/about-us');
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
