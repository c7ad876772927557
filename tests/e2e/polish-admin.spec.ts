import { expect, test, type Page } from './fixtures.ts';
import { E2E } from './env.ts';
import { asUser, keepShot, newClient, nextFrame, say, type Session, shoot, signInAdmin, submitRequest } from './support.ts';

// Admin-area fixes: each test below names what it guards.

let admin: Session;
test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
});
test.beforeEach(async ({ context }) => {
  await asUser(context, admin);
});

async function editorBoxes(page: Page) {
  return page.evaluate(() => {
    const rect = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
    const frame = rect('.qe');
    const container = rect('.qe .ql-container');
    const image = rect('label[for="blog-image"]');
    return { frameBottom: frame.bottom, containerBottom: container.bottom, imageTop: image.top };
  });
}

test('the Quill editor stays inside its frame and above the image field at 1280 and 375', async ({ page }) => {
  await page.goto('/blog-upload');
  await expect(page.getByRole('textbox', { name: 'Body' })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await nextFrame(page);
    const box = await editorBoxes(page);
    expect(box.containerBottom, `editor inside its frame at ${width}px`).toBeLessThanOrEqual(box.frameBottom + 0.5);
    expect(box.containerBottom, `editor above the image field at ${width}px`).toBeLessThanOrEqual(box.imageTop);
  }
  // Typing a long body grows the editor and pushes the image field down; still no overlap.
  await page.getByRole('textbox', { name: 'Body' }).click();
  for (let i = 0; i < 20; i++) await page.keyboard.press('Enter');
  const grown = await editorBoxes(page);
  expect(grown.containerBottom).toBeLessThanOrEqual(grown.imageTop);
  await shoot(page, 'polish/blog-upload');
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A client's request through the API (Manufacturers: no sub-service), optionally moved to `status` by the admin. */
async function requestOf(
  request: import('@playwright/test').APIRequestContext,
  client: Session,
  message: string,
  status?: 'in_progress' | 'closed',
) {
  const id = await submitRequest(request, client, message);
  if (status) {
    const moved = await request.patch(`/api/queries/${id}/status`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { status },
    });
    expect(moved.status()).toBe(200);
  }
  return id;
}

test('the answer dialog drops a refusal once other files are chosen', async ({ page, request, sharedClient: client }) => {
  await requestOf(request, client, 'Window schedule count for a Doral showroom', 'in_progress');
  await page.goto('/admin-queries');
  const queue = page.getByRole('region', { name: 'Request queue' });
  await queue.getByLabel('Search').fill('Doral showroom');
  const row = queue.getByRole('row').filter({ hasText: 'Doral showroom' });
  await row.getByRole('button', { name: /^Mark answered/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark answered' });
  await dialog
    .getByLabel(/Deliverables/)
    .setInputFiles({ name: 'evil.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await dialog.getByRole('button', { name: 'Upload and mark answered' }).click();
  const refusal = dialog.getByRole('alert');
  await expect(refusal).toContainText('evil.png');
  await dialog.getByLabel(/Deliverables/).setInputFiles({ name: 'takeoff.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('1 file selected: takeoff.pdf')).toBeVisible();
  await expect(refusal).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Upload and mark answered' }).click();
  await expect(dialog).toBeHidden();
});

test('dashboard activity rows name the client and the request', async ({ page, request }) => {
  const client = await newClient(request, admin, 'Rowena Named');
  const id = await requestOf(request, client, 'Roof truss count for a Kendall townhouse block');
  await say(E2E.baseURL, client, id, 'Is Friday possible?');

  await page.goto('/admin');
  const activities = page.getByRole('region', { name: 'Recent Activities' }).or(page.locator('section[aria-labelledby="acts-h"]'));
  await expect(
    activities.getByRole('cell', { name: 'Rowena Named sent a message on "Roof truss count for a Kendall townhouse block"' }),
  ).toBeVisible();
  await expect(
    activities.getByRole('cell', { name: 'Rowena Named submitted "Roof truss count for a Kendall townhouse block"' }),
  ).toBeVisible();
  await expect(activities.getByRole('cell', { name: 'Message sent', exact: true })).toHaveCount(0);
  await shoot(page, 'polish/admin-dashboard');
});

test("the dashboard keeps docs/product.md §2's order (stat cards, Recent Activities, Latest Queries) and fits 375 px", async ({ page }) => {
  await page.goto('/admin');
  const recent = page.getByRole('heading', { name: 'Recent Activities', exact: true });
  const latest = page.getByRole('heading', { name: 'Latest Queries', exact: true });
  await expect(recent).toBeVisible();
  await expect(latest).toBeVisible();
  const order = await recent.evaluate(
    (r, l) => r.compareDocumentPosition(l as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    await latest.elementHandle(),
  );
  expect(order).toBeTruthy();
  // The tables once set the grid's width: the page was 511 px wide at 375 (black-box walk).
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 812 });
    await nextFrame(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width} px`).toBeLessThanOrEqual(0);
  }
  await shoot(page, 'polish/admin-dashboard-order');
});

test('/admin-service says why a service used by open requests cannot be deleted', async ({ page, request, sharedClient: client }) => {
  const headers = { authorization: `Bearer ${admin.token}` };
  const created = await request.post('/api/services', { headers, multipart: { title: `Curtain wall ${Date.now()}` } });
  expect(created.status(), await created.text()).toBe(201);
  const service = ((await created.json()) as { data: { _id: string; title: string } }).data;
  const res = await request.post('/api/queries', {
    headers: { authorization: `Bearer ${client.token}` },
    multipart: {
      message: 'Glazing takeoff',
      service: service._id,
      'files[]': { name: 'plans.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(res.status()).toBe(201);

  await page.goto('/admin-service');
  await page.getByRole('button', { name: `Delete ${service.title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This service cannot be deleted: 1 open request uses it.', { exact: false })).toBeVisible();
  await expect(page.getByText(service.title).first()).toBeVisible();
});

test('long texts are counted and refused, never cut: service title, blog title, chat message', async ({
  page,
  browser,
  request,
  sharedClient: client,
}) => {
  const long = 'x'.repeat(10_000);
  // Service title (120).
  await page.goto('/admin-service');
  await page.getByRole('button', { name: 'Add New Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Service' });
  const title = dialog.getByLabel('Title *');
  await title.fill('y'.repeat(100));
  await expect(dialog.getByText('100 / 120')).toBeVisible();
  await title.fill(long);
  expect(await title.inputValue()).toHaveLength(10_000);
  await expect(dialog.getByText('10,000 / 120 · At most 120 characters: please remove 9,880.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Title: At most 120 characters: please remove 9,880.');
  await shoot(page, 'polish/service-title-too-long');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Blog title (200).
  await page.goto('/blog-upload');
  await page.getByLabel('Blog Title').fill(long);
  expect(await page.getByLabel('Blog Title').inputValue()).toHaveLength(10_000);
  await expect(page.getByText('10,000 / 200 · At most 200 characters: please remove 9,800.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Estimating Tips' });
  await page.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('Body text.');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Blog Title: At most 200 characters: please remove 9,800.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/blog-upload$/);
  await expect(page.getByLabel('Blog Title')).toBeFocused();

  // Chat message (5,000), as a client.
  const id = await requestOf(request, client, 'Chat length check for a Hialeah duplex');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const cpage = await context.newPage();
  await cpage.goto(`/chat/${id}`);
  const box = cpage.getByPlaceholder('Type a message');
  await box.fill(long);
  expect(await box.inputValue()).toHaveLength(10_000);
  await expect(cpage.getByText('10,000 / 5,000 · At most 5,000 characters: please remove 5,000.')).toBeVisible();
  await expect(cpage.getByRole('button', { name: 'Send' })).toBeDisabled();
  await box.press('Enter');
  await expect(box).toHaveValue(long);
  await expect(cpage.getByText('No messages to show')).toBeVisible();
  await box.fill('Short and fine');
  await expect(cpage.getByText(/ \/ 5,000/)).toBeHidden();
  await cpage.getByRole('button', { name: 'Send' }).click();
  await expect(cpage.getByText('Short and fine').last()).toBeVisible();
  await context.close();
});

test('keyboard: Skip to content passes the sidebar, the phone menu closes on Escape, outside click and Tab', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin-queries');
  await expect(page.getByRole('region', { name: 'Request queue' }).getByLabel('Search')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // The next stop is on the screen itself, not the sidebar's profile link or menu.
  expect(await page.evaluate(() => !!document.activeElement?.closest('#content') && !document.activeElement?.closest('#shell-nav'))).toBe(
    true,
  );

  await page.setViewportSize({ width: 375, height: 800 });
  const burger = page.getByRole('button', { name: 'Menu' });
  const nav = page.locator('#shell-nav');
  await burger.click();
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(burger).toBeFocused();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');

  await burger.click();
  await expect(nav).toBeVisible();
  await page.mouse.click(350, 500); // beside the 280 px panel
  await expect(nav).toBeHidden();

  await burger.focus();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  const logout = nav.getByRole('button', { name: 'Logout' });
  for (let i = 0; i < 15 && !(await logout.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(logout).toBeFocused();
  await expect(nav).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(nav).toBeHidden();
});

test('the admin chat list: Escape in a user menu gives the focus back to its button', async ({ page, request }) => {
  const client = await newClient(request, admin, 'Menu Focus Client');
  const id = await requestOf(request, client, 'Focus check for a Coral Gables remodel');
  await page.goto(`/admin-chat/${id}`);
  const list = page.getByRole('complementary', { name: 'Chats' });
  await list.getByLabel('Search clients').fill('Menu Focus Client');
  await expect(list.getByRole('button', { name: /Click to load chat\b/ })).toHaveCount(1); // the search's answer is in
  const more = page.getByRole('button', { name: 'More options for Menu Focus Client' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Open latest query' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open latest query' })).toHaveCount(0);
  await expect(more).toBeFocused();
});

test('the admin chat list at 1280 px shows a whole name and "Click to load chat" beside the last message time', async ({
  page,
  request,
}) => {
  const client = await newClient(request, admin, 'Marisol Fernandez');
  const id = await requestOf(request, client, 'Impact window count for a Miami Lakes duplex');
  await say(E2E.baseURL, client, id, 'Can you add the doors?');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin-chat/${id}`);
  const list = page.getByRole('complementary', { name: 'Chats' });
  await list.getByLabel('Search clients').fill('Marisol Fernandez');
  const row = list.getByRole('button', { name: /^Marisol Fernandez.*Click to load chat\b/ });
  await expect(row).toHaveCount(1);
  await expect(row.locator('time')).toBeVisible();
  // WCAG 2.5.3: the row's name holds what it shows, in its order: the name, 'Click to load chat' and the time.
  const shownTime = (await row.locator('time').textContent())!.trim();
  expect(await row.getAttribute('aria-label')).toMatch(/^Marisol Fernandez\b.*: Click to load chat /);
  expect((await row.getAttribute('aria-label'))!.endsWith(`Click to load chat ${shownTime}`)).toBe(true);
  for (const part of ['.acl-name', '.acl-sub']) {
    const cut = await row.locator(part).evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut, `${part} is not cut`).toBe(false);
  }
  await shoot(page, 'polish/admin-chat-list-1280');
});

test('the admin chat: Skip to the conversation passes the list of chats to the message box', async ({ page, request }) => {
  const client = await newClient(request, admin, 'Skipper Lopez');
  const id = await requestOf(request, client, 'Skip link check for a Hialeah warehouse');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin-chat/${id}`);
  const box = page.getByLabel('Message', { exact: true });
  await expect(box).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // The first stop of the screen leads past the list, and shows itself while it has the focus.
  const skip = page.getByRole('link', { name: 'Skip to the conversation' });
  await expect(skip).toBeFocused();
  const shown = await skip.boundingBox();
  expect(shown && shown.x >= 0 && shown.y >= 0).toBe(true);
  // At 1280 px only: under 768 px an open chat hides the list, and the link with it.
  await keepShot(page, { path: 'test-results/polish/admin-chat-skip-1280.png' });
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();
  await page.keyboard.type('Typed after one skip');
  await expect(box).toHaveValue('Typed after one skip');
  expect(new URL(page.url()).pathname).toBe(`/admin-chat/${id}`);
});

test("the workspace's own controls do not answer to the names of docs/product.md §2's controls beside them", async ({ page, request }) => {
  // A voice command or an outside test says 'Close Query' or 'Send' (substring, any case): one control each.
  const client = await newClient(request, admin, 'Nora Namesake');
  const id = await requestOf(request, client, 'Name check for a Wynwood mural wall', 'in_progress');
  await page.goto(`/admin-chat/${id}`);
  await expect(page.getByRole('form', { name: 'Send a quote' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close Query' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Send' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Issue quote' })).toBeVisible();
  await page.goto('/admin-service');
  await page.getByRole('button', { name: /General Contractor/, expanded: false }).click();
  await expect(page.getByRole('button', { name: 'New sub-service under General Contractor' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Sub-Service' })).toHaveCount(1);
});
