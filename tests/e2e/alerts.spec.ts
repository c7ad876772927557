import { expect, test } from './fixtures.ts';
import { asUser, newClient, shoot, signInAdmin, submitRequest, unreadWatched } from './support.ts';

// In-app alerts: a step the other side takes on a request (a quote, its acceptance…) pops up on
// every signed-in page but that request's own workspace, with a way there. Before, the lists
// refreshed live but nothing said what had happened.

test('the other side’s steps pop up with a way to the request, except on its own workspace', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Alba Alerta');
  const project = `Coral Gables Annex ${Date.now()}`;
  const id = await submitRequest(request, client, 'Framing takeoff for the annex.', { projectName: project });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const clientContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await asUser(clientContext, client);
  const myQueries = await clientContext.newPage();
  // Each side's steps are told only to a page that already listens for them.
  const clientListens = unreadWatched(myQueries);
  await myQueries.goto('/my-queries');
  await expect(myQueries.getByRole('heading', { name: 'My Queries' })).toBeVisible();
  await clientListens;
  const workspace = await clientContext.newPage();
  const workspaceListens = unreadWatched(workspace);
  await workspace.goto(`/chat/${id}`);
  await expect(workspace.getByRole('complementary', { name: 'Request details' })).toBeVisible();
  await workspaceListens;

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(adminContext, admin);
  const queue = await adminContext.newPage();
  const adminListens = unreadWatched(queue);
  await queue.goto('/admin-queries');
  await expect(queue.getByRole('region', { name: 'Request queue' })).toBeVisible();
  await adminListens;

  // The firm quotes: the client's My Queries says so; the workspace, which shows the quote, does not.
  const quoted = await request.post(`/api/queries/${id}/quotes`, { headers: bearer(admin.token), data: { price: 900 } });
  expect(quoted.status(), await quoted.text()).toBe(201);
  const quoteId = ((await quoted.json()) as { data: { quotes: Array<{ _id: string }> } }).data.quotes[0]!._id;
  const alert = myQueries.getByText(`New quote: ${project}`);
  await expect(alert).toBeVisible();
  await expect(workspace.getByLabel('Quote in the chat')).toBeVisible();
  await expect(workspace.getByText(`New quote: ${project}`)).toHaveCount(0);
  // The firm's own step is not told back to the firm.
  await expect(queue.getByText(`New quote: ${project}`)).toHaveCount(0);
  await shoot(myQueries, 'alerts/client-new-quote');

  // The client accepts: the admin's queue says so.
  const accepted = await request.post(`/api/quotes/${quoteId}/accept`, { headers: bearer(client.token), data: { option: 'standard' } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await expect(queue.getByText(`Quote accepted: ${project}`)).toBeVisible();
  await expect(myQueries.getByText(`Quote accepted: ${project}`)).toHaveCount(0);
  await shoot(queue, 'alerts/admin-quote-accepted');

  // The alert's button leads to the request, by keyboard.
  const go = myQueries.getByRole('button', { name: 'Go to request' });
  await go.focus();
  await myQueries.keyboard.press('Enter');
  await myQueries.waitForURL(`**/chat/${id}`);
  await expect(myQueries.getByRole('complementary', { name: 'Request details' })).toBeVisible();
  await clientContext.close();
  await adminContext.close();
});
