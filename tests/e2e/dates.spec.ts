import { expect, test } from './fixtures.ts';
import { E2E } from './env.ts';
import { DISMISS_WELCOME } from './public-pages.ts';
import { asUser, say, shoot } from './support.ts';

// Dates and sizes as people far from Miami, or with a browser in another language, see them. A
// test's time zone and locale are its browser context's (timezoneId, locale), its clock the
// page's; the server and its data are the real ones. The other screens' dates under a Spanish
// browser and a post's day in /admin-blogs are held by site/features/dates.test.tsx, the day
// on a post's own page (server HTML) by tests/api/blogs.test.ts.

/** A zone where the calendar day at `at` differs from UTC's: 12 h behind before noon UTC, 14 h ahead after. */
const zoneOffTheUtcDay = (at: Date) => (at.getUTCHours() < 12 ? 'Etc/GMT+12' : 'Pacific/Kiritimati');

test("/blog shows a post's UTC day once its island has taken over, in a zone where the local day is another", async ({
  browser,
  request,
  admin,
}) => {
  const title = `Takeoffs across time zones ${Date.now().toString(36)}`;
  const categories = ((await (await request.get('/api/categories')).json()) as { data: Array<{ _id: string }> }).data;
  const res = await request.post('/api/blogs', {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: { title, category: categories[0]!._id, body: '<p>A post read far from Miami.</p>', status: 'published' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const at = new Date(((await res.json()) as { data: { createdAt: string } }).data.createdAt);
  const utcDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  const timezoneId = zoneOffTheUtcDay(at);
  const localDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: timezoneId }).format(at);
  expect(localDay, 'the zone puts the post on another day').not.toBe(utcDay);

  const context = await browser.newContext({ timezoneId, locale: 'en-US', viewport: { width: 1280, height: 900 } });
  await context.addInitScript(DISMISS_WELCOME);
  const page = await context.newPage();
  await page.goto('/blog');
  // Hydrated: the island has replaced the server's copy and draws the dates itself.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.locator('.bl-card').filter({ hasText: title }).locator('time')).toHaveText(utcDay);
  await expect(page.locator('.rp li').filter({ hasText: title }).locator('time')).toHaveText(utcDay);
  await context.close();
});

test("a Spanish browser in Miami after 7 PM: the chat reads in en-US, a file has one size in workspace and form, the bid date picker starts at Miami's today", async ({
  browser,
  request,
  sharedClient,
}) => {
  // 1,572,880 bytes: 1.5 MB, which the form's picker used to round to 2 MB.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_572_880 - 16, 0x20), Buffer.from('\n%%EOF\n')]);
  expect(pdf.length).toBe(1_572_880);
  const services = (await (await request.get('/api/services')).json()) as Array<{ _id: string; title: string }>;
  const res = await request.post('/api/queries', {
    headers: { authorization: `Bearer ${sharedClient.token}` },
    multipart: {
      message: 'Stucco takeoff for a Coral Way duplex',
      service: services.find((s) => s.title === 'Manufacturers')!._id,
      'files[]': { name: 'A-201 elevations.pdf', mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const queryId = ((await res.json()) as { data: { _id: string } }).data._id;
  await say(E2E.baseURL, sharedClient, queryId, '¿Incluye el muro perimetral?');
  const enDateTime = /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;

  const context = await browser.newContext({ locale: 'es-ES', timezoneId: 'America/New_York', viewport: { width: 1280, height: 900 } });
  await asUser(context, sharedClient);
  const page = await context.newPage();
  await page.goto(`/chat/${queryId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.locator('.msg').filter({ hasText: '¿Incluye el muro perimetral?' }).locator('time')).toHaveText(enDateTime);
  // The workspace beside it reads the same way, and gives the plans the size the form gave them.
  const details = page.getByRole('complementary', { name: 'Request details' });
  await expect(details.getByRole('region', { name: 'History' }).locator('time').first()).toHaveText(enDateTime);
  await expect(details.getByRole('region', { name: 'Plan files' })).toContainText('1.5 MB · PDF');
  await shoot(page, 'dates/chat-es');

  // 7:30 PM in Miami, when the UTC day has already turned: the picker starts at Miami's today.
  await page.clock.setFixedTime(new Date('2026-11-24T19:30:00-05:00'));
  await page.goto('/request');
  await expect(page.getByLabel('Bid due date (optional)')).toHaveAttribute('min', '2026-11-24');
  await page.getByLabel('Plans and files *').setInputFiles([{ name: 'A-201 elevations.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toContainText('1.5 MB');
  await shoot(page, 'dates/request-size');
  await context.close();
});
