import { expect, test } from './fixtures.ts';
import { asUser, newClient, signInAdmin, type Session } from './support.ts';

// docs/product.md §8's fallback texts when a call has no sentence of its own: the network failed, the
// answer is a proxy's plain-text 5xx, or a success whose body is not JSON. Each showed a text
// of ours ('Network error…', 'Request failed (500)') or broke the screen.

let admin: Session;
let client: Session;
test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Fiona Fallback');
});

test('client screens: the network down, a plain-text 503, a body that is not JSON', async ({ browser }) => {
  const context = await browser.newContext();
  await asUser(context, client);
  const page = await context.newPage();

  await page.route('**/api/queries/me', (route) => route.abort());
  await page.goto('/my-queries');
  await expect(page.getByText('Error: Failed to fetch your queries')).toBeVisible();

  await page.route('**/api/recent-activities*', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service down body' }),
  );
  await page.goto('/portal');
  await expect(page.getByText('Error 503: Service down body')).toBeVisible();

  await page.route('**/api/users/profile', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy</html>' }));
  await page.goto('/client-profile');
  await expect(page.getByText('Error loading profile: Failed to fetch profile')).toBeVisible();
  await context.close();
});

test('admin and sign-in screens fall back to their own texts', async ({ browser }) => {
  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  await page.route('**/api/users?*', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>proxy</html>' }));
  await page.goto('/user');
  await expect(page.getByText('Failed to fetch users')).toBeVisible();
  await context.close();

  const visitor = await browser.newPage();
  await visitor.route('**/api/auth/login', (route) => route.abort());
  await visitor.goto('/login');
  await visitor.getByLabel('Email').fill(client.user.email);
  await visitor.getByLabel('Password', { exact: true }).fill('whatever-123');
  await visitor.getByRole('button', { name: /^Login$/ }).click();
  await expect(visitor.locator('[data-sonner-toast]').getByText('Login failed', { exact: true })).toBeVisible();
  await expect(visitor.locator('#login-error')).toHaveText('Login failed');
  await visitor.close();
});

test("the public blog says the server's sentence when categories fail, else its own fallback", async ({ page }) => {
  await page.route('**/api/categories', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Categories are resting.' }) }),
  );
  await page.goto('/blog');
  await expect(page.locator('#blog-category-error')).toHaveText('Categories are resting.');

  await page.unroute('**/api/categories');
  await page.route('**/api/categories', (route) => route.abort());
  await page.reload();
  await expect(page.locator('#blog-category-error')).toHaveText('Failed to fetch categories');
});
