import { expect, test } from '@playwright/test';
import { asUser, newClient, shoot, signInAdmin, type Session } from './support.ts';

// Dates and sizes as people far from Miami, or with a browser in another language, see
// them. A test's time zone and locale are its browser context's (timezoneId, locale);
// the server and its data are the real ones.

test.describe.configure({ mode: 'serial' });

let admin: Session;
let client: Session;

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Paula Abroad');
});

test('a file has one size in the request form and in the workspace', async ({ browser, request }) => {
  // 1,572,880 bytes: 1.5 MB, which the form's picker used to round to 2 MB.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_572_880 - 16, 0x20), Buffer.from('\n%%EOF\n')]);
  expect(pdf.length).toBe(1_572_880);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto('/request');
  await page.getByLabel('Plans and files *').setInputFiles([{ name: 'A-201 elevations.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toContainText('1.5 MB');
  await shoot(page, 'dates/request-size');

  const services = (await (await request.get('/api/services')).json()) as Array<{ _id: string; title: string }>;
  const res = await request.post('/api/queries', {
    headers: { authorization: `Bearer ${client.token}` },
    multipart: {
      message: 'Elevations for a size check',
      service: services.find((s) => s.title === 'Manufacturers')!._id,
      'files[]': { name: 'A-201 elevations.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const queryId = ((await res.json()) as { data: { _id: string } }).data._id;
  await page.goto(`/chat/${queryId}`);
  await expect(page.getByRole('complementary', { name: 'Request details' }).getByRole('region', { name: 'Plan files' })).toContainText(
    '1.5 MB · PDF',
  );
  await context.close();
});
