import { expect, test } from './fixtures.ts';
import { asUser, newClient, signInAdmin, submitRequest } from './support.ts';

// A workspace left open past its links' hour followed dead links (403), and the
// download failed without a word. A link about to expire asks for the request again and follows
// the fresh one; the browser's clock is moved two hours on to make the page's links old.

test('a file link of a workspace left open past its hour is signed again when clicked, and the file downloads', async ({
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Lena Latelink');
  const id = await submitRequest(request, client, 'Framing takeoff opened in the morning');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await asUser(context, client);
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`/chat/${id}`);
  const panel = page.getByRole('complementary', { name: 'Request details' });
  const link = panel.getByRole('link', { name: 'plans.pdf' });
  await expect(link).toBeVisible();

  // After lunch: two hours on, the page's link has expired by its own clock.
  await page.clock.fastForward('02:00:00');
  const workspaceCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/queries/${id}/workspace`)) workspaceCalls.push(r.url());
  });
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(workspaceCalls.length).toBeGreaterThanOrEqual(1);
  expect(file.suggestedFilename()).toBe('plans.pdf');
  expect(await file.failure()).toBeNull();
  await context.close();
});
