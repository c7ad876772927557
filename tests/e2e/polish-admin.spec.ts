import { expect, test, type Page } from './fixtures.ts';
import { E2E } from './env.ts';
import { PROJECT_NAME_MAX } from '../../portal-api/src/modules/queries/queries.limits.ts';
import { asUser, keepShot, newClient, nextFrame, say, type Session, shoot, signInAdmin, submitRequest } from './support.ts';

// Admin-area fixes: each test below names what it guards. These screens' texts, counters and
// rules are checked by their component tests (site/features/**/*.test.tsx); the journeys here keep
// what a browser shows: the layout, the focus and the keyboard.

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

test('the Quill editor stays inside its frame and above the image field at 1280 and 375; a title refused on SAVE keeps the page and the focus', async ({
  page,
}) => {
  await page.goto('/blog-upload');
  const body = page.getByRole('textbox', { name: 'Body' });
  await expect(body).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await nextFrame(page);
    const box = await editorBoxes(page);
    expect(box.containerBottom, `editor inside its frame at ${width}px`).toBeLessThanOrEqual(box.frameBottom + 0.5);
    expect(box.containerBottom, `editor above the image field at ${width}px`).toBeLessThanOrEqual(box.imageTop);
  }
  // Typing a long body grows the editor and pushes the image field down; still no overlap.
  await body.click();
  for (let i = 0; i < 20; i++) await page.keyboard.press('Enter');
  const grown = await editorBoxes(page);
  expect(grown.containerBottom).toBeLessThanOrEqual(grown.imageTop);
  await page.keyboard.type('Body text.');
  await shoot(page, 'polish/blog-upload');

  // A title over its 200 characters is refused, not cut: the toast says so and the title has the focus.
  const title = page.getByLabel('Blog Title');
  await title.fill('x'.repeat(10_000));
  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Estimating Tips' });
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: 'Blog Title: At most 200 characters: please remove 9,800.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/blog-upload$/);
  await expect(title).toBeFocused();
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

test('the request queue: Skip to content passes the sidebar, the answer dialog drops a refusal once other files are chosen, the phone menu closes on Escape, outside click and Tab', async ({
  page,
  request,
  sharedClient: client,
}) => {
  await requestOf(request, client, 'Window schedule count for a Doral showroom', 'in_progress');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin-queries');
  const queue = page.getByRole('region', { name: 'Request queue' });
  await expect(queue.getByLabel('Search')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  // The next stop is on the screen itself, not the sidebar's profile link or menu.
  expect(await page.evaluate(() => !!document.activeElement?.closest('#content') && !document.activeElement?.closest('#shell-nav'))).toBe(
    true,
  );

  await queue.getByLabel('Search').fill('Doral showroom');
  const row = queue.getByRole('row').filter({ hasText: 'Doral showroom' });
  await row.getByRole('button', { name: /^Mark answered/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark answered' });
  // A file of another kind is refused as it is picked, with the server's sentence, and never sent.
  const uploads: string[] = [];
  page.on('request', (r) => void (r.url().includes('/uploads') && uploads.push(r.url())));
  await dialog.getByLabel(/Deliverables/).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('scope notes') });
  await expect(dialog.getByRole('alert')).toHaveText('notes.txt: Only PDF, DWG, ZIP, XLSX, CSV or image files are accepted.');
  await expect(dialog.getByText(/file selected/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Mark answered' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please attach at least one deliverable.');
  expect(uploads).toEqual([]);
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

test("the dashboard keeps docs/product.md §2's order (stat cards, Recent Activities, Latest Queries) and fits 375 px", async ({
  page,
  request,
  sharedClient: client,
}) => {
  // A long request and its activity lines in the tables, which once set the grid's width.
  const id = await requestOf(request, client, 'Roof truss count for a Kendall townhouse block');
  await say(E2E.baseURL, client, id, 'Is Friday possible?');

  await page.goto('/admin');
  const recent = page.getByRole('heading', { name: 'Recent Activities', exact: true });
  const latest = page.getByRole('heading', { name: 'Latest Queries', exact: true });
  await expect(recent).toBeVisible();
  await expect(latest).toBeVisible();
  const activities = page.locator('section[aria-labelledby="acts-h"]');
  await expect(activities.getByRole('cell', { name: /Roof truss count for a Kendall townhouse block/ }).first()).toBeVisible();
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

test('the admin chat at 1280 px: Skip to the conversation reaches the message box, a client row shows its whole name, and Escape in its menu gives the focus back', async ({
  page,
  request,
}) => {
  const client = await newClient(request, admin, 'Marisol Fernandez');
  const id = await requestOf(request, client, 'Impact window count for a Miami Lakes duplex');
  await say(E2E.baseURL, client, id, 'Can you add the doors?');
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

  // The client's row: the whole name, and 'Click to load chat' beside the last message's time, none of it cut.
  const list = page.getByRole('complementary', { name: 'Chats' });
  await list.getByLabel('Search clients').fill('Marisol Fernandez');
  const row = list.getByRole('button', { name: /^Marisol Fernandez.*Click to load chat\b/ });
  await expect(list.getByRole('button', { name: /Click to load chat\b/ })).toHaveCount(1); // the search's answer is in
  await expect(row.locator('time')).toBeVisible();
  for (const part of ['.acl-name', '.acl-sub']) {
    const cut = await row.locator(part).evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(cut, `${part} is not cut`).toBe(false);
  }
  await shoot(page, 'polish/admin-chat-list-1280');

  // Escape in the row's menu gives the focus back to its button.
  const more = page.getByRole('button', { name: 'More options for Marisol Fernandez' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Open latest query' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open latest query' })).toHaveCount(0);
  await expect(more).toBeFocused();
});

test("the admin chat's list keeps a request's project name to two lines, the longest and an unbroken one, at 1280 and 375 px and at 200 % text, and the row opens its request", async ({
  browser,
  request,
}) => {
  const client = await newClient(request, admin, 'Lena Longnames');
  const wordy = 'Harborview Residences Tower Phase '.repeat(4).slice(0, PROJECT_NAME_MAX);
  const unbroken = 'Supercalifragilisticexpialidocious'.repeat(4).slice(0, PROJECT_NAME_MAX);
  const names = [wordy, unbroken];
  const ids: string[] = [];
  for (const [i, projectName] of names.entries()) {
    expect(projectName).toHaveLength(PROJECT_NAME_MAX);
    ids.push(await submitRequest(request, client, `Long name takeoff ${i + 1}`, { projectName }));
  }
  for (const [width, fontSize, open] of [
    [1280, 16, 1],
    [375, 32, 0],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await asUser(context, admin);
    const page = await context.newPage();
    await (
      await context.newCDPSession(page)
    ).send('Page.setFontSizes', { fontSizes: { standard: fontSize, fixed: Math.round(fontSize * 0.8) } });
    await page.goto('/admin-chat');
    const list = page.getByRole('complementary', { name: 'Chats' });
    // The search's answer is in and drawn: a row opened before it is replaced, closed, by the answer's.
    const answer = page.waitForResponse((res) => res.url().includes('/api/chats/users') && res.url().includes('search=Lena'));
    await list.getByLabel('Search clients').fill('Lena Longnames');
    await (await answer).finished();
    await nextFrame(page);
    await expect(list.getByRole('button', { name: /Click to load chat\b/ })).toHaveCount(1);
    const toggle = list.getByRole('button', { name: 'Queries of Lena Longnames' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const [i, name] of names.entries()) {
      // The row keeps its whole name for screen readers and for the tests that find it by name.
      const row = list.locator('.acl-queries').getByRole('link', { name, exact: false });
      await expect(row).toHaveAccessibleName(new RegExp(`^${name}\\s*Pending · `));
      await expect(row).toHaveAttribute('title', name);
      const [lines, inside] = await row.locator('.acl-qtitle').evaluate((el) => {
        const box = el.getBoundingClientRect();
        const link = el.closest('a')!.getBoundingClientRect();
        return [box.height / parseFloat(getComputedStyle(el).lineHeight), box.right <= link.right + 1];
      });
      expect.soft(lines, `name ${i + 1}'s lines at ${width} px, ${fontSize * 6.25} % text`).toBeLessThanOrEqual(2.05);
      expect.soft(inside, `name ${i + 1} inside its row at ${width} px, ${fontSize * 6.25} % text`).toBe(true);
    }
    await keepShot(list.locator('.acl-user'), { path: `test-results/polish/admin-chat-long-names-${width}-${fontSize * 6.25}.png` });
    // A click on the row opens its request.
    await list.locator('.acl-queries').getByRole('link', { name: names[open]! }).click();
    await expect(page).toHaveURL(new RegExp(`/admin-chat/${ids[open]}$`));
    await context.close();
  }
});
