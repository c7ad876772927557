import path from 'node:path';
import { expect, test, type Page } from './fixtures.ts';
import { CONTENT_PAGES, DISMISS_WELCOME, PUBLIC_PATHS, slugOf } from './public-pages.ts';
import { keepShot } from './support.ts';

// axe-core in Chromium on every public page (no serious or critical
// violation), also with the menus, the FAQ and the welcome modal open; and
// screenshots at 375, 768 and 1280 px under test-results/public/ to look at (E2E_SHOTS=1).

const AXE = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');
const SHOTS = path.resolve(import.meta.dirname, '../../test-results/public');

// axe is injected as a script: the site's CSP (hashes only) would refuse it.
test.use({ bypassCSP: true });

type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> };

async function seriousViolations(page: Page): Promise<string[]> {
  // Once per document: a second copy of axe (about 500 KB) is parsed again for nothing.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  return errors;
}

test('the axe check catches a planted violation (so a clean result means something)', async ({ page, context }) => {
  await context.addInitScript(DISMISS_WELCOME);
  await page.goto('/about-us');
  await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<img src="/favicon.svg"><button></button>'));
  const found = (await seriousViolations(page)).join('\n');
  expect(found).toContain('image-alt');
  expect(found).toContain('button-name');
});

// axe at 375 px, where layouts are tightest (target size, reflow), and also at 1280 on the first
// page of each kind (home, about, contact, blog, service, trade): the pages of a kind share their
// layout, and the desktop header and menus are the same on all. axe was more than half of this
// file's time, about 0.6–1.1 s a run.
const firstOfKind = CONTENT_PAGES.filter((p, i, all) => all.findIndex((q) => q.kind === p.kind) === i).map((p) => p.path as string);
const DESKTOP_AXE = new Set(firstOfKind);
// At 375 px every page but the trade pages after the first whose Markdown body is plain prose
// (public-pages.ts): such a page is its content file's fields and prose in the layout the first
// trade page is checked in, with no link, image, table or HTML of its own, so the pages differ
// only in their text, which axe's serious rules do not judge. Every page is still loaded, checked
// for sideways scrolling at each width and at 200 % text, and for script errors.
const pageOf = (p: string) => CONTENT_PAGES.find((c) => c.path === p);
const PHONE_AXE = new Set<string>(
  PUBLIC_PATHS.filter((p) => {
    const page = pageOf(p);
    return page?.kind !== 'trade' || !page.plainBody || firstOfKind.includes(p);
  }),
);

// Every public page, a few to a test on one browser page: a test's own context and page cost about
// 0.3–0.4 s before it does anything, a tenth of a page's checks. Each page is a step of its test.
const kindOf = (p: string) => pageOf(p)?.kind;
const trades = PUBLIC_PATHS.filter((p) => kindOf(p) === 'trade');
const PAGE_GROUPS: Array<[string, string[]]> = [
  // Whatever is neither a service nor a trade page goes in the first group, so none is left out.
  ['the home, contact, about and blog pages', PUBLIC_PATHS.filter((p) => kindOf(p) !== 'service' && kindOf(p) !== 'trade')],
  ['the service pages', PUBLIC_PATHS.filter((p) => kindOf(p) === 'service')],
  ['the first half of the trade pages', trades.slice(0, Math.ceil(trades.length / 2))],
  ['the second half of the trade pages', trades.slice(Math.ceil(trades.length / 2))],
];

test.describe('every public page', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(DISMISS_WELCOME);
  });

  for (const [group, paths] of PAGE_GROUPS) {
    test(`${group}: no serious axe violation, no script error, nothing sideways at any width or at 200 % text`, async ({ page }) => {
      const errors = watchErrors(page);
      for (const pagePath of paths)
        await test.step(pagePath, async () => {
          errors.length = 0;
          await page.setViewportSize({ width: 1280, height: 900 });
          const res = await page.goto(pagePath);
          expect(res?.status(), pagePath).toBe(200);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          if (DESKTOP_AXE.has(pagePath)) expect(await seriousViolations(page), `${pagePath} at 1280px`).toEqual([]);
          for (const width of [375, 768, 1280]) {
            await page.setViewportSize({ width, height: 900 });
            // Nothing may overflow sideways at any width.
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
              `${pagePath} at ${width}px`,
            ).toBeLessThanOrEqual(0);
            await keepShot(page, { path: path.join(SHOTS, `${slugOf(pagePath)}-${width}.png`), fullPage: true, animations: 'disabled' });
          }
          await page.setViewportSize({ width: 375, height: 800 });
          if (PHONE_AXE.has(pagePath)) expect(await seriousViolations(page), `${pagePath} at 375px`).toEqual([]);
          // With text at 200 % (a browser's text-size setting) pages scrolled sideways: at 1280 px the
          // footer's last column, at 375 px the contact details, the FAQ and trade pages and the stats. WCAG 1.4.4.
          await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
          for (const width of [375, 1280]) {
            await page.setViewportSize({ width, height: 800 });
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
              `${pagePath} at ${width}px, text 200 %`,
            ).toBeLessThanOrEqual(0);
          }
          expect(
            errors.filter((e) => !/Failed to load resource/.test(e)),
            pagePath,
          ).toEqual([]);
        });
    });
  }

  test('open menus and an expanded FAQ pass axe too', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.locator('summary', { hasText: 'Services' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('#faq').getByRole('button', { name: 'View All' }).click();
    await page.locator('#faq details').last().locator('summary').click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('summary', { hasText: 'Services' }).click();
    await keepShot(page, { path: path.join(SHOTS, 'menu-open-375.png') });
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the welcome modal passes axe and holds the focus', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Miami Estimating Services' });
  await expect(dialog).toBeVisible({ timeout: 5_000 });
  await keepShot(page, { path: path.join(SHOTS, 'welcome-modal-768.png') });
  await expect(dialog.getByRole('button', { name: 'Remind Me Later' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('link', { name: 'Go to Client Portal' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
});

// The sign-in screens and the open Services menu with text at 200 %; the public pages are checked
// at 200 % by the test of each page above. At 375 px the sign-in screens scrolled sideways, at 1280
// the open Services menu had its last group cut off at the window's edge. WCAG 1.4.4.
test('with text at 200 %, the sign-in screens do not scroll sideways and the open Services menu fits the window', async ({ browser }) => {
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await context.addInitScript(DISMISS_WELCOME);
    await context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '200%')),
    );
    const page = await context.newPage();
    for (const pagePath of ['/login', '/signup', '/forgot-password']) {
      await page.goto(pagePath);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${pagePath} at ${width}px, text 200 %`,
      ).toBeLessThanOrEqual(0);
    }
    if (width === 1280) {
      await page.goto('/concrete');
      await page.locator('summary', { hasText: 'Services' }).click();
      const groups = page.locator('.menu-panel .menu-group');
      await expect(groups.last()).toBeVisible();
      for (const group of await groups.all()) {
        const box = (await group.boundingBox())!;
        expect(box.x + box.width, await group.innerText()).toBeLessThanOrEqual(width);
      }
      // Taller than the window, the panel scrolls: its last link can be reached.
      const last = page.locator('.menu-panel a').last();
      await last.scrollIntoViewIfNeeded();
      const box = (await last.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(800);
      await keepShot(page, { path: path.join(SHOTS, 'menu-open-1280-text-200.png') });
    }
    await keepShot(page, { path: path.join(SHOTS, `signup-${width}-text-200.png`), fullPage: true });
    await context.close();
  }
});
