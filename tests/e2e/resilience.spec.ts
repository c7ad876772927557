import { expect, test } from './fixtures.ts';
import {
  animationsFinished,
  asUser,
  authPost,
  holdRequests,
  newClient,
  nextFrame,
  requestsReported,
  signInAdmin,
  submitRequest,
  toastOutletReady,
  type Session,
} from './support.ts';

// What a screen does when the network or the build lets it down: an action tried offline, a double click on a slow network, a page open from
// before a redeploy, a toast on a phone. Real server, real build; only the network is bent.

test.describe.configure({ mode: 'serial' });

const OFFLINE = 'You are offline. Check your connection and try again.';

// One admin sign-in for the file: two in the same second can read each other's e-mailed code.
let admin: Session;
test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
});

test('an approval tried offline fails at once with the reason, and nothing runs when the network returns', async ({ browser, request }) => {
  const fullName = `Offline Approve ${Date.now().toString(36)}`;
  const email = `offline.approve.${Date.now()}@example.com`;
  expect((await authPost(request, '/api/auth/register', { fullName, email, password: 'Client-Passw0rd' })).status()).toBe(201);
  const statusOf = async () => {
    const res = await request.get('/api/users?pageSize=100', { headers: { authorization: `Bearer ${admin.token}` } });
    return ((await res.json()) as { data: Array<{ email: string; status: string }> }).data.find((u) => u.email === email)?.status;
  };

  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/user');
  await expect(page.getByRole('button', { name: `Approve ${fullName}` })).toBeVisible();
  await toastOutletReady(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: `Approve ${fullName}` }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  // The admin list's own failure text (docs/product.md §8), with the reason under it; the dialog closes.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Approval failed' });
  await expect(toast).toContainText(OFFLINE, { timeout: 3000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await context.setOffline(false);
  // Nothing was queued: no approval is sent once the page has heard the network is back (its online
  // event, then every request it started reported), the user stays pending, and no success toast turns up.
  const approvals: string[] = [];
  page.on('request', (r) => void (r.url().includes('/api/auth/approve/') && approvals.push(r.url())));
  await page.waitForFunction(() => navigator.onLine);
  await nextFrame(page);
  await requestsReported(page);
  expect(approvals).toEqual([]);
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Admin approved successfully!' })).toHaveCount(0);
  expect(await statusOf()).not.toBe('approved');
  await context.close();
});

test('offline, a refusal of the screen’s own is not blamed on the connection', async ({ browser }) => {
  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/admin-blogs');
  await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
  // The screen has loaded what it needs (the list, the toasts) before the network goes: DELETE
  // waits for the list, and stayed disabled when the network went first.
  await expect(page.getByRole('button', { name: 'DELETE', exact: true })).toBeEnabled();
  await toastOutletReady(page);
  await context.setOffline(true);
  // DELETE, then DELETE again with nothing selected: refused by the screen, no call made.
  await page.getByRole('button', { name: 'DELETE', exact: true }).click();
  await page.getByRole('button', { name: 'DELETE', exact: true }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Please select at least one blog.' });
  await expect(toast).toBeVisible();
  await expect(toast).not.toContainText(OFFLINE);
  await context.close();
});

test('a form that shows its failure in itself gives the offline reason too, and not for its own check', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/forgot-password');
  const email = page.getByLabel('Email');
  // The focus loads the form's checks; once loaded, the page needs nothing more from the network.
  await email.fill('grace@localhost');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address.');
  await email.fill('grace@example.com');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('alert')).toHaveText(`Something went wrong ${OFFLINE}`);
  await expect(page).toHaveURL(/\/forgot-password$/);
  await context.close();
});

test('a double click on Start or on "Yes, Close Query" over a slow network sends one change and shows one toast', async ({
  browser,
  request,
}) => {
  const client = await newClient(request, admin, 'Dana Doubleclick');
  const tag = `dbl${Date.now().toString(36)}`;
  await submitRequest(request, client, `Slab takeoff ${tag}`);

  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  let answered = 0;
  // A slow network: every status change is held until both clicks have landed.
  let held = await holdRequests(page, '**/api/queries/*/status');
  page.on('requestfinished', (r) => void (r.url().endsWith('/status') && answered++));
  /** Resolves once each change sent is answered and the page has drawn what the answers set off. */
  const allAnswered = async () => {
    await expect.poll(() => answered).toBe(held.seen.length);
    await nextFrame(page);
    await requestsReported(page);
    await nextFrame(page);
  };
  await page.goto('/admin-queries');
  const queue = page.getByRole('region', { name: 'Request queue' });
  await queue.getByLabel('Search').fill(tag);
  const row = queue.getByRole('row').filter({ hasText: tag });
  const toasts = page.locator('[data-sonner-toast]');

  await row.getByRole('button', { name: /^Start / }).dblclick();
  held.release();
  await expect(row.getByText('In Progress')).toBeVisible();
  await allAnswered();
  await expect(toasts).toHaveText(['Query marked In Progress.']);
  expect(held.seen).toEqual(['PATCH']);

  await page.unroute('**/api/queries/*/status');
  held = await holdRequests(page, '**/api/queries/*/status');
  answered = 0;
  await row.getByRole('button', { name: /^Close / }).click();
  await page.getByRole('button', { name: 'Yes, Close Query' }).dblclick();
  held.release();
  await expect(toasts.filter({ hasText: 'Query closed successfully' })).toBeVisible();
  await allAnswered();
  await expect(toasts.filter({ hasText: 'Query closed successfully' })).toHaveCount(1);
  await expect(toasts.filter({ hasText: /Failed|already|Something went wrong/ })).toHaveCount(0);
  expect(held.seen).toEqual(['PATCH']);
  await context.close();
});

const STALE = 'This page is out of date. Please reload it.';

test('a screen whose toast chunk is gone still works and asks for a reload, which mends it', async ({ browser, request }) => {
  const fullName = `Stale Toasts ${Date.now().toString(36)}`;
  const email = `stale.toasts.${Date.now()}@example.com`;
  expect((await authPost(request, '/api/auth/register', { fullName, email, password: 'Client-Passw0rd' })).status()).toBe(201);
  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // sonner's chunk, whatever its hashed name, answers 404 as after a redeploy.
  await page.route('**/_astro/*.js', async (route) => {
    const res = await route.fetch();
    if ((await res.text()).includes('sonner-loading-wrapper')) return route.fulfill({ status: 404, body: 'Not found' });
    return route.fulfill({ response: res });
  });
  await page.goto('/user');
  const banner = page.getByRole('alert').filter({ hasText: STALE });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('button', { name: `Approve ${fullName}` })).toBeVisible();
  expect(errors).toEqual([]);

  await page.unrouteAll({ behavior: 'wait' });
  await banner.getByRole('button', { name: 'Reload' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('button', { name: `Approve ${fullName}` })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: STALE })).toHaveCount(0);
  await context.close();
});

test('an action on a page from before a redeploy that needs a part not loaded yet says the page is out of date', async ({ browser }) => {
  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  let redeployed = false;
  await page.route('**/_astro/**', (route) => (redeployed ? route.fulfill({ status: 404, body: 'Not found' }) : route.continue()));
  await page.goto('/admin-service');
  await expect(page.getByRole('button', { name: 'Add New Service' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  redeployed = true;
  // The service form's checks load with the form (lib/form.ts): their chunk is gone now.
  await page.getByRole('button', { name: 'Add New Service' }).click();
  await expect(page.getByRole('alert').filter({ hasText: STALE })).toBeVisible();
  // Over the form's modal dialog, which makes the rest of the page inert: the Reload button takes the click.
  await page.getByRole('alert').getByRole('button', { name: 'Reload' }).click({ trial: true, timeout: 2000 });
  // Closing the dialog leaves the banner on the page.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('alert').getByRole('button', { name: 'Reload' }).click({ trial: true, timeout: 2000 });
  await context.close();
});

test('on a touch phone a refused submit’s toast keeps off the Submit button and leaves on time, even after a tap', async ({
  browser,
  request,
}) => {
  const client = await newClient(request, admin, 'Tina Touch');
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
  await asUser(context, client);
  const page = await context.newPage();
  let refuse = true;
  await page.route('**/api/queries', async (route) => {
    if (route.request().method() !== 'POST' || !refuse) return route.continue();
    refuse = false;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Internal server error' }) });
  });
  await page.goto('/request');
  await page.getByLabel('Service *', { exact: true }).selectOption({ label: 'Manufacturers' });
  await page.getByLabel('Project name *').fill('Showroom Curtain Wall');
  await page.getByLabel('Description *').fill('Curtain wall takeoff for a showroom, refused once by the server');
  await page
    .getByLabel('Plans and files *')
    .setInputFiles({ name: 'plans.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  const submit = page.getByRole('button', { name: 'Submit Request' });
  await submit.scrollIntoViewIfNeeded();
  await submit.tap();

  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Error: Internal server error' });
  await expect(toast).toBeVisible();
  await animationsFinished(toast);
  const [button, over] = [(await submit.boundingBox())!, (await toast.boundingBox())!];
  const overlaps = over.y < button.y + button.height && button.y < over.y + over.height;
  expect(overlaps, `toast ${JSON.stringify(over)} over Submit ${JSON.stringify(button)}`).toBe(false);

  // A tap on the toast pauses it for the tap only: it still goes after its 3 s (docs/product.md §9).
  await page.touchscreen.tap(over.x + over.width / 2, over.y + over.height / 2);
  await expect(toast).toHaveCount(0, { timeout: 6000 });
  await context.close();
});
