import { expect, test } from './fixtures.ts';
import { asUser, newClient, shoot, signInAdmin, submitRequest } from './support.ts';
import { firmDayFromNow } from '../firm-days.ts';

// Working the queue row by row, an admin opens a request and comes Back, or
// reloads, and must find the same filter, search and page; an action that empties the last page
// must not leave 'No requests match.' with no pager while matches remain.

test('the request queue keeps its filter, search and page across a request and Back, a reload, and an emptied last page', async ({
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Paula Placekeeper');
  const word = `Placekeeper${Date.now().toString(36)}`;
  const ids: string[] = [];
  for (let i = 1; i <= 11; i++) ids.push(await submitRequest(request, client, `${word} takeoff number ${i}`));

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/admin-queries');
  const queue = page.getByRole('region', { name: 'Request queue' });
  await queue.getByLabel('Status').selectOption('pending');
  await queue.getByLabel('Search').fill(word);
  // The search applies once typing pauses (300 ms); the address then carries it.
  await expect(page).toHaveURL(new RegExp(`search=${word}$`));
  const pager = page.getByRole('navigation', { name: 'Request queue pages' });
  await expect(pager).toContainText('Page 1 of 2');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Page 2 of 2');
  const rows = queue.getByRole('row').filter({ hasText: word });
  await expect(rows).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`/admin-queries\\?status=pending&search=${word}&page=2$`));

  // Open the request, come Back: the same place.
  await rows
    .first()
    .getByRole('link', { name: new RegExp(`^${word}`) })
    .click();
  await expect(page).toHaveURL(/\/admin-chat\//);
  await page.goBack();
  await expect(queue.getByLabel('Status')).toHaveValue('pending');
  await expect(queue.getByLabel('Search')).toHaveValue(word);
  await expect(pager).toContainText('Page 2 of 2');
  await expect(rows).toHaveCount(1);
  // A reload too.
  await page.reload();
  await expect(pager).toContainText('Page 2 of 2');
  await expect(rows).toHaveCount(1);

  // Start the last page's only row: it leaves Pending, and the queue goes back to the page that is left.
  await rows
    .first()
    .getByRole('button', { name: /^Start / })
    .click();
  await expect(rows).toHaveCount(10);
  await expect(queue.getByText('No requests match.')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`\\?status=pending&search=${word}$`));
  await context.close();
});

test('a queue row refused because the request moved on meanwhile shows what it is now', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Stella Stalequeue');
  const id = await submitRequest(request, client, 'Siding takeoff started elsewhere');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  // The page has not heard of the change: its socket is down (the change would otherwise reach the
  // list live, tests/e2e/live-lists.spec.ts), or the click comes first. The socket here answers nothing.
  await page.routeWebSocket(/\/ws$/, () => undefined);
  await page.goto('/admin-queries?status=all&search=Stella%20Stalequeue');
  const row = page.getByRole('region', { name: 'Request queue' }).getByRole('row').filter({ hasText: 'Siding takeoff started elsewhere' });
  await expect(row.getByRole('button', { name: /^Start / })).toBeVisible();
  // Another admin (or the client accepting a quote) starts it while this page shows it pending.
  const started = await request.patch(`/api/queries/${id}/status`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { status: 'in_progress' },
  });
  expect(started.status()).toBe(200);
  await row.getByRole('button', { name: /^Start / }).click();
  await expect(page.getByText('This query is already In Progress.')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Start / })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Mark answered/ })).toBeVisible();
  await context.close();
});

test('a request with an accepted quote shows its delivery time and countdown in the queue, beside the bid date', async ({
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Delia Delivery');
  const word = `Deliverycheck${Date.now().toString(36)}`;
  const bid = firmDayFromNow(20);
  const id = await submitRequest(request, client, `${word} takeoff`, { bidDueDate: bid });
  const plain = await submitRequest(request, client, `${word} without a quote`);
  const quoted = await request.post(`/api/queries/${id}/quotes`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { price: '900.00', standardHours: 5 },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const quoteId = ((await quoted.json()) as { data: { quotes: Array<{ _id: string }> } }).data.quotes.at(-1)!._id;
  const accepted = await request.post(`/api/quotes/${quoteId}/accept`, {
    headers: { authorization: `Bearer ${client.token}` },
    data: { option: 'standard' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto(`/admin-queries?search=${word}`);
  const queue = page.getByRole('region', { name: 'Request queue' });
  const row = (text: string) => queue.getByRole('row').filter({ hasText: text });
  await expect(queue.getByRole('columnheader', { name: 'Due' })).toBeVisible();
  // Five hours from now: under six, so it reads as soon, and the bid date says which date it is.
  const due = row('takeoff').locator('td[data-label="Due"]');
  await expect(due).toContainText(/Delivery .+ due in 4 h$/);
  await expect(due).toContainText(/^Bid /);
  await expect(due.locator('.due-count')).toHaveText('due in 4 h');
  // Without a quote: the bid date alone, as before.
  await expect(row('without a quote').locator('td[data-label="Due"]')).toHaveText('No due date');
  await shoot(page, 'queue/delivery-due');
  expect(plain).not.toBe(id);
  await context.close();
});
