import { expect, test } from './fixtures.ts';

test('the built home page is served by the real server', async ({ page, request }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('h1').first()).toBeVisible();
  expect((await request.get('/api/health')).status()).toBe(200);
});

test('an id route answers its page shell on a hard reload', async ({ request }) => {
  const res = await request.get('/chat/some-query-id');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
});

test('an unknown page answers 404', async ({ request }) => {
  expect((await request.get('/no-such-page')).status()).toBe(404);
});
