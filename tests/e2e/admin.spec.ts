import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext } from './fixtures.ts';
import WebSocket from 'ws';
import { E2E } from './env.ts';
import {
  asUser,
  expectNoAxeViolations,
  keepShot,
  newClient,
  outboxMails,
  type Session,
  shoot,
  signInAdmin,
  unreadWatched,
} from './support.ts';

// The admin journeys: answer a request with a deliverable (the client
// downloads it), close a query (the client's open chat turns closed live), and
// reply to a message by double-clicking it. Accounts and queries are made through
// the real API and the real outbox; nothing is mocked.

test.describe.configure({ mode: 'serial' });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function newQuery(request: APIRequestContext, who: Session, message: string, bidDueDate?: string): Promise<string> {
  const services = (await (await request.get('/api/services')).json()) as Array<{
    _id: string;
    title: string;
    subservices: Array<{ _id: string; title: string }>;
  }>;
  const sub = services.find((s) => s.title === 'Sub-Contractor')!;
  const res = await request.post('/api/queries', {
    headers: { authorization: `Bearer ${who.token}` },
    multipart: {
      message,
      service: sub._id,
      subService: sub.subservices.find((s) => s.title === 'Concrete')!._id,
      ...(bidDueDate ? { bidDueDate } : {}),
      'files[]': { name: 'plans.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** A client's chat messages sent in order over the real /ws protocol; answers their ids. */
async function sendAsClient(who: Session, queryId: string, messages: string[]): Promise<string[]> {
  const ws = new WebSocket(`${E2E.baseURL.replace('http', 'ws')}/ws`);
  const ids: string[] = [];
  const next = () =>
    ws.send(JSON.stringify({ type: 'sendMessage', token: who.token, queryId, message: messages[ids.length], replyTo: null }));
  try {
    return await new Promise<string[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no receiveMessage')), 15_000);
      ws.on('open', () => ws.send(JSON.stringify({ type: 'joinRoom', token: who.token, queryId })));
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data));
        if (frame.type === 'joined') next();
        if (frame.type === 'receiveMessage' && frame.message.message === messages[ids.length]) {
          ids.push(frame.message._id as string);
          if (ids.length === messages.length) {
            clearTimeout(timer);
            resolve(ids);
          } else next();
        }
        if (frame.type === 'error') reject(new Error(frame.message));
      });
    });
  } finally {
    ws.close();
  }
}

let admin: Session;
let client: Session;

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Marco Builder');
});

test('an admin answers a request with a deliverable and the client downloads it', async ({ browser, request }) => {
  const queryId = await newQuery(request, client, 'Concrete and rebar takeoff for a 4-story parking garage in Doral.', '2030-03-01');
  await newQuery(request, client, 'Slab on grade for a Hialeah warehouse, due later.', '2030-09-15');

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(adminContext, admin);
  const page = await adminContext.newPage();

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Marco Builder submitted a query').first()).toBeVisible();
  await expect(page.getByRole('img', { name: /Requests per week by status/ })).toBeVisible();
  await shoot(page, 'admin-dashboard');

  await page.goto('/admin-queries');
  const queue = page.getByRole('region', { name: 'Request queue' });
  // Soonest bid due date first.
  const rows = queue.getByRole('row').filter({ hasText: 'Marco Builder' });
  await expect(rows.first()).toContainText('parking garage');
  await queue.getByLabel('Search').fill('parking garage');
  await expect(queue.getByRole('row')).toHaveCount(2);
  const row = queue.getByRole('row').filter({ hasText: 'parking garage' });
  await row.getByRole('button', { name: /^Start / }).click();
  await expect(row.getByText('In Progress')).toBeVisible();
  await shoot(page, 'admin-queries');

  await row.getByRole('button', { name: /^Mark answered/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark answered' });
  await dialog.getByLabel(/Deliverables/).setInputFiles({ name: 'garage-takeoff.pdf', mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByRole('button', { name: 'Upload and mark answered' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Answered', { exact: true })).toBeVisible();

  // The client is told by e-mail.
  await expect
    .poll(async () =>
      (await outboxMails()).some((m) => m.to.includes(client.user.email) && `${m.subject}\n${m.text}`.includes('Your estimate is ready')),
    )
    .toBe(true);

  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await asUser(clientContext, client);
  const cpage = await clientContext.newPage();
  await cpage.goto('/my-queries');
  await cpage.getByRole('button', { name: /View query: Concrete and rebar/ }).click();
  const details = cpage.getByRole('dialog', { name: 'Query Details' });
  const link = details.getByRole('link', { name: /garage-takeoff\.pdf/ });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([cpage.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('garage-takeoff.pdf');
  expect((await fs.readFile((await download.path())!)).equals(PDF)).toBe(true);
  expect(queryId).toBeTruthy();
  await adminContext.close();
  await clientContext.close();
});

test("an admin closes a query and the client's open chat turns closed live", async ({ browser, request }) => {
  const queryId = await newQuery(request, client, 'Framing takeoff for a duplex in Little Havana.');
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(clientContext, client);
  const cpage = await clientContext.newPage();
  await cpage.goto(`/chat/${queryId}`);
  await expect(cpage.getByPlaceholder('Type a message')).toBeVisible();

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(adminContext, admin);
  const page = await adminContext.newPage();
  // The client's leaving is told only to an admin page that already listens.
  const adminListens = unreadWatched(page);
  await page.goto(`/admin-chat/${queryId}`);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByText('Marco Builder')).toBeVisible();
  await adminListens;
  // The client's chat is open: the online indicator is real.
  await expect(conversation.getByText('Online', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Marco Builder, online: Click to load chat\b/ })).toBeVisible();
  await expect(conversation.getByText('Framing takeoff for a duplex in Little Havana.')).toBeVisible();
  await expect(conversation.getByText('No messages yet')).toBeVisible();

  await conversation.getByRole('button', { name: 'Close Query' }).click();
  const confirm = page.getByRole('dialog', { name: 'Close Query' });
  await expect(confirm).toContainText('Are you sure you want to close this query? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await conversation.getByRole('button', { name: 'Close Query' }).click();
  await confirm.getByRole('button', { name: 'Yes, Close Query' }).click();
  await expect(page.getByText('Query closed successfully')).toBeVisible();
  await expect(conversation.getByRole('button', { name: 'Close Query' })).toHaveCount(0);

  await expect(cpage.getByText('This conversation is closed. You cannot send more messages.')).toBeVisible();
  await expect(cpage.getByPlaceholder('Type a message')).toHaveCount(0);
  await expect(conversation.getByText('This query is closed. No more messages can be sent.')).toBeVisible();
  await shoot(page, 'admin-chat-closed');
  // The dot follows the client's connection: closing their tab turns it off live.
  await clientContext.close();
  await expect(conversation.getByText('Offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Marco Builder: Click to load chat\b/ })).toBeVisible();
  await adminContext.close();
});

test('reply by double-click shows "Reply to:" and the sent reply is linked', async ({ browser, request }) => {
  const queryId = await newQuery(request, client, 'Masonry estimate for a church in Coral Gables.');
  const fillers = Array.from({ length: 12 }, (_, i) => `Note ${i + 1}: sheet A-${i + 1} is attached.`);
  const [originalId] = await sendAsClient(client, queryId, ['Can you also include the rebar schedule?', ...fillers]);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(adminContext, admin);
  const page = await adminContext.newPage();
  await page.goto('/admin-chat');
  await expect(page.getByText('Select a query to open the chat.')).toBeVisible();
  // Selecting the user opens their first (newest) query.
  await page.getByRole('button', { name: /Marco Builder.*Click to load chat/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-chat/${queryId}$`));

  const conversation = page.getByRole('region', { name: 'Conversation' });
  const original = page.locator(`#msg-${originalId}`);
  await expect(original).toContainText('Can you also include the rebar schedule?');
  const input = conversation.getByPlaceholder('Type a message');
  const send = conversation.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();

  await original.dblclick();
  await expect(conversation.getByText('Reply to:')).toBeVisible();
  await conversation.getByRole('button', { name: 'Cancel reply' }).click();
  await expect(conversation.getByText('Reply to:')).toHaveCount(0);
  await original.dblclick();
  await input.fill('Yes, the rebar schedule is included.');
  await input.press('Enter');
  await expect(conversation.getByText('Reply to:')).toHaveCount(0);

  const reply = conversation.locator('.msg').filter({ hasText: 'Yes, the rebar schedule is included.' });
  await expect(reply).toBeVisible();
  await expect(reply.locator('a.msg-quote')).toHaveAttribute('href', `#msg-${originalId}`);
  // A new reply scrolls smoothly to the message it answers, centred.
  await expect(original).toBeInViewport();
  await expect(conversation.getByText('Note 12: sheet A-12 is attached.')).not.toBeInViewport();
  // So does opening a chat whose messages include a reply; the quote link does it on demand.
  await page.reload();
  await expect(original).toBeInViewport();
  await conversation.getByText('Note 12: sheet A-12 is attached.').scrollIntoViewIfNeeded();
  await expect(original).not.toBeInViewport();
  await reply.locator('a.msg-quote').click();
  await expect(original).toBeInViewport();
  const history = await request.get(`/api/chats/query/${queryId}/message`, { headers: { authorization: `Bearer ${admin.token}` } });
  const messages = (await history.json()) as Array<{ message: string; replyTo: { _id: string } | null }>;
  expect(messages.find((m) => m.message === 'Yes, the rebar schedule is included.')?.replyTo?._id).toBe(originalId);
  await shoot(page, 'admin-chat');

  // Small screens: the list hides once a chat is open; the back arrow returns to it.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('complementary', { name: 'Chats' })).toBeHidden();
  await conversation.getByRole('button', { name: 'Back to the list of chats' }).click();
  await expect(page.getByRole('complementary', { name: 'Chats' })).toBeVisible();
  await keepShot(page, { path: path.resolve('test-results', 'admin-chat-list-375.png'), fullPage: true });
  await adminContext.close();
});

test('manages services: add, add sub-service, view, edit and delete with the confirms', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/admin-service');
  await expect(page.getByRole('heading', { name: 'Manage Services' })).toBeVisible();

  await page.getByRole('button', { name: 'Add New Service' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New Service' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter a service title.');
  await dialog.getByLabel('Title *').fill('Owner Estimates');
  await dialog.getByLabel('Description').fill('Budgets for owners and developers.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Service created successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Add Sub-Service', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Add Sub-Service' });
  await dialog.getByLabel('Title *').fill('Feasibility Budget');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please choose a parent service.');
  await dialog.getByLabel('Parent service *').selectOption({ label: 'Owner Estimates' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sub-service created successfully')).toBeVisible();

  await page.getByRole('button', { name: /Owner Estimates/, expanded: false }).click();
  await page.getByRole('button', { name: 'View Feasibility Budget' }).click();
  await expect(page.getByRole('dialog', { name: 'Feasibility Budget' })).toContainText('Owner Estimates');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Edit Feasibility Budget' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Sub-Service' });
  await dialog.getByLabel('Title *').fill('Feasibility Budgets');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Service updated successfully')).toBeVisible();
  await shoot(page, 'admin-services');

  await page.getByRole('button', { name: 'Delete Feasibility Budgets' }).click();
  let confirm = page.getByRole('dialog').filter({ hasText: 'Delete subservice "Feasibility Budgets"?' });
  // A destructive confirmation opens on Cancel (Enter pressed twice deletes nothing).
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: 'Delete Feasibility Budgets' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete Owner Estimates' }).click();
  confirm = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to delete this service?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, { include: ['dialog[open]'] });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('button', { name: /Owner Estimates/ })).toHaveCount(0);
  await context.close();
});

test('the clients list, its menu and the queries modal work from the keyboard', async ({ browser, request }) => {
  const long = `Full estimate for a mixed-use tower in Brickell: ${'concrete, steel, curtain wall, MEP and finishes '.repeat(3)}with alternates.`;
  await newQuery(request, client, long);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/admin-queries');
  const clients = page.getByRole('region', { name: 'Clients' });
  const menuButton = clients.getByRole('button', { name: 'Options for Marco Builder' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(clients.getByRole('button', { name: 'View User' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(clients.getByRole('button', { name: 'View User' })).toHaveCount(0);
  await expect(menuButton).toBeFocused(); // not dropped to the page's body
  // Outside click closes it too.
  await menuButton.click();
  await page.getByRole('heading', { name: 'Queries', exact: true }).click();
  await expect(clients.getByRole('button', { name: 'View Queries' })).toHaveCount(0);

  await menuButton.click();
  // The menu opens with its first item focused, as it does from the keyboard; Tab then reaches View Queries.
  await expect(clients.getByRole('button', { name: 'View User' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(clients.getByRole('button', { name: 'View Queries' })).toBeFocused();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Queries of Marco Builder' });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Closed', { exact: true }).first()).toBeVisible();
  // 100 characters, then Expand / Show Less.
  await expect(modal.getByText(long)).toHaveCount(0);
  await modal.getByRole('button', { name: 'Expand' }).click();
  await expect(modal.getByText(long)).toBeVisible();
  await modal.getByRole('button', { name: 'Show Less' }).click();
  await expect(modal.getByText(long.slice(0, 100).trimEnd() + '…')).toBeVisible();
  await expect(modal.getByRole('link', { name: 'File 1' }).first()).toBeVisible();
  await expect(modal.getByRole('link', { name: 'SEND MESSAGE' }).first()).toHaveAttribute('href', /^\/admin-chat\//);
  await shoot(page, 'admin-queries-modal');
  // Closing the modal gives the focus back to the menu button it was opened from.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(clients.getByRole('button', { name: 'View User' })).toBeFocused();
  await page.keyboard.press('Enter');
  const user = page.getByRole('dialog', { name: 'User' });
  await expect(user).toContainText(client.user.email);
  await page.keyboard.press('Escape');
  await expect(user).toBeHidden();
  await expect(menuButton).toBeFocused();
  await context.close();
});

test('the admin screens pass axe-core WCAG 2 A/AA checks', async ({ browser, request }) => {
  const queryId = await newQuery(request, client, 'Drywall and ceilings for a clinic in Kendall.');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  for (const [url, ready] of [
    ['/admin', 'Recent Activities'],
    ['/admin-queries', 'Request queue'],
    ['/admin-service', 'Manage Services'],
    [`/admin-chat/${queryId}`, 'Drywall and ceilings for a clinic in Kendall.'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByText(ready).first()).toBeVisible();
    // Checked once the screen's reads have answered: nothing says it is still loading.
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectNoAxeViolations(page);
  }
  await context.close();
});
