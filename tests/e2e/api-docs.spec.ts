import { expect, test } from './fixtures.ts';
import { E2E } from './env.ts';
import { shoot } from './support.ts';

// /api/docs is Scalar's interactive reference, and everything it
// loads comes from this server (no CDN: the product runs without internet).

test('the API reference renders from this server alone', async ({ page }) => {
  const requested: string[] = [];
  const refused: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  page.on('console', (msg) => {
    if (/Content.Security.Policy|Refused to/i.test(msg.text())) refused.push(msg.text());
  });
  await page.goto('/api/docs');
  // Scalar has replaced the plain list: its search and an operation of the document.
  await expect(page.getByRole('heading', { name: 'Estimating portal API', level: 1 })).toBeVisible();
  await expect(page.getByText('Chat WebSocket').first()).toBeVisible();
  await expect(page.getByText('The interactive reference replaces this list')).toHaveCount(0);
  await expect(page.getByText('Generate MCP')).toHaveCount(0);
  await shoot(page, 'api-docs');
  const foreign = requested.filter((url) => !url.startsWith(E2E.baseURL) && !url.startsWith('data:') && !url.startsWith('blob:'));
  expect(foreign).toEqual([]);
  expect(requested.some((url) => url.includes('/api/docs/scalar.js?v='))).toBe(true);
  expect(refused).toEqual([]);
});
