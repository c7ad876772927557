import { expect, test, type Page } from './fixtures.ts';
import {
  animationsFinished,
  approvedClient,
  asUser,
  authPost,
  enterCodeOnScreen,
  expectNoAxeViolations,
  keepShot,
  newClient,
  requestsReported,
  shoot,
  signInAdmin,
  submitRequest,
  underToast,
} from './support.ts';

// The state after sign-up, toast and modal
// contrast, one navigation after the code step, toasts clear of the buttons.

const stamp = Date.now();

/** WCAG contrast of two computed CSS colours (rgb()/rgba() with alpha over `under`). */
async function contrastOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const parse = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
      // Walk up to the first opaque background, compositing translucent ones on the way.
      const layers: number[][] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const [r, g, b, a = 1] = parse(getComputedStyle(node).backgroundColor);
        if (a > 0) layers.push([r!, g!, b!, a]);
        if (a >= 1) break;
      }
      let bg = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse())
        bg = [r! * a! + bg[0]! * (1 - a!), g! * a! + bg[1]! * (1 - a!), b! * a! + bg[2]! * (1 - a!)];
      // The element's own opacity (and its ancestors') fades the text toward what is behind.
      let opacity = 1;
      for (let node: Element | null = el; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      const [fr, fg, fb] = parse(getComputedStyle(el).color);
      const fg3 = [fr!, fg!, fb!].map((c, i) => c * opacity + bg[i]! * (1 - opacity));
      const lum = (rgb: number[]) => {
        const [r, g, b] = rgb.map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const [hi, lo] = [lum(fg3), lum(bg)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    });
}

test('after sign-up the public pages still treat the browser as a guest and /login says the account waits for approval', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true })));
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Pending');
  await page.getByLabel('Last name').fill('Builder');
  await page.getByLabel('Email').fill(`pending-${stamp}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Client-Passw0rd');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // docs/product.md §4: the register token is still stored under `token`.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  await expect(page.getByRole('status').filter({ hasText: 'waiting for approval' })).toContainText('e-mail');
  await shoot(page, 'polish/login-after-signup');

  await page.goto('/');
  const header = page.locator('header').first();
  await expect(header.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await expect(header.getByRole('button', { name: 'Logout' })).toBeHidden();
  for (const link of await page.locator('a[data-cta="portal"], a[data-cta="sample"]').all()) {
    expect(await link.getAttribute('href')).toBe('/login');
  }
});

test('the code step navigates once: no second redirect from the guest guard', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  const email = `once-${stamp}@example.com`;
  await approvedClient(request, admin, 'Once Only', email, 'Client-Passw0rd');
  await enterCodeOnScreen(page, email, 'Client-Passw0rd');

  const documents: string[] = [];
  const aborted: string[] = [];
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(r.url());
  });
  page.on('requestfailed', (r) => {
    if (r.isNavigationRequest()) aborted.push(`${r.url()} ${r.failure()?.errorText}`);
  });
  // The code step's redirect and whatever the portal schedules run on Playwright's clock.
  await page.clock.install();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { name: /^Hi, / })).toBeVisible();
  // Nothing navigates afterwards: the dashboard's reads have answered (a refused one would
  // sign out and leave), half a second of its timers has run, and every request is reported.
  await expect(page.locator('.stat-value')).toHaveText(['0', '0', '0']);
  await expect(page.getByText('No recent activities found.')).toBeVisible();
  await page.clock.runFor(500);
  await requestsReported(page);
  expect(aborted).toEqual([]);
  expect(documents.map((u) => new URL(u).pathname)).toEqual(['/portal']);
});

test('orange toasts and the welcome modal button keep 4.5:1, the modal also while it appears', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(`nobody-${stamp}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Passw0rd');
  await page.getByRole('button', { name: 'Login' }).click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  // Past sonner's entrance: mounted, and its slide and fade finished.
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await animationsFinished(toast);
  expect(await contrastOf(page, '[data-sonner-toast] [data-title]')).toBeGreaterThanOrEqual(4.5);

  // The modal opens 1.5 s after load; measure in its first frames and after.
  await page.goto('/');
  const portal = page.getByRole('dialog').getByRole('link', { name: 'Go to Client Portal' });
  await page.waitForFunction(() => (document.querySelector('dialog[data-welcome]') as HTMLDialogElement | null)?.open === true, null, {
    polling: 'raf',
  });
  const during = await contrastOf(page, 'dialog[data-welcome] [data-welcome-portal]');
  await expect(portal).toBeVisible();
  await animationsFinished(page.locator('dialog[data-welcome]'));
  const after = await contrastOf(page, 'dialog[data-welcome] [data-welcome-portal]');
  expect(during).toBeGreaterThanOrEqual(4.5);
  expect(after).toBeGreaterThanOrEqual(4.5);
});

test("toasts never cover the page's own buttons: /admin-blogs at 1280 and 375", async ({ page, context, request }) => {
  const admin = await signInAdmin(request);
  await asUser(context, admin);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/admin-blogs');
    await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'DELETE', exact: true }).click();
    await page.getByRole('button', { name: 'DELETE', exact: true }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Please select at least one blog.' });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveAttribute('data-mounted', 'true');
    await animationsFinished(toast);
    const box = (await toast.boundingBox())!;
    for (const name of ['DRAFT', 'CANCEL', 'DELETE', 'UPLOAD']) {
      const control = page.getByRole(name === 'DRAFT' || name === 'UPLOAD' ? 'link' : 'button', { name, exact: true });
      const b = (await control.boundingBox())!;
      const overlaps = box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height;
      expect(overlaps, `${name} at ${width}px is under the toast`).toBe(false);
    }
    // The control really is reachable while the toast shows.
    await page.getByRole('button', { name: 'CANCEL', exact: true }).click({ trial: true, timeout: 2000 });
    await keepShot(page, { path: `test-results/polish/admin-blogs-toast-${width}.png` });
    await page.getByRole('button', { name: 'CANCEL', exact: true }).click();
  }
});

test("a toast moves clear of the control the focus moves to, and of the queue's buttons (/user at 375, /admin-queries)", async ({
  page,
  context,
  request,
}) => {
  const admin = await signInAdmin(request);
  for (const name of ['Pia', 'Quinn', 'Ruth']) {
    const email = `${name.toLowerCase()}.toast.${stamp}@example.com`;
    expect(
      (await authPost(request, '/api/auth/register', { fullName: `${name} Toast`, email, password: 'Client-Passw0rd' })).status(),
    ).toBe(201);
  }
  await asUser(context, admin);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/user');
  const approve = page.getByRole('button', { name: /^Approve / });
  await expect(approve.first()).toBeVisible();
  // The status pill keeps its size on the phone's cards and reads 'Pending', as on every other screen.
  const pill = page
    .locator('.users-table .badge')
    .filter({ hasText: /^Pending$/ })
    .first();
  await expect(pill).toBeVisible();
  expect((await pill.boundingBox())!.width).toBeLessThan(120);
  await expect(page.locator('.users-table .badge').filter({ hasText: /^pending$/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Approve → Yes by keyboard: the focus moves to the next Approve, and the toast clears it.
  const next = await approve.nth(1).getAttribute('aria-label');
  await approve.first().scrollIntoViewIfNeeded();
  await approve.first().focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Confirm Approval' }).getByRole('button', { name: 'Yes' }).press('Enter');
  await expect(page.getByRole('button', { name: next! })).toBeFocused();
  const approved = page.locator('[data-sonner-toast]').filter({ hasText: 'Admin approved successfully!' });
  await expect.poll(async () => (await underToast(approved)).focused).toBe(false);
  await keepShot(page, { path: 'test-results/polish/user-approve-toast-375.png' });

  // The queue: Start on a row; the toast lies over none of the rows' buttons.
  const client = await newClient(request, admin, 'Toby Toastrow');
  for (const n of [1, 2, 3]) await submitRequest(request, client, `Toast row takeoff ${n}`);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/admin-queries');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Toby Toastrow');
    const start = page.getByRole('button', { name: /^Start query of Toby Toastrow/ });
    await expect(start.first()).toBeVisible();
    await start.first().click();
    const started = page.locator('[data-sonner-toast]').last();
    await expect(started).toBeVisible();
    if (width === 1280) await expect.poll(async () => (await underToast(started)).all).toEqual([]);
    else await expect.poll(async () => (await underToast(started)).focused).toBe(false);
    await keepShot(page, { path: `test-results/polish/queue-start-toast-${width}.png` });
  }
});
