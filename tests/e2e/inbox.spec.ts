import { expect, test, type Locator, type Page } from './fixtures.ts';
import { PROJECT_NAME_MAX } from '../../portal-api/src/modules/queries/queries.limits.ts';
import { asUser, expectNoAxeViolations, newClient, nextFrame, signInAdmin, submitRequest, unreadWatched } from './support.ts';

// The estimator's inbox in the browser: a photo sent in the client's chat appears live as a
// thumbnail in the admin's per-request list and conversation, and downloads; the queue's
// 'Due in 24 h' view lists an accepted rush request; /admin-queries passes axe, shows each of its
// columns whole at 1280 px and, with the browser's text at 200 %, does not scroll sideways; a
// request's link shows below the longest project name. The rules are in tests/api/inbox.pg.test.ts.

test.describe.configure({ mode: 'serial' });

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a photo sent in the chat shows live as a thumbnail for the admin, in the list and the conversation, and downloads', async ({
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Paula Photo');
  const queryId = await submitRequest(request, client, 'Roof framing takeoff', { projectName: 'Photo Pier Lofts' });

  const adminContext = await browser.newContext();
  await asUser(adminContext, admin);
  const apage = await adminContext.newPage();
  // The row's last line follows the unread counts' socket: the photo is sent once the page listens.
  const adminListens = unreadWatched(apage);
  await apage.goto('/admin-chat');
  const list = apage.getByRole('region', { name: 'Requests' });
  const row = list.getByRole('link', { name: /Photo Pier Lofts/ });
  await expect(row).toContainText('Paula Photo');
  await expect(row).toContainText('No messages yet');
  await adminListens;
  await row.click();
  await expect(apage).toHaveURL(new RegExp(`/admin-chat/${queryId}$`));

  const clientContext = await browser.newContext();
  await asUser(clientContext, client);
  const cpage = await clientContext.newPage();
  await cpage.goto(`/chat/${queryId}`);
  await expect(cpage.getByRole('button', { name: 'Attach a file' })).toBeEnabled();
  await cpage.locator('input[type="file"]').setInputFiles({ name: 'site-photo.png', mimeType: 'image/png', buffer: PNG });
  await expect(cpage.getByRole('img', { name: 'site-photo.png' })).toBeVisible();
  // The sender's own file link on the navy bubble keeps its contrast; the panel lists it at once.
  await expectNoAxeViolations(cpage, { include: ['.msg-mine'] });
  await expect(cpage.getByRole('heading', { name: 'From chat' })).toBeVisible();
  await expect(cpage.getByRole('heading', { name: 'Your files (2)' })).toBeVisible();

  // Live on the admin's side: the thumbnail in the conversation, the row's last line in the list.
  const conversation = apage.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('img', { name: 'site-photo.png' })).toBeVisible();
  await expect(row).toContainText('Paula Photo: site-photo.png');
  const [download] = await Promise.all([
    apage.waitForEvent('download'),
    conversation.getByRole('link', { name: 'Download site-photo.png' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('site-photo.png');
  const saved = await download.path();
  expect(saved).toBeTruthy();
  // The request keeps it with its files, as 'From chat'.
  await expect(apage.getByRole('heading', { name: 'From chat' })).toBeVisible();
  await adminContext.close();
  await clientContext.close();
});

test("the queue's 'Due in 24 h' view lists an accepted rush request", async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Rosa Rush');
  const queryId = await submitRequest(request, client, 'Rush slab takeoff', { projectName: 'Rush Harbor Deck' });
  const headers = (token: string) => ({ authorization: `Bearer ${token}` });
  const quote = await request.post(`/api/queries/${queryId}/quotes`, {
    headers: headers(admin.token),
    data: { price: 900, rushPrice: 1400 },
  });
  expect(quote.status()).toBe(201);
  const quoteId = ((await quote.json()) as { data: { quotes: Array<{ _id: string }> } }).data.quotes[0]!._id;
  expect((await request.post(`/api/quotes/${quoteId}/accept`, { headers: headers(client.token), data: { option: 'rush' } })).status()).toBe(
    200,
  );

  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/admin-queries');
  await page.getByLabel('View').selectOption({ label: 'Due in 24 h' });
  await expect(page).toHaveURL(/view=due24h/);
  const row = page.getByRole('row').filter({ hasText: 'Rush Harbor Deck' });
  await expect(row).toContainText(/due in \d+ h/);
  await expectActionsInView(page, 'Rush Harbor Deck');
  await expectNoAxeViolations(page, { include: ['main'] });
  await context.close();
});

/** The page's width beyond the viewport's: what would scroll sideways. */
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The row's actions are inside the table's own box, not past a sideways scroll: a column left
 * without a width share was drawn 0 px wide, its buttons beyond the table's edge.
 */
async function expectActionsInView(page: Page, project: string) {
  const wrap = page.getByRole('region', { name: 'Requests table' });
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const box = (await wrap.boundingBox())!;
  const actions = page.getByRole('row').filter({ hasText: project }).locator('td[data-label="Actions"]');
  const cell = (await actions.boundingBox())!;
  expect(cell.width).toBeGreaterThanOrEqual(100);
  expect(cell.x + cell.width).toBeLessThanOrEqual(box.x + box.width + 1);
  const close = (await actions.getByRole('button', { name: 'Close' }).boundingBox())!;
  expect(close.x + close.width).toBeLessThanOrEqual(box.x + box.width + 1);
}

/**
 * What of `row` spills out of its cell (a badge, a button, the assignee's select) or is cut inside it
 * (the select's chosen name), as 'Column: text'; none when every cell shows its contents whole.
 */
function spilled(row: Locator): Promise<string[]> {
  return row.evaluate((tr) =>
    [...tr.querySelectorAll<HTMLElement>('td .badge, td button, td a, td select')].flatMap((el) => {
      const cell = el.closest('td')!;
      const [box, room] = [el.getBoundingClientRect(), cell.getBoundingClientRect()];
      let spills = box.left < room.left - 1 || box.right > room.right + 1;
      if (el instanceof HTMLSelectElement) {
        // The select as wide as its chosen option needs, arrow and padding included.
        const whole = el.cloneNode(true) as HTMLSelectElement;
        for (const option of [...whole.options]) if (option.text !== el.selectedOptions[0]!.text) option.remove();
        whole.style.width = 'max-content';
        el.after(whole);
        spills ||= whole.getBoundingClientRect().width > box.width + 0.5;
        whole.remove();
      }
      const text = el instanceof HTMLSelectElement ? el.selectedOptions[0]!.text : el.textContent?.trim();
      return spills ? [`${cell.dataset.label}: ${text}`] : [];
    }),
  );
}

test('/admin-queries shows every column whole at 1280 px, and its cards stay inside the page below, without row lines', async ({
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Columbus Columns');
  const id = await submitRequest(request, client, 'Steel takeoff for the podium', { projectName: 'Column Check Tower' });
  // In progress: the widest badge and the 'Mark answered' button.
  const started = await request.patch(`/api/queries/${id}/status`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { status: 'in_progress' },
  });
  expect(started.status()).toBe(200);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto(`/admin-queries?search=${encodeURIComponent('Column Check Tower')}`);
  const wrap = page.getByRole('region', { name: 'Requests table' });
  const row = page.getByRole('row').filter({ hasText: 'Column Check Tower' });
  await expect(row.getByText('In Progress')).toBeVisible();

  // The columns' headers side by side inside the table's box, none squeezed to nothing.
  const box = (await wrap.boundingBox())!;
  const headers = page.getByRole('columnheader');
  await expect(headers).toHaveCount(7);
  for (const header of await headers.all()) {
    const cell = (await header.boundingBox())!;
    expect.soft(cell.width, `${await header.textContent()} column's width`).toBeGreaterThan(40);
    expect.soft(cell.x + cell.width, `${await header.textContent()} ends past the table`).toBeLessThanOrEqual(box.x + box.width + 1);
  }
  // 1200 px: a 1280 px window at 110 % zoom, where shares of the table squeezed 'In Progress' into the next column.
  for (const width of [1280, 1200, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await nextFrame(page);
    expect.soft(await spilled(row), `what spills out of its cell at ${width} px`).toEqual([]);
    expect.soft(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth), `the table scrolls at ${width} px`).toBeLessThanOrEqual(0);
    expect.soft(await sideways(page), `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  // At 375 px each row is a card with its own border: its cells draw none of the table's row lines.
  const lines = await row.locator('td').evaluateAll((cells) => cells.map((td) => getComputedStyle(td).borderBottomStyle));
  expect(lines).toEqual(lines.map(() => 'none'));
  await context.close();
});

for (const width of [1280, 768]) {
  test(`/admin-queries with the browser's text at 200 % does not scroll sideways at ${width} px`, async ({ browser, request }) => {
    const admin = await signInAdmin(request);
    const client = await newClient(request, admin, 'Wilhelmina Longname-Ramirez');
    await submitRequest(request, client, 'A request with a long e-mail and service', { projectName: `Large Text Plaza ${width}` });
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await asUser(context, admin);
    const page = await context.newPage();
    // The browser's default font size (as a person sets it), so rem and em media queries follow.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    // Searched for: the worker's server holds other journeys' requests, and page 1 may not show this one.
    await page.goto(`/admin-queries?search=${encodeURIComponent(`Large Text Plaza ${width}`)}`);
    await expect(page.getByText(`Large Text Plaza ${width}`, { exact: true })).toBeVisible();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await expectActionsInView(page, `Large Text Plaza ${width}`);
    await context.close();
  });
}

/**
 * What hides the request's link in its row, at each of its boxes' centres: not '' when the link
 * leaves its cell or another element (or nothing, past a clamp) is what a pointer there reaches.
 */
function linkHidden(link: Locator): Promise<string> {
  return link.evaluate((a) => {
    const cell = a.closest('td')!.getBoundingClientRect();
    const rects = [...a.getClientRects()];
    if (!rects.length) return 'no box';
    for (const box of rects) {
      if (box.left < cell.left - 1 || box.right > cell.right + 1 || box.top < cell.top - 1 || box.bottom > cell.bottom + 1) {
        return `outside its cell: ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}`;
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !a.contains(hit)) return `covered by ${hit ? hit.outerHTML.slice(0, 80) : 'nothing'}`;
    }
    return '';
  });
}

test("/admin-queries shows a request's link below the longest project name, in the table and the cards", async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Nora Longname');
  const wordy = 'Harborview Residences Tower Phase '.repeat(4).slice(0, PROJECT_NAME_MAX);
  const unbroken = 'Supercalifragilisticexpialidocious'.repeat(4).slice(0, PROJECT_NAME_MAX);
  const names = [wordy, unbroken];
  const ids = [];
  for (const [i, projectName] of names.entries()) {
    expect(projectName).toHaveLength(PROJECT_NAME_MAX);
    ids.push(await submitRequest(request, client, `Overlong name takeoff ${i + 1}`, { projectName }));
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`/admin-queries?search=${encodeURIComponent('Overlong name takeoff')}`);
  const links = names.map((_, i) => page.getByRole('link', { name: `Overlong name takeoff ${i + 1}`, exact: true }));
  await expect(links[1]!).toBeVisible();

  for (const [width, fontSize] of [
    [1280, 16],
    [375, 16],
    [1280, 32],
    [375, 32],
  ] as const) {
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: fontSize, fixed: Math.round(fontSize * 0.8) } });
    await page.setViewportSize({ width, height: 900 });
    await nextFrame(page);
    for (const [i, link] of links.entries()) {
      // The cell, not the link: scrolling to the link would scroll a clamped box's hidden lines into view.
      const cell = page.getByRole('row').filter({ has: link }).locator('td[data-label="Request"]');
      await cell.scrollIntoViewIfNeeded();
      await nextFrame(page);
      expect.soft(await linkHidden(link), `the link under name ${i + 1} at ${width} px, ${fontSize * 6.25} % text`).toBe('');
      // The whole name stays in the page (read by screen readers, and in its title for the pointer).
      const name = cell.getByText(names[i]!, { exact: true });
      await expect.soft(name).toHaveAttribute('title', names[i]!);
    }
  }
  // A pointer at the link opens the request.
  await page.getByRole('row').filter({ has: links[0]! }).locator('td[data-label="Request"]').scrollIntoViewIfNeeded();
  const box = (await links[0]!.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(new RegExp(`/admin-chat/${ids[0]}$`));
  await context.close();
});
