import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from './fixtures.ts';
import { UPLOADS_GONE } from '../../portal-api/src/modules/uploads/uploads.schema.ts';
import { UPLOAD_WAITING } from '../../site/lib/resumable-uploads.ts';
import { asUser, newClient, shoot, signInAdmin, submitRequest, toastShown, type Session } from './support.ts';

// A plan file is uploading when the person clicks away
// (the browser asks first, and stays on the page when told to) or the connection drops. Offline,
// the form says it waits for the connection and goes on by itself when it is back; a connection
// that keeps failing while online stops the upload after tus's retries, and the form says so and
// that submitting again resumes it (not 'Failed to create query' or 'Something went wrong').
// Once idle, leaving asks nothing.

let admin: Session;
let client: Session;
let dir: string;
let plans: string;

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Ursula Upload');
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'interrupted-e2e-'));
  plans = path.join(dir, 'S-401 plan set.pdf');
  await fs.writeFile(plans, Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2 * 1024 * 1024), Buffer.from('\n%%EOF\n')]));
});
test.afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const STOPPED = 'S-401 plan set.pdf: the upload stopped. Check your connection and submit again to resume.';

/**
 * The line under the upload: its PATCH is held (the upload is under way for as long as the
 * test needs) until `cut()` drops the connection: the page goes offline (navigator.onLine, so
 * tus does not retry) and the held PATCH fails as a dropped connection does. `fail()` instead
 * fails it and every later call of the upload while the page stays online. `restore()` ends both.
 */
async function heldUpload(context: BrowserContext, page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  let failing = false;
  await page.route('**/api/uploads/tus/*', async (route) => {
    if (failing) return route.abort('connectionreset');
    if (route.request().method() !== 'PATCH') return route.continue();
    held();
    await released;
    await route.abort('internetdisconnected');
  });
  return {
    holding,
    cut: async () => {
      await context.setOffline(true);
      release();
    },
    fail: () => {
      failing = true;
      release();
    },
    restore: async () => {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.setOffline(false);
    },
  };
}

/** Every dialog the page opens (type), dismissed: a beforeunload one keeps the page. */
function dialogsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.type());
    void d.dismiss();
  });
  return seen;
}

/** The request form filled in and submitted, its plan file's upload held on the line (heldUpload). */
async function submitHeld(context: BrowserContext, page: Page, message: string) {
  await page.goto('/request');
  await page.getByLabel('Project name *').fill('Interrupted Upload');
  await page.getByLabel('Description *').fill(message);
  await page.getByLabel('Service *', { exact: true }).selectOption({ label: 'Manufacturers' });
  await page.getByLabel('Plans and files *').setInputFiles(plans);
  const line = await heldUpload(context, page);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await line.holding;
  return line;
}

test('the request form asks before leaving mid-upload, waits offline and goes on by itself, and lets go once done', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  const dialogs = dialogsOf(page);
  const message = `Interrupted upload ${Date.now()}`;
  const line = await submitHeld(context, page, message);

  // Clicking 'My Queries' asks first; staying keeps the page and the upload.
  await page.getByRole('link', { name: 'My Queries' }).click();
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(page).toHaveURL(/\/request$/);
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeVisible();

  // The connection drops mid-upload: the form says it waits for it, and keeps the upload.
  await line.cut();
  await expect(page.getByRole('status').filter({ hasText: UPLOAD_WAITING })).toBeVisible();
  await expect(page.getByText('Waiting for the connection')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeVisible();
  await expect(page.getByText(/the upload stopped|Failed to create query/)).toHaveCount(0);
  await shoot(page, 'interrupted/request-upload-waiting');

  // Back online, it goes on from where it was by itself; once done the page goes to My Queries without asking.
  const submitted = toastShown(page, 'Query submitted successfully!');
  await line.restore();
  await submitted;
  await page.waitForURL('**/my-queries');
  expect(dialogs).toEqual(['beforeunload']);
  const mine = (await (await page.request.get('/api/queries/me', { headers: { authorization: `Bearer ${client.token}` } })).json()) as {
    data: Array<{ message: string }>;
  };
  expect(mine.data.filter((q) => q.message === message)).toHaveLength(1);
  await context.close();
});

test('a connection that keeps failing while online stops the upload after the retries and says how to resume', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  // The page's timers run on Playwright's clock, so tus's waits between tries pass at once.
  await page.clock.install();
  const line = await submitHeld(context, page, `Failing upload ${Date.now()}`);
  const failedAt = await page.evaluate(() => Date.now());
  line.fail();
  // tus tries again after 0, 1, 3, 5 and 10 s before it gives up: each turn moves the clock a
  // second on, and the form says the upload stopped only once the last try has failed.
  const alert = page.getByRole('alert');
  await expect(async () => {
    await page.clock.runFor(1_000);
    await expect(alert).toHaveText(STOPPED, { timeout: 250 });
  }).toPass({ timeout: 40_000, intervals: [0] });
  // Not before the tries' own waits (19 s on the page's clock) had passed.
  expect((await page.evaluate(() => Date.now())) - failedAt).toBeGreaterThanOrEqual(19_000);
  await expect(page.getByText(`Error: ${STOPPED}`)).toBeVisible();
  await expect(page.getByText('Failed to create query')).toHaveCount(0);
  // The file's line stays, with what was sent: the next submit goes on from there.
  const file = page.getByRole('list', { name: 'Attached files' }).getByRole('listitem');
  await expect(file.getByText(/^\d+% sent · stopped$/)).toBeVisible();
  await expect(file.getByRole('progressbar', { name: 'Upload of S-401 plan set.pdf' })).toBeVisible();
  await shoot(page, 'interrupted/request-upload-stopped');

  await line.restore();
  const submitted = toastShown(page, 'Query submitted successfully!');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await submitted;
  await page.waitForURL('**/my-queries');
  await context.close();
});

test('an idle request form lets the person leave without asking', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  const dialogs = dialogsOf(page);
  await page.goto('/request');
  await page.getByLabel('Description *').fill('Typed, not sent');
  await page.getByRole('link', { name: 'My Queries' }).click();
  await page.waitForURL('**/my-queries');
  expect(dialogs).toEqual([]);
  await context.close();
});

test('the addendum form asks before leaving mid-upload, and waits offline and goes on by itself', async ({ browser, request }) => {
  const id = await submitRequest(request, client, `Addendum interrupted ${Date.now()}`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  const dialogs = dialogsOf(page);
  await page.goto(`/chat/${id}`);
  const side = page.getByRole('complementary', { name: 'Request details' });
  await side.getByRole('button', { name: 'Add addendum' }).click();
  await side.getByLabel('Addendum files').setInputFiles(plans);
  const line = await heldUpload(context, page);
  await side.getByRole('button', { name: 'Upload addendum' }).click();
  await line.holding;

  await page.getByRole('link', { name: 'My Queries' }).click();
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(page).toHaveURL(new RegExp(`/chat/${id}$`));

  // Not 'Something went wrong': it says it waits, and goes on once the connection is back.
  await line.cut();
  await expect(side.getByRole('status').filter({ hasText: UPLOAD_WAITING })).toBeVisible();
  await shoot(page, 'interrupted/addendum-upload-waiting');
  await line.restore();
  await expect(page.getByText('Addendum 1 added.')).toBeVisible();
  await context.close();
});

test("the admin's answer dialog asks before leaving while deliverables upload, and waits offline and goes on by itself", async ({
  browser,
  request,
}) => {
  const id = await submitRequest(request, client, `Answer interrupted ${Date.now()}`);
  const started = await request.patch(`/api/queries/${id}/status`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { status: 'in_progress' },
  });
  expect(started.status()).toBe(200);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  const dialogs = dialogsOf(page);
  await page.goto(`/admin-chat/${id}`);
  const status = page.getByRole('complementary', { name: 'Request details' }).getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: /^Mark answered/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark answered' });
  await dialog.getByLabel(/^Deliverables/).setInputFiles(plans);
  const line = await heldUpload(context, page);
  await dialog.getByRole('button', { name: 'Upload and mark answered' }).click();
  await line.holding;

  // The page behind the dialog is inert; leaving by address asks all the same.
  await page.evaluate(() => window.location.assign('/admin'));
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(page).toHaveURL(new RegExp(`/admin-chat/${id}$`));

  await line.cut();
  await expect(dialog.getByRole('status').filter({ hasText: UPLOAD_WAITING })).toBeVisible();
  await expect(dialog.getByText('Waiting for the connection')).toBeVisible();
  await line.restore();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => {
      const res = await request.get(`/api/queries/${id}`, { headers: { authorization: `Bearer ${admin.token}` } });
      return ((await res.json()) as { data: { status: string } }).data.status;
    })
    .toBe('answered');
  await context.close();
});

test('the addendum form sends its files again when the server no longer has the uploads of the last try', async ({ browser, request }) => {
  const id = await submitRequest(request, client, `Addendum uploads gone ${Date.now()}`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${id}`);
  const side = page.getByRole('complementary', { name: 'Request details' });
  await side.getByRole('button', { name: 'Add addendum' }).click();
  await side.getByLabel('Addendum files').setInputFiles(plans);
  // The files go up whole; the addendum call then drops (no answer), keeping the upload ids.
  let uploadIds: string[] = [];
  await page.route('**/api/queries/*/addenda', async (route) => {
    uploadIds = (route.request().postDataJSON() as { uploadIds: string[] }).uploadIds;
    await route.abort('connectionreset');
  });
  await side.getByRole('button', { name: 'Upload addendum' }).click();
  await expect(side.getByRole('alert')).toBeVisible();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  expect(uploadIds).toHaveLength(1);
  // Meanwhile those uploads are used (or expire): the server no longer has them for this form.
  const used = await request.post(`/api/queries/${id}/addenda`, {
    headers: { authorization: `Bearer ${client.token}` },
    data: { uploadIds, note: 'Sent from another tab' },
  });
  expect(used.status(), await used.text()).toBe(201);

  const uploadsSeen: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/uploads/tus') && r.method() === 'POST') uploadsSeen.push(r.url());
  });
  await side.getByRole('button', { name: 'Upload addendum' }).click();
  await expect(side.getByRole('alert')).toHaveText(UPLOADS_GONE);
  expect(uploadsSeen, 'the first retry reuses the finished uploads').toHaveLength(0);
  // The next submit sends the files again, as new uploads, and the addendum is made.
  await side.getByRole('button', { name: 'Upload addendum' }).click();
  await expect(page.getByText('Addendum 2 added.')).toBeVisible();
  expect(uploadsSeen).toHaveLength(1);
  await context.close();
});
