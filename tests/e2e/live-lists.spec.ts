import { expect, test } from './fixtures.ts';
import { asUser, newClient, signInAdmin, submitRequest, unreadWatched } from './support.ts';

// A client's My Queries and dashboard, and the admin's queue, kept an old status
// until a reload, while the chat screen changed live. A request's changes now reach every signed-in
// page of its owner and of the firm over the unread socket, and those lists refresh.

test("the client's My Queries and dashboard, and the admin's queue, follow a request without a reload", async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Lena Livelist');
  const id = await submitRequest(request, client, `Live list check ${Date.now()}`);

  const clientContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await asUser(clientContext, client);
  const myQueries = await clientContext.newPage();
  // A change reaches only a page that already listens for it: each page waits for its socket.
  const myQueriesListens = unreadWatched(myQueries);
  await myQueries.goto('/my-queries');
  await expect(myQueries.getByText('Pending').first()).toBeVisible();
  await myQueriesListens;
  const dashboard = await clientContext.newPage();
  const dashboardListens = unreadWatched(dashboard);
  await dashboard.goto('/portal');
  const withResult = dashboard.getByRole('heading', { name: 'Queries With Result' }).locator('..').locator('.stat-value');
  await expect(withResult).toHaveText('0');
  await dashboardListens;

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(adminContext, admin);
  const queue = await adminContext.newPage();
  const queueListens = unreadWatched(queue);
  await queue.goto('/admin-queries?search=Livelist');
  const rows = queue.getByRole('region', { name: 'Request queue' }).getByRole('row').filter({ hasText: 'Live list check' });
  await expect(rows).toHaveCount(1);
  await queueListens;

  // Started and answered by the firm (through the API, as another admin would): the client's pages follow.
  const auth = { authorization: `Bearer ${admin.token}` };
  expect((await request.patch(`/api/queries/${id}/status`, { headers: auth, data: { status: 'in_progress' } })).status()).toBe(200);
  await expect(myQueries.getByText('In Progress').first()).toBeVisible();
  const answered = await request.patch(`/api/queries/${id}/status`, { headers: auth, data: { status: 'answered' } });
  expect(answered.status(), await answered.text()).toBe(200);
  await expect(myQueries.getByText('Answered').first()).toBeVisible();
  await expect(withResult).toHaveText('1');

  // A new request of the client reaches the open queue.
  await submitRequest(request, client, `Live list check, the second ${Date.now()}`);
  await expect(rows).toHaveCount(2);
  await clientContext.close();
  await adminContext.close();
});
