import { expect, test, type APIRequestContext, type Browser, type Page } from './fixtures.ts';
import { E2E } from './env.ts';
import { DISMISS_WELCOME } from './public-pages.ts';
import {
  asUser,
  authPost,
  contactFormHydrated,
  expectNoAxeViolations,
  holdRequests,
  keepShot,
  newClient,
  say,
  shoot,
  signInAdmin,
  submitRequest,
  type Session,
} from './support.ts';
import { firmDayFromNow } from '../firm-days.ts';

// Keyboard focus never drops to <body> (WCAG 2.4.3): when the focused control goes away or is
// disabled, the focus moves to a sensible place (ui/focus-rescue.ts), and a busy button stays
// focusable (ui/busy-button.ts). Each check presses keys and reads document.activeElement.

const phone = { width: 375, height: 812 };
const desk = { width: 1280, height: 900 };

async function pageAs(browser: Browser, session: Session, viewport = desk): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await asUser(context, session);
  return context.newPage();
}

const auth = (s: Session) => ({ authorization: `Bearer ${s.token}` });

async function setStatus(request: APIRequestContext, admin: Session, id: string, status: string): Promise<void> {
  const res = await request.patch(`/api/queries/${id}/status`, { headers: auth(admin), data: { status } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Presses Enter on `name`d control after focusing it, the way a keyboard user activates it. */
async function press(page: Page, locator: ReturnType<Page['getByRole']>): Promise<void> {
  await locator.focus();
  await page.keyboard.press('Enter');
}

const bodyHasFocus = (page: Page) => page.evaluate(() => document.activeElement === document.body || !document.activeElement);

test('the pager keeps the focus at the first and last page: on the other pager button', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Paula Pager');
  for (let i = 1; i <= 6; i++) await submitRequest(request, client, `Pager request number ${i} with a few words`);
  const page = await pageAs(browser, client);
  await page.goto('/my-queries');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await press(page, page.getByRole('button', { name: 'Next' }));
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeFocused();
});

test('the pager brings its list back from the top, below the phone top bar, and keeps the focus', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Tomas Topline');
  // Two full pages: the second is as tall as the first, so nothing but the pager moves the window.
  for (let i = 1; i <= 10; i++)
    await submitRequest(request, client, `Masonry walls ${i}`, { projectName: `Coral Gables Library Extension ${i}` });
  for (const viewport of [phone, { width: 1280, height: 360 }]) {
    const page = await pageAs(browser, client, viewport);
    await page.goto('/my-queries');
    if (viewport === phone) {
      // The search box and its button are full-size targets on a phone.
      for (const target of [
        page.getByRole('searchbox', { name: 'Search requests' }),
        page.getByRole('button', { name: 'Search', exact: true }),
      ])
        expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    // The project name and the message wrap between words, never inside one (each word lies on one line).
    const split = await page
      .locator('td[data-label="Message"]')
      .first()
      .evaluate((cell) => {
        const words: string[] = [];
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          for (const word of text.textContent!.matchAll(/[^\s·…]+/g)) {
            const range = document.createRange();
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) words.push(word[0]);
          }
        }
        return words;
      });
    expect(split, 'words cut across lines').toEqual([]);
    const list = page.locator('section', { has: page.getByRole('navigation', { name: 'Pagination' }) }).first();
    const next = page.getByRole('button', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();
    expect((await list.boundingBox())!.y, 'the list top is above the window').toBeLessThan(0);
    await press(page, next);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    const top = (await list.boundingBox())!.y;
    // Below the 60 px top bar on the phone, at the top of the window on the desk.
    expect(top).toBeGreaterThanOrEqual(viewport === phone ? 59 : -1); // half a pixel of rounding
    expect(top).toBeLessThan(viewport === phone ? 100 : 20);
    // The focus stays on the pager (its other button, Next being disabled at the last page).
    await expect(page.getByRole('button', { name: 'Previous' })).toBeFocused();
    await page.context().close();
  }
});

/** What the page is wider than its window: what would scroll sideways. */
const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

test('Logout from the phone menu: Escape and Cancel give the focus back to the menu button; the client at 200 % text', async ({
  browser,
  request,
  admin,
  sharedClient,
}) => {
  // A reply the client has not read puts its count on ☰.
  const replied = await submitRequest(request, sharedClient, 'Drywall takeoff with a reply to read');
  await say(E2E.baseURL, admin, replied, 'Your drywall takeoff is under way.');
  for (const [session, home] of [
    [sharedClient, '/portal'],
    [admin, '/admin'],
  ] as const) {
    const page = await pageAs(browser, session, phone);
    // The client's browser has its default text at 32 px (200 %), as a person sets it.
    const largeText = session === sharedClient;
    if (largeText) await (await page.context().newCDPSession(page)).send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    await page.goto(home);
    const menu = page.getByRole('button', { name: 'Menu' });
    const dialog = page.getByRole('dialog', { name: 'Logout' });
    if (largeText) {
      // Nothing scrolls sideways, and the unread count sits beside ☰, not over it: a click on ☰ opens the menu.
      const activities = page.getByRole('region', { name: 'Recent Activities', exact: true });
      await expect(activities.getByRole('cell').first()).toBeVisible();
      expect(await sideways(page), '/portal').toBeLessThanOrEqual(0);
      // Nor does the table inside its card: each label goes above its value.
      expect(
        await activities.getByRole('region', { name: 'Recent Activities table' }).evaluate((el) => el.scrollWidth - el.clientWidth),
      ).toBeLessThanOrEqual(0);
      const glyph = (await menu.getByText('☰').boundingBox())!;
      const count = (await page.getByTestId('badge-menu').boundingBox())!;
      expect(glyph.x + glyph.width <= count.x || count.x + count.width <= glyph.x, 'the count beside ☰').toBe(true);
      await page.mouse.click(glyph.x + glyph.width / 2, glyph.y + glyph.height / 2);
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      // At 1280 px the table keeps its columns and scrolls inside a named region a keyboard can reach.
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectNoAxeViolations(page, { include: ['main'] });
      await page.setViewportSize(phone);
    }
    for (const close of ['Escape', 'Cancel'] as const) {
      await press(page, menu);
      await press(page, page.getByRole('button', { name: 'Logout' }));
      await expect(dialog.getByText('Are you sure you want to logout?')).toBeVisible();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await press(page, dialog.getByRole('button', { name: 'Cancel' }));
      await expect(dialog).toBeHidden();
      await expect(menu).toBeFocused();
    }
    if (largeText) {
      await page.goto('/request');
      await expect(page.getByLabel('Bid due date (optional)')).toBeVisible();
      expect(await sideways(page), '/request').toBeLessThanOrEqual(0);
      await keepShot(page, { path: 'test-results/focus/request-text-200-375.png' });
    }
    await page.context().close();
  }
});

test('the client chat at 375 px: the log mounts after the history, scrolls by keyboard, and Back focuses the open query', async ({
  browser,
  request,
  sharedClient: client,
}) => {
  const id = await submitRequest(request, client, 'Stucco takeoff for the back arrow check');
  await say(E2E.baseURL, client, id, 'First line of the history');
  const page = await pageAs(browser, client, phone);
  // The history call waits until released: while it loads there is a status, not a log to read out.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/chats/query/*/message*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/chat/${id}`);
  const window = page.getByRole('region', { name: 'Conversation' });
  await expect(window.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
  await expect(page.getByRole('log')).toHaveCount(0);
  release();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('First line of the history')).toBeVisible();
  // Nothing inside the log takes the focus: the log itself does, to scroll it.
  await log.focus();
  await expect(log).toBeFocused();
  await expectNoAxeViolations(page, { include: ['.cchat-window'] });
  await shoot(page, 'focus/client-chat-log');
  await page.setViewportSize(phone);

  await press(page, page.getByRole('button', { name: 'Back to the list of queries' }));
  await expect(page.getByRole('button', { name: /Stucco takeoff for the back arrow check/ })).toBeFocused();
});

test('the admin chat: Back at 375 px, cancelling a reply, the search answer, the options button and the list names', async ({
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Carla Focus');
  const open = await submitRequest(request, client, 'Roofing takeoff with a reply to cancel');
  const closed = await submitRequest(request, client, 'Old drywall request now closed');
  await setStatus(request, admin, closed, 'closed');
  await say(E2E.baseURL, client, open, 'Can you reply to this line?');
  const page = await pageAs(browser, admin, phone);
  const list = page.getByRole('complementary', { name: 'Chats' });

  // 1.4.3: the selected closed query's '(Closed)' in full white on the orange (3.5:1 faded).
  await page.goto(`/admin-chat/${closed}`);
  await expect(page.locator('.acs-side a[aria-current="page"]')).toHaveCount(1); // the list (hidden beside the chat) is in
  await press(page, page.getByRole('button', { name: 'Back to the list of chats' }));
  const closedLink = list.getByRole('link', { name: /^Old drywa/ });
  await expect(closedLink).toBeFocused();
  await page.goto(`/admin-chat/${closed}`);
  await page.setViewportSize(desk);
  const current = list.locator('a[aria-current="page"] .acl-closed');
  await expect(current).toHaveText('(Closed)');
  await expect(current).toHaveCSS('opacity', '1');

  // 2.5.3: the row's name holds its visible text; its options button claims no menu it has not.
  const row = list.getByRole('button', { name: /^Carla Focus.*: Click to load chat\b/ });
  await expect(row).toContainText('Click to load chat');
  const more = list.getByRole('button', { name: 'More options for Carla Focus' });
  await expect(more).not.toHaveAttribute('aria-haspopup');
  await expect(more).toHaveAttribute('aria-expanded', 'false');

  // Cancelling a reply: the focus goes on to the message box.
  await page.goto(`/admin-chat/${open}`);
  await page.getByRole('log', { name: 'Messages' }).getByText('Can you reply to this line?').dblclick();
  await expect(page.getByText('Reply to:')).toBeVisible();
  await press(page, page.getByRole('button', { name: 'Cancel reply' }));
  await expect(page.getByText('Reply to:')).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();

  // The search's answer is in a live region, as 'Loading users…' is.
  await page.getByRole('searchbox', { name: 'Search clients' }).fill('zzzz');
  await expect(list.getByRole('status').filter({ hasText: 'No clients match' })).toHaveText('No clients match “zzzz”.');
  await shoot(page, 'focus/admin-chat-search');
});

test("the client workspace: Decline, Request a revision and Add addendum focus their form's field and give the focus back", async ({
  browser,
  request,
  admin,
  sharedClient: client,
}) => {
  const quoted = await submitRequest(request, client, 'Framing takeoff to decline');
  const sent = await request.post(`/api/queries/${quoted}/quotes`, { headers: auth(admin), data: { price: '900' } });
  expect(sent.status(), await sent.text()).toBe(201);
  const answered = await submitRequest(request, client, 'Masonry takeoff to revise');
  await setStatus(request, admin, answered, 'in_progress');
  await setStatus(request, admin, answered, 'answered');
  const page = await pageAs(browser, client);
  const panel = page.getByRole('complementary', { name: 'Request details' });

  await page.goto(`/chat/${quoted}`);
  // The open quote is decided on its card in the chat; once declined it leaves the chat for the panel, and the focus follows it.
  const chatQuote = page.getByRole('region', { name: 'Quote in the chat' });
  const decline = chatQuote.getByRole('button', { name: 'Decline', exact: true });
  await press(page, decline);
  const reason = chatQuote.getByLabel('Why do you decline?');
  await expect(reason).toBeFocused();
  await shoot(page, 'focus/decline-form');
  await press(page, chatQuote.getByRole('button', { name: 'Cancel' }));
  await expect(decline).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(reason).toBeFocused();
  await page.keyboard.type('Over our budget.');
  await press(page, chatQuote.getByRole('button', { name: 'Decline quote' }));
  const card = panel.getByRole('article', { name: /^Quote of / });
  await expect(card.getByText('Declined: Over our budget.')).toBeVisible();
  await expect(card).toBeFocused();
  await expect(chatQuote).toHaveCount(0);

  await page.goto(`/chat/${answered}`);
  const ask = panel.getByRole('button', { name: 'Request a revision' });
  await press(page, ask);
  const change = panel.getByLabel('What should change?');
  await expect(change).toBeFocused();
  await press(page, panel.getByRole('button', { name: 'Cancel' }));
  await expect(ask).toBeFocused();

  const addendum = panel.getByRole('button', { name: 'Add addendum' });
  await press(page, addendum);
  await expect(panel.getByRole('button', { name: 'Choose files' })).toBeFocused();
  await press(page, panel.getByRole('button', { name: 'Cancel' }));
  await expect(addendum).toBeFocused();

  await press(page, ask);
  await page.keyboard.type('Add the garden wall.');
  await press(page, panel.getByRole('button', { name: 'Send revision request' }));
  await expect(panel.getByRole('heading', { name: /^Rev B/ })).toBeVisible();
  await expect(panel.getByRole('heading', { name: /^Deliverables/ })).toBeFocused();
});

test('Withdraw keeps the focus on its quote card, a bid outcome on its heading; both buttons stay focusable while busy', async ({
  browser,
  request,
  admin,
  sharedClient: client,
}) => {
  const bidDueDate = firmDayFromNow(-3);
  const id = await submitRequest(request, client, 'Roofing takeoff whose bid is already past', { bidDueDate });
  const sent = await request.post(`/api/queries/${id}/quotes`, { headers: auth(admin), data: { price: '700' } });
  expect(sent.status(), await sent.text()).toBe(201);

  // The admin withdraws: the answer is slowed so that the busy button can be seen keeping the focus.
  const ap = await pageAs(browser, admin);
  const withdrawal = await holdRequests(ap, '**/withdraw');
  await ap.goto(`/admin-chat/${id}`);
  const adminPanel = ap.getByRole('complementary', { name: 'Request details' });
  const withdraw = adminPanel.getByRole('button', { name: 'Withdraw' });
  await press(ap, withdraw);
  await expect(withdraw).toHaveAttribute('aria-disabled', 'true');
  await expect(withdraw).toBeFocused();
  withdrawal.release();
  const card = adminPanel.getByRole('article', { name: /^Quote of / });
  await expect(card.getByText('Withdrawn')).toBeVisible();
  await expect(card).toBeFocused();

  await setStatus(request, admin, id, 'in_progress');
  await setStatus(request, admin, id, 'answered');
  const cp = await pageAs(browser, client);
  await cp.goto(`/chat/${id}`);
  const clientPanel = cp.getByRole('complementary', { name: 'Request details' });
  await press(cp, clientPanel.getByRole('group', { name: 'Bid outcome' }).getByRole('button', { name: 'Lost' }));
  await expect(clientPanel.getByRole('heading', { name: 'Bid outcome' })).toBeFocused();
  expect(await bodyHasFocus(cp)).toBe(false);
});

test('Approve → Yes on the users page and Start in the request queue leave the focus on the next control', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const stamp = Date.now();
  for (const name of ['Anna', 'Bruno']) {
    const res = await authPost(request, '/api/auth/register', {
      fullName: `${name} Pending`,
      email: `${name.toLowerCase()}.pending.${stamp}@example.com`,
      password: 'Client-Passw0rd',
    });
    expect(res.status()).toBe(201);
  }
  const page = await pageAs(browser, admin);
  await page.goto('/user');
  const approveButtons = page.getByRole('button', { name: /^Approve / });
  await expect(approveButtons.first()).toBeVisible();
  const names = await approveButtons.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  expect(names.length).toBeGreaterThanOrEqual(2);
  await press(page, approveButtons.first());
  await press(page, page.getByRole('dialog', { name: 'Confirm Approval' }).getByRole('button', { name: 'Yes' }));
  await expect(page.getByRole('button', { name: names[0]! })).toHaveCount(0);
  await expect(page.getByRole('button', { name: names[1]! })).toBeFocused();

  const client = await newClient(request, admin, 'Sam Start');
  await submitRequest(request, client, 'Painting takeoff to start from the queue');
  await page.goto('/admin-queries');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Sam Start');
  await expect(page.getByRole('button', { name: /^Start query of / })).toHaveCount(1);
  await press(page, page.getByRole('button', { name: 'Start query of Sam Start' }));
  await expect(page.getByRole('button', { name: 'Mark answered: query of Sam Start' })).toBeFocused();
});

test('a refused Login, OTP code or contact message leaves the focus on its button', async ({ page, request }) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Rita Refused');

  await page.goto('/login');
  await page.getByLabel('Email').fill(client.user.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Passw0rd');
  const login = page.getByRole('button', { name: 'Login' });
  await press(page, login);
  await expect(page.locator('#login-error')).toHaveText('Invalid email or password.');
  await expect(login).toBeFocused();

  await page.goto(`/otp-verification?email=${encodeURIComponent(client.user.email)}&role=client&from=forgot`);
  await page.getByLabel('Digit 1 of 6').fill('000000');
  const verify = page.getByRole('button', { name: 'Verify' });
  await press(page, verify);
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toBeVisible();
  await expect(verify).toBeFocused();

  // A failure that names no field (the server down): the button keeps the focus.
  await page.route('**/api/contact/submit', (route) => route.fulfill({ status: 500, json: { message: 'Internal server error' } }));
  // The welcome modal opens 1.5 s after a public page loads unless a field has the focus by then
  // (site-chrome.ts); on a busy machine it opened first, made the form inert and took the typing.
  await page.addInitScript(DISMISS_WELCOME);
  await page.goto('/contactus');
  const form = page.locator('form.contact-form');
  const send = form.getByRole('button', { name: 'Send Message' });
  // Typed and sent only once React has hydrated the form: before that the browser posts it itself.
  await contactFormHydrated(page);
  await form.getByLabel(/^Name/).fill('Rita Refused');
  await form.getByLabel(/^E-mail/).fill('rita@example.com');
  await form.getByLabel(/^Service/).selectOption({ index: 1 });
  await form.getByLabel(/^Message/).fill('Please call me about a takeoff.');
  await press(page, send);
  await expect(form.getByRole('alert')).toHaveText('Failed to send message. Please try again.');
  await expect(send).toBeFocused();
  expect(await bodyHasFocus(page)).toBe(false);
});

test('after Upload and mark answered and Yes, Close Query (queue and workspace), the focus is on the next control', async ({
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Fiona Focusflow');
  const answered = await submitRequest(request, client, 'Stucco takeoff answered from the queue');
  const closed = await submitRequest(request, client, 'Roofing takeoff closed from the workspace');
  await setStatus(request, admin, answered, 'in_progress');
  const page = await pageAs(browser, admin);
  await page.goto('/admin-queries?status=all');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Fiona Focusflow');
  await expect(page.getByRole('button', { name: /^Close \(query of / })).toHaveCount(2);

  // Mark answered → the dialog → upload and answer: the row's next step (Add files) has the focus.
  await press(page, page.getByRole('button', { name: 'Mark answered: query of Fiona Focusflow' }));
  const dialog = page.getByRole('dialog', { name: 'Mark answered' });
  await dialog
    .getByLabel(/^Deliverables/)
    .setInputFiles({ name: 'estimate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await press(page, dialog.getByRole('button', { name: 'Upload and mark answered' }));
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add files to query of Fiona Focusflow' })).toBeFocused();

  // Close → Yes, Close Query on that row (it stays under 'All'): its Chat link has the focus.
  await press(page, page.getByRole('button', { name: 'Close (query of Fiona Focusflow' }).first());
  // The confirmation ('This action cannot be undone') opens on Cancel: a second Enter closes nothing.
  await expect(page.getByRole('dialog', { name: 'Close Query' }).getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, { include: ['dialog[open]'] });
  await press(page, page.getByRole('dialog', { name: 'Close Query' }).getByRole('button', { name: 'Yes, Close Query' }));
  await expect(page.getByRole('dialog', { name: 'Close Query' })).toBeHidden();
  await expect.poll(() => bodyHasFocus(page)).toBe(false);
  await expect(page.locator(':focus')).toHaveAttribute(
    'aria-label',
    /^(Chat about query of|Close \(query of) Fiona Focusflow: Stucco takeoff answered from the queue\)?$/,
  );

  // The workspace's Close Query: the focus goes to the conversation.
  await page.goto(`/admin-chat/${closed}`);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await press(page, conversation.getByRole('button', { name: 'Close Query' }));
  await expect(page.getByRole('dialog', { name: 'Close Query' }).getByRole('button', { name: 'Cancel' })).toBeFocused();
  await press(page, page.getByRole('dialog', { name: 'Close Query' }).getByRole('button', { name: 'Yes, Close Query' }));
  await expect(conversation.getByText('This query is closed. No more messages can be sent.')).toBeVisible();
  await expect(conversation.getByRole('log', { name: 'Messages' })).toBeFocused();
});
