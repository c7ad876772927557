import path from 'node:path';
import { expect, test, type Locator } from './fixtures.ts';
import {
  asUser,
  expectNoAxeViolations,
  keepShot,
  newClient,
  type Session,
  shoot,
  signInAdmin,
  submitRequest,
  toastShown,
} from './support.ts';

// The client journey: sign in → submit a request with a PDF (progress
// shown) → My Queries → View → Chat → send; an admin's reply arrives live.
// Accounts are made through the real API and the real outbox; nothing is mocked.

test.describe.configure({ mode: 'serial' });

let admin: Session;
let client: Session;
let queryId = '';

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Dana Contractor');
});

test('submits a request with a PDF, finds it in My Queries, opens its chat and talks live with an admin', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();

  // A new client's empty lists lead to the request form.
  for (const where of ['/my-queries', '/chat']) {
    await page.goto(where);
    await expect(page.getByRole('link', { name: 'Submit your first request' })).toHaveAttribute('href', '/request');
    await expectNoAxeViolations(page);
    await shoot(page, `portal-empty-${where.slice(1)}`);
  }

  // Preselected from a trade page link, which sends titles.
  await page.goto('/request?service=Sub-Contractor&subService=Demolititon');
  await expect(page.getByRole('heading', { name: 'SUBMIT REQUEST FORM' })).toBeVisible();
  await expect(page.getByLabel('Service *', { exact: true })).toHaveValue(/.+/);
  await expect(page.getByLabel('Service *', { exact: true }).locator('option:checked')).toHaveText('Sub-Contractor');
  await expect(page.getByLabel('Sub-Service *').locator('option:checked')).toHaveText('Demolititon');
  await expect(page.getByText(/at most 50 MB each/)).toBeVisible();

  // Validation first: no description, no file.
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all required fields.' })).toBeVisible();

  // Changing the service clears the sub-service; a service without sub-services hides it.
  await page.getByLabel('Service *', { exact: true }).selectOption({ label: 'Manufacturers' });
  await expect(page.getByLabel('Sub-Service *')).toHaveCount(0);
  await page.getByLabel('Service *', { exact: true }).selectOption({ label: 'Sub-Contractor' });
  await expect(page.getByLabel('Sub-Service *')).toHaveValue('');
  await page.getByLabel('Sub-Service *').selectOption({ label: 'Demolititon' });

  await page.getByLabel('Project name *').fill('Hialeah Retail Demolition');
  await page.getByLabel('Description *').fill('Interior demolition takeoff for a two-storey retail building in Hialeah');
  await page.getByLabel('Bid due date (optional)').fill('2030-01-15');
  // A plan set big enough that the upload, throttled below, shows its progress.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 0x20), Buffer.from('\n%%EOF\n')]);
  await page.getByLabel('Plans and files *').setInputFiles([
    { name: 'A-101 demolition plan.pdf', mimeType: 'application/pdf', buffer: pdf },
    { name: 'extra.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Remove extra.pdf' }).click();
  await expect(page.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(1);
  await shoot(page, 'portal-request');

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  // Watched from before the click: the toast shows and the form is reset in the second before the redirect.
  const resetSeen = page.waitForFunction(() => document.querySelector('textarea')?.value === '', null, { polling: 50, timeout: 60_000 });
  const toastSeen = toastShown(page, 'Query submitted successfully!');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  await expect(page.getByText(/^\d{1,3}%$/)).toBeVisible();
  // Seen: the rest goes at full speed.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await toastSeen;
  await resetSeen;
  await page.waitForURL('**/my-queries', { timeout: 5000 });
  // The success is said again here, where it stays to be read; once.
  const carried = page.getByRole('status').filter({ hasText: 'Query submitted successfully!' });
  await expect(carried).toBeVisible();
  await expectNoAxeViolations(page);

  // My Queries: first 3 words, View → Query Details.
  const row = page.getByRole('row').filter({ hasText: 'Interior demolition takeoff…' });
  await expect(row).toBeVisible();
  await expect(page.getByText(/Page \d+ of/)).toHaveCount(0);
  await row.getByRole('button', { name: /View/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Query Details' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sub-Contractor')).toBeVisible();
  await expect(dialog.getByText('Demolititon')).toBeVisible();
  // The bid due date as the workspace shows it, not as stored (2030-01-15).
  await expect(dialog.getByText('Jan 15, 2030', { exact: true })).toBeVisible();
  const attachment = dialog.getByRole('link', { name: 'A-101 demolition plan.pdf' });
  await expect(attachment).toBeVisible();
  expect((await page.request.get((await attachment.getAttribute('href'))!)).status()).toBe(200);
  await shoot(page, 'portal-query-details');
  await dialog.getByRole('button', { name: 'Chat' }).click();
  await page.waitForURL(/\/chat\/[a-z0-9]+$/);
  queryId = page.url().split('/chat/')[1]!;

  // Chat: the list, the header, the empty text, then a message sent with Enter.
  await expect(page.getByRole('heading', { level: 2, name: /Interior demolition takeoff/ })).toBeVisible();
  await expect(page.getByText('No messages to show')).toBeVisible();
  const input = page.getByPlaceholder('Type a message');
  await input.fill('Hello, the plans are attached. Can you include the MEP demo?');
  await input.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Hello, the plans are attached. Can you include the MEP demo?')).toBeVisible();
  await expect(input).toHaveValue('');

  // An admin in another browser context answers over a raw WebSocket; it arrives without a reload.
  const adminContext = await browser.newContext();
  await asUser(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/');
  const ack = await adminPage.evaluate(
    ({ token, queryId }) =>
      new Promise<string>((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        ws.onopen = () =>
          ws.send(JSON.stringify({ type: 'sendMessage', token, queryId, message: 'Yes, MEP demolition is included.', replyTo: null }));
        ws.onmessage = (e) => {
          const frame = JSON.parse(e.data);
          if (frame.type === 'receiveMessage') resolve(frame.message._id);
          if (frame.type === 'error') reject(new Error(frame.message));
        };
        setTimeout(() => reject(new Error('timeout')), 5000);
      }),
    { token: admin.token, queryId },
  );
  expect(ack).toBeTruthy();
  await expect(log.getByText('Yes, MEP demolition is included.')).toBeVisible();
  await expect(page.locator(`#msg-${ack}`)).toHaveCount(1);
  await shoot(page, 'portal-chat');

  // The admin closes the query: the banner replaces the input live, and the list marks it.
  const closed = await adminPage.request.patch(`/api/queries/${queryId}/status`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { status: 'closed' },
  });
  expect(closed.status(), await closed.text()).toBe(200);
  await expect(page.getByText('This conversation is closed. You cannot send more messages.')).toBeVisible();
  await expect(page.getByPlaceholder('Type a message')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Interior demolition takeoff.*\(Closed\)/ })).toBeVisible();

  // Under 768 px: the back arrow shows the list, the toggle brings the chat back.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Back to the list of queries' }).click();
  await expect(page.getByRole('button', { name: /Interior demolition takeoff/ })).toBeVisible();
  await keepShot(page, { path: path.resolve('test-results', 'portal-chat-list-375.png'), fullPage: true });
  await page.getByRole('button', { name: 'Chat', exact: true }).click();
  await expect(page.getByText('This conversation is closed. You cannot send more messages.')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });

  await adminContext.close();
  await context.close();
});

test('the dashboard greets the client, counts queries and lists recent activities', async ({ browser, request }) => {
  // Six more requests through the API: 7 queries, more than one page of My Queries and 6 activity rows.
  const services = (await (await request.get('/api/services')).json()) as Array<{ _id: string; title: string }>;
  const manufacturers = services.find((s) => s.title === 'Manufacturers')!._id;
  for (let i = 1; i <= 6; i++) {
    const res = await request.post('/api/queries', {
      headers: { authorization: `Bearer ${client.token}` },
      multipart: {
        message: `Supplier quote number ${i} please`,
        service: manufacturers,
        'files[]': { name: `q${i}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    });
    expect(res.status()).toBe(201);
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto('/portal');
  await expect(page.getByRole('heading', { name: 'Hi, Dana Contractor' })).toBeVisible();
  for (const label of ['All Queries', 'Queries With No Result', 'Queries With Result']) {
    await expect(page.getByRole('heading', { name: label })).toBeVisible();
  }
  // docs/product.md §2: each card shows the static 'Last month +10%' line.
  await expect(page.locator('.stat-card').getByText('Last month +10%', { exact: true })).toHaveCount(3);
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: 'Query submitted' }).first()).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(1 + 6);
  await table.page().getByRole('button', { name: 'View All' }).click();
  await expect(table.getByRole('cell', { name: 'Interior demolition…' }).first()).toBeVisible();
  expect(await table.getByRole('row').count()).toBeGreaterThan(7);
  await expect(page.getByText(/Showing the latest/), 'every activity is shown').toHaveCount(0);
  await page.getByRole('button', { name: 'Show Less' }).click();
  await expect(table.getByRole('row')).toHaveCount(1 + 6);
  // docs/product.md §2: All Queries is answered plus pending, so the first request, closed by an earlier test, is not among them.
  await expect(page.getByRole('heading', { name: 'All Queries' }).locator('..').locator('.stat-value')).toHaveText('6');
  await expect(page.getByRole('heading', { name: 'Queries With No Result' }).locator('..')).toContainText('6');
  await shoot(page, 'portal-dashboard');
  await expectNoAxeViolations(page);

  await page.goto('/my-queries');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(1 + 5);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(1 + 2);
  await shoot(page, 'portal-my-queries');
  await expectNoAxeViolations(page);
  await page
    .getByRole('button', { name: /View query/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Query Details' })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});

test('/chat with no id opens the first query (closed ones last), and a whole page is usable from the keyboard', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto('/chat');
  await page.waitForURL(/\/chat\/[a-z0-9]+$/);
  expect(page.url()).not.toContain(queryId);
  await expect(page.getByRole('heading', { level: 2, name: /Supplier quote number 6/ })).toBeVisible();
  const items = page.getByRole('complementary', { name: 'Your queries' }).getByRole('button');
  await expect(items).toHaveCount(7);
  await expect(items.last()).toContainText('(Closed)');
  await items.last().click();
  await expect(page).toHaveURL(new RegExp(`/chat/${queryId}$`));
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Yes, MEP demolition is included.')).toBeVisible();
  await expect(page.getByText('This conversation is closed. You cannot send more messages.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: /Supplier quote number 6/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // From the keyboard alone: Tab to the message box, type, Enter.
  await page.locator('body').focus();
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.getByPlaceholder('Type a message').evaluate((el) => el === document.activeElement)) break;
  }
  await expect(page.getByPlaceholder('Type a message')).toBeFocused();
  await page.keyboard.type('Sent from the keyboard');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Sent from the keyboard')).toBeVisible();

  await page.goto('/request');
  await expect(page.getByLabel('Description *')).toBeVisible();
  await expectNoAxeViolations(page);
  const reached: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return '';
        const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : '';
        return (label || el.getAttribute('aria-label') || el.textContent || el.tagName).trim();
      }),
    );
  }
  for (const name of [
    'Dashboard',
    'My Queries',
    'Project name *',
    'Description *',
    'Service *',
    'Sub-Service *',
    'Bid due date (optional)',
    'Choose files',
    'Submit Request',
  ]) {
    if (name === 'Sub-Service *') continue; // no service chosen yet: no sub-service select
    expect(reached, name).toContain(name);
  }
  await page.getByLabel('Service *', { exact: true }).focus();
  await page.keyboard.press('ArrowDown');
  await context.close();
});

test('offline, a typed chat message waits for the socket: the toast says it was not sent for 3 s (docs/product.md §9), then it goes out once back', async ({
  browser,
  request,
}) => {
  const id = await submitRequest(request, client, 'Storefront glazing count for a Doral warehouse');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  // Offline: every socket the page opens is closed before it opens. Online: it reaches the server.
  let online = false;
  await page.routeWebSocket(/\/ws$/, (ws) => (online ? ws.connectToServer() : ws.close()));
  await page.clock.install();
  await page.goto(`/chat/${id}`);
  const box = page.getByPlaceholder('Type a message');
  await box.fill('Please price the alternates too');
  // From here the page's clock moves only when the test says, so a busy machine's slow checks eat
  // into none of the waits below (the page's own time: it is not this process's).
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 3_000));
  await box.press('Enter');
  // The message waits for the socket, pending (docs/architecture.md §5), as long as an echo would (10 s).
  await expect(box).not.toBeEditable();
  await page.clock.runFor(9_000);
  await expect(box).not.toBeEditable();
  // docs/product.md §7's 'Socket not connected' is only logged (§8); the person reads what happened to the text.
  const refused = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to send message' });
  // The toast loads sonner on demand, whose own timers run on the page's clock: stepped until it shows,
  // so its 3 s start within the last step.
  await expect(async () => {
    await page.clock.runFor(250);
    await expect(refused).toBeVisible({ timeout: 100 });
  }).toPass();
  await expect(refused).toContainText('The chat is not connected. Your message is still in the box: send it again once it reconnects.');
  await expect(box).toBeEditable();
  await expect(box).toHaveValue('Please price the alternates too');
  await page.clock.runFor(2_500);
  await expect(refused).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(refused).toHaveCount(0);

  // Sent again while still offline it waits again; the line comes back within the wait and it goes out.
  await box.press('Enter');
  await expect(box).not.toBeEditable();
  online = true;
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(async () => {
    await page.clock.runFor(250);
    await expect(log).toContainText('Please price the alternates too', { timeout: 100 });
  }).toPass();
  await expect(box).toHaveValue('');
  await expect(refused).toHaveCount(0);
  await context.close();
});

test('My Queries keeps View and the status in reach at 375 px when a message has a very long word', async ({ browser, request }) => {
  await submitRequest(request, client, 'Supercalifragilisticexpialidociousestimate required for warehouse');
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto('/my-queries');
  const row = page.getByRole('row').filter({ hasText: 'Supercalifragilistic' });
  await expect(row).toBeVisible();
  const fits = await page.locator('.table-scroll').evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(fits).toBe(true);
  const card = (await page
    .locator('.myq .card')
    .filter({ has: page.locator('.table-scroll') })
    .boundingBox())!;
  const view = (await row.getByRole('button', { name: /^View query/ }).boundingBox())!;
  expect(view.x + view.width).toBeLessThanOrEqual(card.x + card.width);
  await shoot(page, 'my-queries-long-word-375');
  // 200 % zoom (640 px) and text at 200 %: 'View' stays one word on one line, not 'Vie' over 'w'.
  for (const [width, scale] of [
    [640, 1],
    [1280, 2],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate((s) => (document.documentElement.style.fontSize = `${s * 100}%`), scale);
    const button = row.getByRole('button', { name: /^View query/ });
    const oneLine = await button.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getClientRects().length === 1;
    });
    expect(oneLine, `View on one line at ${width} px, text ×${scale}`).toBe(true);
  }
  await context.close();
});

/**
 * Where a cell of `region` breaks a word across lines, as 'Activit|y': a label ('Query Message')
 * narrower than one of its words, or a line of a value's text that starts inside a word. Text
 * inside an element whose whole text is `unbroken` (a name longer than the line) may break anywhere.
 */
function wordsBroken(region: Locator, unbroken: string): Promise<string[]> {
  return region.evaluate((table, unbroken) => {
    const found: string[] = [];
    const canvas = document.createElement('canvas').getContext('2d')!;
    for (const cell of table.querySelectorAll<HTMLElement>('td')) {
      const label = getComputedStyle(cell, '::before');
      canvas.font = `${label.fontWeight} ${label.fontSize} ${label.fontFamily}`;
      for (const word of (cell.dataset.label ?? '').split(' '))
        if (canvas.measureText(word).width > parseFloat(label.width) + 0.5) found.push(`label ${cell.dataset.label}`);
      const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode() as Text | null; node; node = texts.nextNode() as Text | null) {
        if (node.parentElement?.textContent === unbroken) continue;
        const text = node.data;
        const range = document.createRange();
        let top: number | undefined;
        for (let i = 0; i < text.length; i++) {
          if (/\s/.test(text[i]!)) continue;
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const y = range.getBoundingClientRect().top;
          if (top !== undefined && y > top + 2 && !/[\s-]/.test(text[i - 1]!))
            found.push(`${text.slice(Math.max(0, i - 7), i)}|${text.slice(i, i + 3)}`);
          top = y;
        }
      }
    }
    return found;
  }, unbroken);
}

test("the dashboard's Recent Activities at 375 px wrap words whole, breaking only a name longer than the line", async ({
  browser,
  request,
}) => {
  const reader = await newClient(request, admin, 'Rita Recent');
  const project = 'BrickellNorthTowerStructuralSteelPackage';
  const id = await submitRequest(request, reader, 'Steel takeoff for the north tower', { projectName: project });
  // 'Quote accepted: standard ($1,250.00)': an activity long enough to squeeze its label.
  const sent = await request.post(`/api/queries/${id}/quotes`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { price: '1250', standardHours: 48 },
  });
  expect(sent.status()).toBe(201);
  const quote = ((await sent.json()) as { data: { quotes: Array<{ _id: string }> } }).data.quotes[0]!._id;
  const accepted = await request.post(`/api/quotes/${quote}/accept`, {
    headers: { authorization: `Bearer ${reader.token}` },
    data: { option: 'standard' },
  });
  expect(accepted.status()).toBe(200);
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await asUser(context, reader);
  const page = await context.newPage();
  await page.goto('/portal');
  const region = page.getByRole('region', { name: 'Recent Activities table' });
  await expect(region.getByText('Quote accepted: standard ($1,250.00)')).toBeVisible();
  expect(await wordsBroken(region, project)).toEqual([]);
  // The long name breaks inside its cell instead of pushing the card wider.
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await shoot(page, 'portal-recent-activities');
  await context.close();
});

test('a description that is one long link keeps to three lines in the chat list and the queue, two in the chat header', async ({
  browser,
  request,
}) => {
  const link = `Plans: https://drive.example.com/drive/folders/${'a1b2c3d4e5'.repeat(40)}?usp=sharing`;
  const id = await submitRequest(request, client, link);
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    await asUser(context, client);
    const page = await context.newPage();
    await page.goto(`/chat/${id}`);
    const heading = page.locator('.cchat-head h2');
    await expect(heading).toContainText('drive.example.com');
    const headLine = await heading.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await heading.boundingBox())!.height).toBeLessThanOrEqual(headLine * 2 + 1);
    // On a phone the list is the other pane.
    if (width === 375) await page.getByRole('button', { name: 'Back to the list of queries' }).click();
    const title = page.locator('.cchat-item-title').filter({ hasText: 'drive.example.com' });
    await expect(title).toBeVisible();
    // The whole text stays in the item for screen readers; only the lines shown are bounded.
    await expect(title).toContainText('?usp=sharing');
    const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await title.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 3 + 1);
    await shoot(page, `chat-long-link-${width}`);
    await context.close();
  }
  // The admin's request queue too.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/admin-queries');
  await page.getByRole('region', { name: 'Request queue' }).getByLabel('Search').fill('drive.example.com');
  const opener = page.getByRole('region', { name: 'Requests table' }).getByRole('link').filter({ hasText: 'drive.example.com' });
  await expect(opener).toContainText('?usp=sharing');
  const lineHeight = await opener.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await opener.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 3 + 1);
  await shoot(page, 'queue-long-link');
  await context.close();
});

// With text at 200 % the sidebars kept a fixed 185 and 250 px, so their items wrapped
// ('Recent' over 'Activities'…) or were cut. The widths of docs/product.md §2 hold at the default text size and grow with it.
test("the sidebars are docs/product.md §2's 185 and 250 px at the default text size and grow with larger text", async ({ browser }) => {
  for (const [session, home, width] of [
    [client, '/portal', 185],
    [admin, '/admin', 250],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await asUser(context, session);
    const page = await context.newPage();
    await page.goto(home);
    const side = page.locator('.shell-side');
    await expect(side.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect((await side.boundingBox())!.width).toBe(width);
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
    expect((await side.boundingBox())!.width).toBe(width * 2);
    // Every item's words on one line, nothing cut.
    for (const link of await side.locator('nav a').all()) {
      const fits = await link.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el.firstChild ?? el);
        return range.getClientRects().length === 1 && el.scrollWidth <= el.clientWidth;
      });
      expect(fits, await link.innerText()).toBe(true);
    }
    await keepShot(page, { path: path.resolve('test-results', `portal/sidebar-text-200-${width}.png`) });
    await context.close();
  }
});
