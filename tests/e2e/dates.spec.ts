import { expect, test, type APIRequestContext } from './fixtures.ts';
import { E2E } from './env.ts';
import { asUser, newClient, say, shoot, signInAdmin, submitRequest, type Session } from './support.ts';

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

/** A zone where the calendar day differs from UTC's right now: 12 h behind before noon UTC, 14 h ahead after. */
const zoneOffTheUtcDay = () => (new Date().getUTCHours() < 12 ? 'Etc/GMT+12' : 'Pacific/Kiritimati');

async function publishPost(request: APIRequestContext, title: string) {
  const categories = ((await (await request.get('/api/categories')).json()) as { data: Array<{ _id: string; name: string }> }).data;
  const res = await request.post('/api/blogs', {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: { title, category: categories[0]!._id, body: '<p>A post read far from Miami.</p>', status: 'published' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { slug: string; createdAt: string } }).data;
}

test('a blog post shows its UTC day on /blog before and after the island takes over, on its page and in /admin-blogs', async ({
  browser,
  request,
}) => {
  const title = `Takeoffs across time zones ${Date.now().toString(36)}`;
  const post = await publishPost(request, title);
  const utcDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(post.createdAt));
  const timezoneId = zoneOffTheUtcDay();
  const localDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: timezoneId }).format(new Date(post.createdAt));
  expect(localDay, 'the zone puts the post on another day').not.toBe(utcDay);

  const context = await browser.newContext({ timezoneId, locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true })));
  const page = await context.newPage();
  await page.goto('/blog');
  // Hydrated: the island has replaced the server's copy.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator('.bl-card').filter({ hasText: title }).locator('time')).toHaveText(utcDay);
  await expect(page.locator('.rp li').filter({ hasText: title }).locator('time')).toHaveText(utcDay);
  await page.goto(`/blog/${post.slug}`);
  await expect(page.locator('.post-meta time')).toHaveText(utcDay);
  await context.close();

  const adminContext = await browser.newContext({ timezoneId, locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await asUser(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin-blogs');
  await expect(
    adminPage
      .locator('.bc')
      .filter({ hasText: title.split(' ').slice(0, 4).join(' ') })
      .locator('time'),
  ).toHaveText(utcDay);
  await shoot(adminPage, 'dates/admin-blogs');
  await adminContext.close();
});

test("the bid due date picker starts at the person's own today, in Miami after 7 PM and on a Tokyo morning", async ({ browser }) => {
  for (const [timezoneId, now, today] of [
    ['America/New_York', '2026-11-24T19:30:00-05:00', '2026-11-24'],
    ['Asia/Tokyo', '2026-11-25T08:00:00+09:00', '2026-11-25'],
  ] as const) {
    const context = await browser.newContext({ timezoneId, locale: 'en-US' });
    await asUser(context, client);
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date(now));
    await page.goto('/request');
    await expect(page.getByLabel('Bid due date (optional)'), timezoneId).toHaveAttribute('min', today);
    await context.close();
  }
});

test('under a Spanish browser every date reads in en-US: chat, dashboard, My Queries and the users list', async ({ browser, request }) => {
  const queryId = await submitRequest(request, client, 'Stucco takeoff for a Coral Way duplex');
  await say(E2E.baseURL, client, queryId, '¿Incluye el muro perimetral?');
  const enDate = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;
  const enTime = /^\d{1,2}:\d{2}\s[AP]M$/;
  const enDateTime = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;

  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${queryId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.locator('.msg').filter({ hasText: '¿Incluye el muro perimetral?' }).locator('time')).toHaveText(enDateTime);
  await shoot(page, 'dates/chat-es');
  // The workspace beside it reads the same way.
  await expect(
    page.getByRole('complementary', { name: 'Request details' }).getByRole('region', { name: 'History' }).locator('time').first(),
  ).toHaveText(enDateTime);

  await page.goto('/portal');
  const activity = page.getByRole('table').getByRole('row').nth(1);
  await expect(activity.getByRole('cell').nth(2)).toHaveText(enDate);
  await expect(activity.getByRole('cell').nth(3)).toHaveText(enTime);

  await page.goto('/my-queries');
  const row = page.getByRole('row').filter({ hasText: 'Stucco takeoff for…' });
  await expect(row.locator('td[data-label="Created At"]')).toHaveText(enDateTime);
  await row.getByRole('button', { name: /View/ }).click();
  await expect(page.getByRole('dialog', { name: 'Query Details' }).locator('dd').last()).toHaveText(enDateTime);
  await context.close();

  const adminContext = await browser.newContext({ locale: 'es-ES', viewport: { width: 1280, height: 900 } });
  await asUser(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/user');
  await expect(adminPage.getByRole('row').filter({ hasText: client.user.email }).locator('time')).toHaveText(enDateTime);
  await shoot(adminPage, 'dates/users-es');
  await adminContext.close();
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
