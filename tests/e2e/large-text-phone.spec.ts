import path from 'node:path';
import { STAFF_TEXTS } from '../../portal-api/src/modules/users/staff.labels.ts';
import { expect, test, type Browser, type Locator, type Page } from './fixtures.ts';
import { asUser, authPost, CLIENT_PASSWORD, keepShot, newClient, type Session, submitRequest } from './support.ts';

// A phone 375 px wide with the browser's text at 200 % (its default font size 32 px, as a person
// sets it, so rem sizes and em media queries follow): each screen below once scrolled sideways or
// broke a name letter by letter. No page is wider than the phone, the controls that were pushed
// past its edge are inside it, and the Clients list breaks a name only between its words.

/** A page of a new context signed in as `session`, 375 px wide (or `viewport`), with the browser's text at 200 %. */
async function largeTextPhone(browser: Browser, session: Session, viewport = { width: 375, height: 812 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await asUser(context, session);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  return page;
}

/**
 * No sideways scroll, and each of `inside` ends within the viewport's width. Soft: a journey over
 * several screens reports each screen's verdict instead of stopping at the first.
 */
async function expectFitsPhone(page: Page, inside: Locator[]) {
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect.soft(width.scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(width.client);
  await expectInsidePhone(page, inside);
}

/** Each of `inside` ends within the viewport's width (soft, as expectFitsPhone). */
async function expectInsidePhone(page: Page, inside: Locator[]) {
  const client = await page.evaluate(() => document.documentElement.clientWidth);
  for (const locator of inside) {
    for (const element of await locator.all()) {
      const box = (await element.boundingBox())!;
      expect.soft(box.x + box.width, `${element.toString()} ends past the phone's edge`).toBeLessThanOrEqual(client);
    }
  }
}

/**
 * Where the text of `name` breaks into lines that start inside a word: a piece of the line before
 * and the line's start ('Pe|nel'), none when every line starts after a space or a hyphen, or (in
 * an e-mail address) after its '@' or at a '.'.
 */
function breaksInsideWords(name: Locator): Promise<string[]> {
  return name.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
    let text = '';
    const starts: number[] = [];
    let top: number | undefined;
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.length; i++) {
        if (/\s/.test(node.data[i]!)) continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const y = range.getBoundingClientRect().top;
        if (top !== undefined && y - top > lineHeight / 2) starts.push(text.length + i);
        top = y;
      }
      text += node.data;
    }
    return starts
      .filter((i) => !/[\s@-]/.test(text[i - 1]!) && text[i] !== '.')
      .map((i) => `${text.slice(Math.max(0, i - 3), i)}|${text.slice(i, i + 3)}`);
  });
}

/** How many pixels of `input`'s placeholder its box cuts off (0 or less: the example shows whole). */
function placeholderCut(input: Locator): Promise<number> {
  return input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return Math.ceil(context.measureText(el.placeholder).width - room);
  });
}

test("an admin's services, blog editor and queries fit a phone with the text at 200 %, client names whole", async ({
  browser,
  request,
  admin,
}) => {
  const name = 'Penelope Pendergast-Whitmore';
  const client = await newClient(request, admin, name);
  await submitRequest(request, client, 'A request to list its client', { projectName: 'Large Text Phone Deck' });
  const page = await largeTextPhone(browser, admin);

  // The service cards' Delete buttons were cut at the card's edge ('Dele…'), the cards 612 px wide.
  await page.goto('/admin-service');
  await expect(page.getByRole('button', { name: 'Delete Manufacturers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New saved reply' })).toBeVisible();
  await expectFitsPhone(page, [page.getByRole('button', { name: /^Delete / })]);
  // The saved reply's file picker kept the browser's 13 px while its label grew to 32 px.
  const replyFiles = page.getByLabel(/^Files \(optional/);
  const fontSize = (l: Locator) => l.evaluate((el) => getComputedStyle(el).fontSize);
  expect.soft(await fontSize(replyFiles), 'the file picker grows with its label').toBe(await fontSize(page.getByText(/^Files \(optional/)));

  // The Category select was as wide as its longest option: 438 px.
  await page.goto('/blog-upload');
  const category = page.locator('#blog-category');
  await expect(category).toContainText('Choose a category');
  await expect(page.getByRole('textbox', { name: 'Body' })).toBeVisible();
  await expectFitsPhone(page, [category, page.getByRole('button', { name: '+ New category' })]);
  // The Tags field's example was cut at its edge ('concrete, takeoff, bi').
  expect.soft(await placeholderCut(page.locator('#blog-tags')), "pixels of the Tags field's example cut off").toBeLessThanOrEqual(0);
  await page.locator('#blog-tags').scrollIntoViewIfNeeded();
  await keepShot(page, { path: path.resolve('test-results', 'large-text-phone', 'blog-upload-375.png') });

  // The Clients list squeezed the name into a column a syllable wide: 'Pe / nel / ope Pe / nde …'.
  await page.goto('/admin-queries');
  const clientName = page.getByRole('region', { name: 'Clients' }).getByText(name, { exact: true });
  await expect(clientName).toBeVisible();
  await expectFitsPhone(page, [clientName, page.getByRole('button', { name: `Options for ${name}` })]);
  expect.soft(await breaksInsideWords(clientName), 'lines of the name that start inside a word').toEqual([]);
  await page.context().close();
});

test("a client's profile, with its team's invitation field, fits a phone with the text at 200 %", async ({ browser, sharedClient }) => {
  const page = await largeTextPhone(browser, sharedClient);
  // The invitation's e-mail field kept its 20 characters' width: 374 px, and the page 411 px.
  await page.goto('/client-profile');
  const invite = page.getByLabel('Invite a colleague by e-mail');
  await expect(invite).toBeVisible();
  await expectFitsPhone(page, [invite, page.getByRole('button', { name: 'Send invitation' })]);
  await page.context().close();
});

test('the admin dashboard on a wide screen with the text at 200 % gives its month figures the whole width', async ({ browser, admin }) => {
  const page = await largeTextPhone(browser, admin, { width: 1280, height: 900 });
  await page.goto('/admin');
  // The month table sat beside the cards in a column 146 px wide, its 697 px of figures scrolled.
  const monthly = page.getByRole('region', { name: 'Per month table' });
  await expect(monthly).toBeVisible();
  expect(await monthly.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const [cards, table] = [await page.locator('.dash-top .stat-cards').boundingBox(), await monthly.boundingBox()];
  expect(table!.y, 'the month figures come below the cards').toBeGreaterThan(cards!.y + cards!.height - 1);
  await page.context().close();
});

test("the Users screen's Clients and Staff tabs grow with the text at 200 %", async ({ browser, admin }) => {
  const page = await largeTextPhone(browser, admin);
  await page.goto('/user');
  // The tabs kept the browser's own 13 px button text while the page's grew to 32 px.
  const bodySize = await page.evaluate(() => getComputedStyle(document.body).fontSize);
  for (const name of ['Clients', 'Staff']) {
    const tab = page.getByRole('tab', { name });
    await expect(tab).toBeVisible();
    expect.soft(await tab.evaluate((el) => getComputedStyle(el).fontSize), `the ${name} tab's text`).toBe(bodySize);
  }
  await expectFitsPhone(page, [page.getByRole('tablist', { name: 'Accounts' })]);
  await page.context().close();
});

test("the Users screen's cards give a value the phone's width with the text at 200 %, names whole", async ({ browser, request, admin }) => {
  const name = 'Bartholomew Fitzgerald-Lang';
  await newClient(request, admin, name);
  const page = await largeTextPhone(browser, admin);
  // A card's label column of 6.5rem (208 px) left its value 53 px: 'Ba / rth / olo / mew …'.
  await page.goto('/user');
  const clientName = page.getByRole('cell', { name: `Full Name ${name}`, exact: true });
  await expect(clientName).toBeVisible();
  expect.soft(await breaksInsideWords(clientName), 'lines of the name that start inside a word').toEqual([]);
  // The Staff cards had no labels, only their empty column, and the status pill ended past the edge.
  await page.getByRole('tab', { name: 'Staff' }).click();
  const me = page.getByRole('row').filter({ hasText: admin.user.email });
  const adminName = me.getByRole('cell', { name: `Full Name ${admin.user.fullName} (you)`, exact: true });
  await expect(adminName).toBeVisible();
  await expect(me.getByRole('cell', { name: `Email ${admin.user.email}`, exact: true })).toBeVisible();
  await expect(me.getByRole('cell', { name: 'Status Active', exact: true })).toBeVisible();
  await expect(me.getByRole('cell', { name: /^Action Disable/ })).toBeVisible();
  expect.soft(await breaksInsideWords(adminName), "lines of the admin's name that start inside a word").toEqual([]);
  await expectInsidePhone(page, [me.getByText('Active', { exact: true }), me.getByRole('button', { name: /^Disable / })]);
  await keepShot(page, { path: path.resolve('test-results', 'large-text-phone', 'staff-cards-375.png') });
  await page.context().close();
});

test("the Users screen's tables become cards on a wide screen with the text at 200 %, no word broken", async ({
  browser,
  request,
  admin,
}) => {
  const stamp = Date.now();
  await newClient(request, admin, 'Maximiliana Featherstonehaugh');
  // A client still to approve, so that an Approve button shows, and an admin's open invitation.
  const pending = `bartholomew.fitzgerald-lang.${stamp}@example.com`;
  const registered = await authPost(request, '/api/auth/register', {
    fullName: 'Bartholomew Fitzgerald-Lang',
    email: pending,
    password: CLIENT_PASSWORD,
  });
  expect(registered.status()).toBe(201);
  const invited = `new.estimator.${stamp}@constructionexample.com`;
  const headers = { authorization: `Bearer ${admin.token}` };
  expect((await request.post('/api/staff/invitations', { headers, data: { email: invited } })).status()).toBe(202);

  // The six columns squeezed into 682 px: 'maximiliana.featherstonehaug|h@…', 'Appr|ove', and the
  // table ran about 480 px past its card. The Staff tab's 'Disable' broke the same way.
  const page = await largeTextPhone(browser, admin, { width: 1280, height: 900 });
  await page.goto('/user');
  await expect(page.getByRole('button', { name: 'Approve Bartholomew Fitzgerald-Lang' })).toBeVisible();
  const wholeWords = async (tab: string, cells: Locator) => {
    for (const cell of await cells.all()) {
      expect.soft(await breaksInsideWords(cell), `${tab}: lines of '${await cell.textContent()}' that start inside a word`).toEqual([]);
    }
  };
  const table = page.getByRole('table');
  // What of the table lies past the box it sits in (the Clients' card, the Staff tab).
  const pastItsBox = () => table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
  expect.soft(await pastItsBox(), 'pixels of the clients table past its card').toBeLessThanOrEqual(0);
  await wholeWords('Clients', table.locator('td[data-label="Full Name"], td[data-label="Email"]'));
  await wholeWords('Clients', table.getByRole('button'));
  await expectFitsPhone(page, [table.getByRole('button')]);
  await keepShot(page, { path: path.resolve('test-results', 'large-text-phone', 'users-clients-1280-text-200.png') });

  await page.getByRole('tab', { name: 'Staff' }).click();
  const invitation = page.getByRole('listitem').filter({ hasText: invited });
  await expect(invitation).toBeVisible();
  await wholeWords('Staff', table.locator('td[data-label="Full Name"], td[data-label="Email"]'));
  await wholeWords('Staff', table.getByRole('button'));
  await wholeWords('Staff', invitation);
  expect.soft(await pastItsBox(), 'pixels of the staff table past the tab').toBeLessThanOrEqual(0);
  await expectFitsPhone(page, [table.getByRole('button'), invitation]);
  await keepShot(page, { path: path.resolve('test-results', 'large-text-phone', 'users-staff-1280-text-200.png') });
  await page.context().close();

  // At the usual text size the same window keeps both tables, with their column headers.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const usual = await context.newPage();
  await usual.goto('/user');
  await expect(usual.getByRole('button', { name: 'Approve Bartholomew Fitzgerald-Lang' })).toBeVisible();
  await expect(usual.getByRole('table')).toHaveCSS('display', 'table');
  await expect(usual.getByRole('table').locator('thead')).toHaveCSS('position', 'static');
  await usual.getByRole('tab', { name: 'Staff' }).click();
  await expect(usual.getByRole('listitem').filter({ hasText: invited })).toBeVisible();
  await expect(usual.getByRole('table')).toHaveCSS('display', 'table');
  await expect(usual.getByRole('table').locator('thead')).toHaveCSS('position', 'static');
  await context.close();
});

test("the Staff tab's invitation field, with its refusal under it, fits a phone with the text at 200 %", async ({ browser, admin }) => {
  const page = await largeTextPhone(browser, admin);
  await page.goto('/user#staff');
  // The field would not be narrower than 14rem: 464 px with its padding, and the page as wide.
  const invite = page.getByLabel('Invite an admin by e-mail');
  await invite.fill(admin.user.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const refusal = page.getByText(STAFF_TEXTS.inviteSelf);
  await expect(refusal).toBeVisible();
  await expectFitsPhone(page, [invite, page.getByRole('button', { name: 'Send invitation' }), refusal]);
  await keepShot(page, { path: path.resolve('test-results', 'large-text-phone', 'staff-invite-375.png') });
  await page.context().close();
});

test("the request form's file tiles keep their type whole with the text at 200 %, and a DWG gets a tile, not a picture", async ({
  browser,
  sharedClient,
}) => {
  const page = await largeTextPhone(browser, sharedClient);
  await page.goto('/request');
  await page.getByLabel('Plans and files *').setInputFiles([
    { name: 'A-101 Floor Plan.dwg', mimeType: 'image/vnd.dwg', buffer: Buffer.from('AC1032\0\0\0\0\0') },
    { name: 'Elevations.avif', mimeType: 'image/avif', buffer: Buffer.from('not a picture') },
  ]);
  const list = page.getByRole('list', { name: 'Attached files' });
  const dwg = list.getByRole('listitem').filter({ hasText: 'A-101 Floor Plan.dwg' });
  await expect(dwg.locator('.picked-icon')).toHaveText('DWG');
  await expect(dwg.getByRole('img')).toHaveCount(0);
  // A picture that cannot be drawn shows its tile too.
  const avif = list.getByRole('listitem').filter({ hasText: 'Elevations.avif' });
  await expect(avif.locator('.picked-icon')).toHaveText('AVIF');
  for (const tile of await list.locator('.picked-icon').all()) {
    const cut = await tile.evaluate((el) => el.scrollWidth > el.clientWidth);
    expect.soft(cut, `${await tile.innerText()} is cut`).toBe(false);
  }
  await expectFitsPhone(page, [list.getByRole('button', { name: /^Remove / })]);
  await keepShot(page, { path: path.resolve('test-results', 'large-text-phone/request-file-tiles.png') });
  await page.context().close();
});

test('a toast grows with the text at 200 %, like the page it sits on', async ({ browser, admin }) => {
  const page = await largeTextPhone(browser, admin);
  await page.goto('/admin-service');
  await page.getByRole('button', { name: 'Add New Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Service' });
  await dialog.getByLabel('Title *').fill(`Toast Size ${Date.now()}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Service created successfully' });
  await expect(toast).toBeVisible();
  // sonner's 13 px stayed 13 px while the page's text grew from 16 to 32 px.
  const sizes = await toast.evaluate((el) => ({
    toast: parseFloat(getComputedStyle(el).fontSize),
    body: parseFloat(getComputedStyle(document.body).fontSize),
  }));
  expect(sizes.toast / sizes.body).toBeCloseTo(13 / 16, 2);
  await expectFitsPhone(page, [toast]);
  await keepShot(page, { path: path.resolve('test-results', 'large-text-phone', 'toast-375.png') });
  await page.context().close();
});
