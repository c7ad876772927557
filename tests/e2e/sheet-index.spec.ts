import { expect, test } from './fixtures.ts';
import { planSetPdf } from '../api/plan-files.ts';
import { asUser, keepShot, newClient, type Session, shoot, signInAdmin } from './support.ts';

// The sheet index in the request panel, for the client and the
// estimator alike; the sheet list opens from the keyboard.

let admin: Session;
let client: Session;
let queryId = '';

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Ivan Index');
  const services = (await (await request.get('/api/services')).json()) as Array<{ _id: string; title: string }>;
  const pdf = await planSetPdf([
    { number: 'A0.00', title: 'COVER SHEET' },
    { number: 'A1.01', title: 'FIRST FLOOR PLAN' },
    { title: 'SITE PHOTOS' },
    { number: 'S1.01', title: 'FOUNDATION PLAN' },
  ]);
  const res = await request.post('/api/queries', {
    headers: { authorization: `Bearer ${client.token}` },
    multipart: {
      message: 'Plan set for the index panel',
      service: services.find((s) => s.title === 'Manufacturers')!._id,
      'files[]': { name: 'tower-set.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(res.status()).toBe(201);
  queryId = ((await res.json()) as { data: { _id: string } }).data._id;
  await expect
    .poll(
      async () => {
        const q = (await (
          await request.get(`/api/queries/${queryId}`, { headers: { authorization: `Bearer ${client.token}` } })
        ).json()) as {
          data: { files: Array<{ index: { status: string } }> };
        };
        return q.data.files[0]!.index.status;
      },
      { timeout: 30_000 },
    )
    .toBe('done');
});

const SUMMARY = '3 sheets: A0.00–A1.01, S1.01; 1 page without a sheet number';

test('the client sees the sheet index of the plan set and opens the sheet list by keyboard', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${queryId}`);
  const section = page.getByRole('complementary', { name: 'Request details' }).getByRole('region', { name: 'Sheet index' });
  await expect(section).toContainText('tower-set.pdf');
  await expect(section).toContainText(SUMMARY);
  const toggle = section.getByText('Show sheets');
  await toggle.focus();
  await page.keyboard.press('Enter');
  const table = section.getByRole('table', { name: 'tower-set.pdf' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByRole('row').nth(2)).toContainText('A1.01');
  await expect(table.getByRole('row').nth(2)).toContainText('FIRST FLOOR PLAN');
  await expect(table.getByRole('row').nth(3)).toContainText('No sheet number');
  await shoot(page, 'intake/sheet-index-client');
  // On a phone the panel folds behind its toggle; opened, the index reads the same.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Show request details' }).click();
  await section.scrollIntoViewIfNeeded();
  await expect(section).toContainText(SUMMARY);
  await keepShot(page, { path: 'test-results/intake/sheet-index-client-375-open.png', fullPage: true });
  await context.close();
});

test('the estimator sees the same index beside the admin chat', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto(`/admin-chat/${queryId}`);
  const section = page.getByRole('complementary', { name: 'Request details' }).getByRole('region', { name: 'Sheet index' });
  await expect(section).toContainText(SUMMARY);
  await shoot(page, 'intake/sheet-index-admin');
  await context.close();
});

test('an index still being read turns into its summary without a reload', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  // The first answer says the reader is still at work (as right after an upload); later ones are the server's own.
  let first = true;
  await page.route(`**/api/queries/${queryId}/workspace`, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { data: { query: { files: Array<{ index?: { status: string; summary: string | null } }> } } };
    if (first) {
      first = false;
      for (const f of body.data.query.files) if (f.index) f.index = { ...f.index, status: 'pending', summary: null };
    }
    await route.fulfill({ response: res, json: body });
  });
  await page.goto(`/chat/${queryId}`);
  const section = page.getByRole('complementary', { name: 'Request details' }).getByRole('region', { name: 'Sheet index' });
  await expect(section).toContainText('Reading…');
  await expect(section).toContainText(SUMMARY, { timeout: 10_000 });
  expect(first).toBe(false);
  await context.close();
});
