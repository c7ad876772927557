import { expect, test, type Browser, type Page } from './fixtures.ts';
import { asUser, expectNoAxeViolations, keepShot, newClient, say, type Session, signInAdmin, submitRequest } from './support.ts';

// A client with a quote waiting for an answer opens its chat on a phone held
// sideways, at 200 % zoom or with text at 200 %. The quote card sits between the messages and the
// message box; it must not push the box (or its own Accept buttons) out of reach.

let admin: Session;
let client: Session;
let id: string;

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Sam Sideways');
  id = await submitRequest(request, client, 'Stucco and lath takeoff for a Kendall duplex');
  const quoted = await request.post(`/api/queries/${id}/quotes`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { price: '1200.00', standardHours: 48, rushPrice: '1600.00', rushHours: 24, note: 'Both sheets of the duplex, stucco and lath.' },
  });
  expect(quoted.status(), await quoted.text()).toBe(201);
});

/**
 * Whether a control can be reached by a finger: scrolled into the boxes around it that scroll by
 * touch (overflow auto or scroll; an `overflow: hidden` box does not), then at some scroll position
 * of the window, it is inside the window and the topmost thing at its centre.
 */
async function reachable(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((node) => {
      // A box that scrolls (overflow auto or scroll) scrolls by touch as well: bring the control into it.
      for (let box = node.parentElement; box && box !== document.body; box = box.parentElement) {
        const { overflowY } = getComputedStyle(box);
        if ((overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight) {
          box.scrollTop += node.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientHeight / 3;
        }
      }
      const max = document.scrollingElement!.scrollHeight - window.innerHeight;
      for (let y = 0; y <= Math.max(0, max) + 20; y += 20) {
        window.scrollTo(0, Math.min(y, max));
        const r = node.getBoundingClientRect();
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        if (r.height < 10 || cy < 0 || cy > window.innerHeight || cx < 0 || cx > window.innerWidth) continue;
        const hit = document.elementFromPoint(cx, cy);
        if (hit && (hit === node || node.contains(hit))) return true;
      }
      return false;
    });
}

for (const [name, viewport, textScale] of [
  ['phone sideways', { width: 812, height: 375 }, 1],
  ['200 % zoom', { width: 640, height: 400 }, 1],
  ['text at 200 %', { width: 1280, height: 800 }, 2],
] as const) {
  test(`${name}: with a quote waiting, the message box and the quote's buttons stay in reach`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, hasTouch: true });
    await asUser(context, client);
    const page = await context.newPage();
    if (textScale !== 1)
      await page.addInitScript((scale) => {
        document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = `${scale * 100}%`));
      }, textScale);
    await page.goto(`/chat/${id}`);
    const card = page.getByLabel('Quote in the chat');
    await expect(card.getByRole('button', { name: /^Accept rush/ })).toBeVisible();
    expect(await reachable(page, '.composer-input'), 'the message box').toBe(true);
    // Where reachable() left the window: the box is on screen; a finger taps it.
    await page.getByLabel('Message', { exact: true }).tap();
    await page.keyboard.type('Can you add the garage?');
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Can you add the garage?');
    expect(await reachable(page, '.chat-quote button:has-text("Decline")'), 'the quote’s Decline').toBe(true);
    await keepShot(page, { path: `test-results/phone-chat/quote-${viewport.width}x${viewport.height}-${textScale}.png` });
    await context.close();
  });
}

// A phone held upright has the height for the whole card: its three buttons show without scrolling
// inside it, and so do the decline form's once it opens, with the message box still in view.
test('on a phone held upright, the quote card and its decline form show whole', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${id}`);
  const card = page.getByLabel('Quote in the chat');
  for (const name of [/^Accept standard/, /^Accept rush/, /^Decline$/])
    await expect(card.getByRole('button', { name }), String(name)).toBeInViewport({ ratio: 1 });
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(card.getByLabel('Why do you decline?')).toBeFocused();
  for (const name of ['Decline quote', 'Cancel']) await expect(card.getByRole('button', { name }), name).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel('Message', { exact: true })).toBeInViewport({ ratio: 1 });
  await card.getByRole('button', { name: 'Cancel' }).click();
  await context.close();
});

// Under 768 px, with a chat open, the list pane folded away the page's only h1
// ('Chats'); heading navigation found none. It stays, out of sight, and the list's rows stay folded.
test('on a phone, the open chat keeps the page heading for screen readers', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${id}`);
  await expect(page.getByRole('region', { name: 'Conversation' }).getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toHaveCount(1);
  // The on-screen keyboard shrinks the layout (and so dvh): the composer stays above it.
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /interactive-widget=resizes-content/);
  await expect(page.getByRole('complementary', { name: 'Your queries' }).getByRole('button')).toHaveCount(0);
  // Out of sight: its pane is a clipped 1 px box, and the request's details start right under the toggle.
  const pane = await page.getByRole('complementary', { name: 'Your queries' }).boundingBox();
  expect(pane && pane.width * pane.height).toBeLessThanOrEqual(1);
  const toggle = await page.getByRole('group', { name: 'Show' }).boundingBox();
  const details = await page.getByRole('complementary', { name: 'Request details' }).boundingBox();
  expect(Math.abs(details!.y - (toggle!.y + toggle!.height))).toBeLessThanOrEqual(1);
  // Back to the list: the heading shows again, with the rows.
  await page.getByRole('button', { name: 'Back to the list of queries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your queries' }).getByRole('button').first()).toBeVisible();
  await context.close();
});

/** Where the request's chat opens as `session`: /chat/{id} for the client, /admin-chat/{id} for the admin. */
const workspaces = () =>
  [
    ['client', client, `/chat/${id}`],
    ['admin', admin, `/admin-chat/${id}`],
  ] as const;

// The browser's default text size at 32 px (200 %): the chat grids follow the text (container
// queries in rem), so on a 1280 px screen they take one column instead of squeezing the conversation.
test('text at 200 % on a 1280 px screen: both chat workspaces take one column, with nothing sideways', async ({ browser }) => {
  for (const [who, session, url] of workspaces()) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await asUser(context, session);
    const page = await context.newPage();
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '200%'));
    });
    await page.goto(url);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    const send = conversation.getByRole('button', { name: 'Send' });
    await expect(send).toBeVisible();
    const layout = await conversation.evaluate((el) => {
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
      const box = el.getBoundingClientRect();
      return { rem, width: box.width / rem, sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth };
    });
    expect(layout.rem, who).toBe(32);
    expect(layout.sideways, `${who}: the page scrolls sideways`).toBeLessThanOrEqual(0);
    expect(layout.width, `${who}: the conversation column, in rem`).toBeGreaterThanOrEqual(18);
    // Send is inside the conversation, and the topmost thing where it shows (nothing lies over it).
    const hit = await send.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const column = el.closest('section')!.getBoundingClientRect();
      return { topmost: !!top && el.contains(top), inside: r.left >= column.left && r.right <= column.right + 0.5 };
    });
    expect(hit, who).toEqual({ topmost: true, inside: true });
    // The conversation keeps room to read: the admin's internal notes start closed on a screen under
    // 40 rem tall, where open they left the messages about 64 px. The client's quote card is drawn
    // first, so the messages are measured beside it.
    if (who === 'client') await expect(page.getByLabel('Quote in the chat')).toBeVisible();
    const log = conversation.getByRole('log', { name: 'Messages' });
    expect((await log.boundingBox())!.height, `${who}: the messages' height`).toBeGreaterThanOrEqual(128);
    await expectNoAxeViolations(page);
    await keepShot(page, { path: `test-results/phone-chat/large-text-${who}-1280.png` });
    await context.close();
  }
});

// At 375 px the request's details open as a sheet over the chat, not a fold sharing its height;
// the header keeps to one line, and the message box stays in view.
test('on a phone, the request details open as a sheet over the chat and close again', async ({ browser }) => {
  for (const [who, session, url] of workspaces()) {
    const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
    await asUser(context, session);
    const page = await context.newPage();
    await page.goto(url);
    const conversation = page.getByRole('region', { name: 'Conversation' });
    const box = conversation.getByLabel('Message', { exact: true });
    await expect(box).toBeInViewport();
    const heading = conversation.locator('h2').first();
    if (who === 'client') {
      const lineHeight = await heading.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await heading.boundingBox())!.height, 'the header is one line').toBeLessThanOrEqual(lineHeight + 1);
    } else {
      // The admin's header shows the project name and every one of its buttons whole, on screen.
      const header = conversation.locator('header').first();
      for (const name of ['Close Query', 'Next request']) await expect(header.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
      // Two lines, not three: the status, Close Query and 'Next' share the second.
      const [close, next] = await Promise.all(
        ['Close Query', 'Next request'].map((name) => header.getByRole('button', { name }).boundingBox()),
      );
      expect(Math.abs(close!.y - next!.y), 'Close Query and Next on one line').toBeLessThanOrEqual(2);
      const project = header.locator('strong').first();
      await expect(project).toBeVisible();
      expect((await project.boundingBox())!.width, 'the project name has room').toBeGreaterThan(60);
    }
    const panel = page.getByRole('complementary', { name: 'Request details' });
    await panel.getByRole('button', { name: 'Show request details' }).click();
    const hide = panel.getByRole('button', { name: 'Hide request details' });
    await expect(hide).toBeVisible();
    // A sheet: over the conversation, as tall as the chat, scrolling on its own.
    const sheet = (await panel.boundingBox())!;
    const chat = (await conversation.boundingBox())!;
    expect(sheet.y, who).toBeLessThanOrEqual(chat.y);
    expect(sheet.y + sheet.height, who).toBeGreaterThanOrEqual(chat.y + chat.height - 1);
    await expectNoAxeViolations(page);
    await keepShot(page, { path: `test-results/phone-chat/sheet-${who}-375.png` });
    await hide.click();
    await expect(box).toBeInViewport();
    await context.close();
  }
});

// The request's details fold above the conversation on a phone, at 200 % text and under 1100 px, and
// sit beside it, to its right, on a wide screen. The reading and Tab order follow what is seen: the
// details (their toggle) before the message box where they are above it, after it where they are
// beside it. They followed the chat in the page at every width, moved above it by CSS alone, so a
// keyboard met the toggle only after the message box. The layout changes with the page open too.
test('the client chat: the request details come before the message box where they show above it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${id}`);
  const panel = page.getByRole('complementary', { name: 'Request details' });
  const box = page.getByLabel('Message', { exact: true });
  await expect(box).toBeVisible();
  // The panel's sections are in, so that beside the chat it has controls to reach.
  await expect(panel.getByRole('button', { name: 'Add addendum' })).toBeVisible();
  /** What Tab reaches first from the page's heading ('Chats', above both): the request details or the message box. */
  const firstReached = async (): Promise<'details' | 'message box'> => {
    await page.getByRole('heading', { level: 1, name: 'Chats' }).focus();
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        return el?.closest('.rqp') ? 'details' : el?.matches('.composer-input') ? 'message box' : null;
      });
      if (where) return where;
    }
    throw new Error('Tab reached neither the request details nor the message box');
  };
  /**
   * Whether the panel comes before the conversation in the page (what a screen reader reads first).
   * Polled before each walk: the panel takes its place once its toggle's size is reported (a
   * ResizeObserver, after the layout), a frame or so after the width changes.
   */
  const panelFirst = () =>
    page.evaluate(() => {
      const details = document.querySelector('.rqp')!;
      const conversation = document.querySelector('.cchat-window')!;
      return Boolean(details.compareDocumentPosition(conversation) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
  const show = panel.getByRole('button', { name: 'Show request details' });

  await expect(show).toBeHidden();
  await expect.poll(panelFirst, 'at 1280 px, beside the chat').toBe(false);
  expect(await firstReached(), 'at 1280 px, beside the chat').toBe('message box');
  expect(await panelFirst(), 'at 1280 px, beside the chat').toBe(false);
  // The layout changing under a message being written leaves it focused.
  await page.keyboard.type('Can you add the garage?');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(show).toBeVisible();
  await expect(box, 'the message box keeps the focus').toBeFocused();
  await expect(box).toHaveValue('Can you add the garage?');

  for (const [width, what] of [
    [375, 'at 375 px'],
    [1000, 'at 1000 px'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await expect(show, what).toBeVisible();
    await expect.poll(panelFirst, what).toBe(true);
    expect(await firstReached(), what).toBe('details');
    await expect(show, what).toBeFocused();
    expect(await panelFirst(), what).toBe(true);
  }

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(show).toBeHidden();
  await expect.poll(panelFirst, 'back at 1280 px').toBe(false);
  expect(await firstReached(), 'back at 1280 px').toBe('message box');
  expect(await panelFirst(), 'back at 1280 px').toBe(false);

  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  await expect(show).toBeVisible();
  await expect.poll(panelFirst, 'at 1280 px and 200 % text').toBe(true);
  expect(await firstReached(), 'at 1280 px and 200 % text').toBe('details');
  await expect(show).toBeFocused();
  expect(await panelFirst(), 'at 1280 px and 200 % text').toBe(true);
  await context.close();
});

// The same in the admin's workspace, where the list of chats comes first and two skip links at its
// head pass it, to the conversation's message box and to the request details. The panel followed the
// conversation in the page at every width, moved above it by CSS alone. The skip links follow the
// two's order in the page, so the first one reaches what comes first after the list. Under 768 px and
// at 200 % text an open chat hides the list, and the skip links with it.
test('the admin chat: the request details come before the conversation where they show above it, and the skip links follow', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto(`/admin-chat/${id}`);
  const panel = page.getByRole('complementary', { name: 'Request details' });
  const box = page.getByRole('region', { name: 'Conversation' }).getByLabel('Message', { exact: true });
  await expect(box).toBeEnabled();
  // The panel's sections are in, so that beside the chat it has controls to reach.
  const assignee = panel.getByRole('combobox', { name: 'Assigned to' });
  await expect(assignee).toBeVisible();
  // The list is in, down to this request under its client.
  await expect(page.getByRole('complementary', { name: 'Chats' }).locator('.acl-queries a[aria-current="page"]')).toBeVisible();
  /** What Tab reaches first in the workspace from the last control before it (the list, or the menu where the list hides). */
  const firstReached = async (): Promise<'details' | 'conversation'> => {
    await page.evaluate(() => {
      const work = document.querySelector('.acs-work')!;
      const before = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
        (el) =>
          el.tabIndex >= 0 &&
          !el.matches(':disabled') &&
          el.checkVisibility() &&
          work.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING,
      );
      before.at(-1)!.focus();
    });
    // A row the list adds meanwhile (its client's requests, loaded on their own) is passed.
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        return el?.closest('.rqp')
          ? 'details'
          : el?.closest('#conversation')
            ? 'conversation'
            : el?.closest('.acs-side')
              ? null
              : 'elsewhere';
      });
      if (where === 'elsewhere') throw new Error('Tab left the list for neither the request details nor the conversation');
      if (where) return where;
    }
    throw new Error('Tab reached neither the request details nor the conversation');
  };
  /**
   * Whether the panel comes before the conversation in the page (what a screen reader reads first).
   * Polled before each walk: the panel takes its place once its toggle's size is reported (a
   * ResizeObserver, after the layout), a frame or so after the width changes.
   */
  const panelFirst = () =>
    page.evaluate(() => {
      const details = document.querySelector('.rqp')!;
      const conversation = document.querySelector('#conversation')!;
      return Boolean(details.compareDocumentPosition(conversation) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
  const skips = page.getByRole('link', { name: /^Skip to the (conversation|request details)$/ });
  const toConversation = page.getByRole('link', { name: 'Skip to the conversation' });
  const toDetails = page.getByRole('link', { name: 'Skip to the request details' });
  /** The screen's first stop after 'Skip to content' (the list's head). */
  const firstSkip = async () => {
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
  };
  const show = panel.getByRole('button', { name: 'Show request details' });

  // Beside the chat: the conversation, then the details; so are the skip links.
  await expect(show).toBeHidden();
  await expect.poll(panelFirst, 'at 1280 px, beside the chat').toBe(false);
  expect(await firstReached(), 'at 1280 px, beside the chat').toBe('conversation');
  expect(await panelFirst(), 'at 1280 px, beside the chat').toBe(false);
  expect(await skips.allTextContents(), 'at 1280 px').toEqual(['Skip to the conversation', 'Skip to the request details']);
  await firstSkip();
  await expect(toConversation).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();
  await toDetails.focus();
  await page.keyboard.press('Enter');
  await expect(assignee, 'the first control of the details').toBeFocused();
  // The layout changing under a message being written leaves it focused.
  await box.focus();
  await page.keyboard.type('Is the garage in?');
  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(show).toBeVisible();
  await expect(box, 'the message box keeps the focus').toBeFocused();
  await expect(box).toHaveValue('Is the garage in?');

  // Folded above the chat (1000 px): the details first. Beside the menu the workspace has under 44 rem,
  // so the open chat hides the list, and its skip links with it.
  await expect.poll(panelFirst, 'at 1000 px').toBe(true);
  expect(await firstReached(), 'at 1000 px').toBe('details');
  await expect(show, 'at 1000 px').toBeFocused();
  expect(await panelFirst(), 'at 1000 px').toBe(true);
  await expect(toDetails, 'at 1000 px').toBeHidden();
  // Folded, with the list beside them (1080 px): the details first, and so their skip link.
  await page.setViewportSize({ width: 1080, height: 800 });
  await expect(toDetails).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: 'Chats' }), 'at 1080 px, the list shows').toBeVisible();
  await expect(show, 'at 1080 px').toBeVisible();
  await expect.poll(panelFirst, 'at 1080 px').toBe(true);
  expect(await firstReached(), 'at 1080 px').toBe('details');
  await expect(show, 'at 1080 px').toBeFocused();
  expect(await panelFirst(), 'at 1080 px').toBe(true);
  expect(await skips.allTextContents(), 'at 1080 px').toEqual(['Skip to the request details', 'Skip to the conversation']);
  await firstSkip();
  await expect(toDetails).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(show).toBeFocused();
  await toConversation.focus();
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();

  // A phone, and a wide screen at 200 % text: the open chat hides the list and its skip links.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(show, 'at 375 px').toBeVisible();
  await expect.poll(panelFirst, 'at 375 px').toBe(true);
  expect(await firstReached(), 'at 375 px').toBe('details');
  await expect(show, 'at 375 px').toBeFocused();
  expect(await panelFirst(), 'at 375 px').toBe(true);
  await expect(toConversation, 'at 375 px').toBeHidden();
  await expect(toDetails, 'at 375 px').toBeHidden();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(show).toBeHidden();
  await expect.poll(panelFirst, 'back at 1280 px').toBe(false);
  expect(await firstReached(), 'back at 1280 px').toBe('conversation');
  expect(await panelFirst(), 'back at 1280 px').toBe(false);

  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  await expect(show).toBeVisible();
  await expect.poll(panelFirst, 'at 1280 px and 200 % text').toBe(true);
  expect(await firstReached(), 'at 1280 px and 200 % text').toBe('details');
  await expect(show).toBeFocused();
  expect(await panelFirst(), 'at 1280 px and 200 % text').toBe(true);
  await expect(toDetails, 'at 1280 px and 200 % text').toBeHidden();
  await context.close();
});

// The messages open at the newest one and stay there while the reader is there: as the request's
// details fold open above them (under 1100 px), which once left the newest ones hidden below, and as
// a reply comes. Scrolled up to older ones, the reader keeps their place, until they send their own.
test('the messages stay at the newest one as the details fold open, and go to each new one', async ({ browser, baseURL }) => {
  for (let i = 1; i <= 12; i++) await say(baseURL!, i % 2 ? client : admin, id, `Line ${i} about the garage walls and the soffits`);
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${id}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Line 12 about')).toBeVisible();
  const below = () => log.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));
  await expect.poll(below, 'opened').toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: 'Show request details' }).click();
  await expect(page.getByRole('button', { name: 'Hide request details' })).toBeVisible();
  await expect.poll(below, 'the details folded open').toBeLessThanOrEqual(1);
  await say(baseURL!, admin, id, 'A reply at the end');
  await expect(log.getByText('A reply at the end', { exact: true })).toBeVisible();
  expect(await below(), 'a reply came').toBeLessThanOrEqual(1);

  // Scrolled to the top, and its scroll event handled, before the reply comes.
  await log.evaluate(
    (el) =>
      new Promise((resolve) => {
        el.addEventListener('scroll', resolve, { once: true });
        el.scrollTop = 0;
      }),
  );
  // Scrolled up, the place is kept while the screen around changes, and a new message goes to the bottom.
  await page.getByRole('button', { name: 'Hide request details' }).click();
  await expect(page.getByRole('button', { name: 'Show request details' })).toBeVisible();
  expect(await log.evaluate((el) => el.scrollTop), 'scrolled up, the details folding keep the place').toBe(0);
  await say(baseURL!, admin, id, 'A reply while reading back');
  await expect(log.getByText('A reply while reading back', { exact: true })).toBeVisible();
  await expect.poll(below, 'a reply while reading back').toBeLessThanOrEqual(1);
  await page.getByLabel('Message', { exact: true }).fill('My own line');
  await page.keyboard.press('Enter');
  await expect(log.getByText('My own line', { exact: true })).toBeVisible();
  expect(await below(), 'one’s own message').toBeLessThanOrEqual(1);
  await context.close();
});

// A phone 375 px wide at 200 % text: the title had shrunk out of sight beside the status, the message
// box to 58 px between the file button and 'Send', and a three-word message took a line a word in a
// bubble of three quarters of the list.
test('at 375 px and 200 % text the conversation keeps its title, a wide message box and roomy bubbles', async ({ browser, baseURL }) => {
  await say(baseURL!, admin, id, 'Add the garage');
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '200%'));
  });
  await page.goto(`/chat/${id}`);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const title = conversation.locator('header h2');
  await expect(title).toContainText('Stucco and lath');
  expect((await title.boundingBox())!.width, 'the title’s width').toBeGreaterThanOrEqual(160);
  // Cut to two lines: the whole of it shows on pointing at it.
  await expect(title).toHaveAttribute('title', (await title.textContent())!);
  const box = (await conversation.getByLabel('Message', { exact: true }).boundingBox())!;
  expect(box.width, 'the message box’s width').toBeGreaterThanOrEqual(180);
  expect(box.height, 'the message box’s height').toBeGreaterThanOrEqual(44);
  await expect(conversation.getByRole('button', { name: 'Send' })).toBeInViewport({ ratio: 1 });
  const text = conversation.getByText('Add the garage', { exact: true });
  const lines = await text.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  expect(lines, 'a three-word message’s lines').toBe(1);
  await keepShot(page, { path: 'test-results/phone-chat/large-text-client-375.png' });
  await context.close();
});

// The connection dot follows the status badge: however narrow the header, at any text size, it
// wraps with the badge, never onto a line of its own.
test('the connection dot stays beside the status badge at every width', async ({ browser, request }) => {
  const inProgress = await submitRequest(request, client, 'Dot and badge check', { projectName: 'Doral Warehouse Expansion' });
  const moved = await request.patch(`/api/queries/${inProgress}/status`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { status: 'in_progress' },
  });
  expect(moved.status()).toBe(200);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${inProgress}`);
  const header = page.getByRole('region', { name: 'Conversation' }).locator('header');
  await expect(header.getByText('In Progress')).toBeVisible();
  const alone: string[] = [];
  for (const text of ['100%', '200%']) {
    await page.evaluate((size) => (document.documentElement.style.fontSize = size), text);
    for (let width = 320; width <= 1280; width += 40) {
      await page.setViewportSize({ width, height: 800 });
      const apart = await header.evaluate((el) => {
        const badge = el.querySelector('.badge')!.getBoundingClientRect();
        const dot = el.querySelector('.cchat-dot')!.getBoundingClientRect();
        const middle = dot.top + dot.height / 2;
        return middle < badge.top || middle > badge.bottom;
      });
      if (apart) alone.push(`${width} px at ${text}`);
    }
  }
  expect(alone, 'where the dot wrapped apart from the status').toEqual([]);
  await context.close();
});

// The admin's conversation at 375 px and 200 % text: the header (name, status, Close Query, Next)
// took two thirds of the height, the internal notes covered its Next button, and the messages
// had no room left. The header, the notes and the box keep their size; the pane scrolls as one.
// The header keeps to two lines (it took 385 px of a 667 px screen, a line for each of its parts):
// the project, the client and the status stay in sight, Close Query and Next open under '⋮'.
test('at 375 px and 200 % text the admin conversation keeps its header compact, the messages and the box within reach', async ({
  browser,
  baseURL,
  request,
}) => {
  // A project name and the client's name: the header's two lines of names.
  const named = await submitRequest(request, client, 'Stucco for the Kendall garage', { projectName: 'Kendall Duplex Stucco' });
  await say(baseURL!, client, named, 'Is the garage in?');
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '200%'));
  });
  await page.goto(`/admin-chat/${named}`);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByText('Is the garage in?', { exact: true })).toBeVisible();
  const header = conversation.locator('header').first();
  await expect(header.getByText('Kendall Duplex Stucco')).toBeVisible();
  await expect(header.getByText('Sam Sideways')).toBeVisible();
  await expect(header.getByText('Pending', { exact: true })).toBeVisible();
  expect((await header.boundingBox())!.height, 'the header’s height').toBeLessThanOrEqual(160);
  const more = header.getByRole('button', { name: 'More actions' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(header.getByRole('button', { name: 'Close Query' })).toBeHidden();
  await expectNoAxeViolations(page);
  await more.tap();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  for (const [selector, what] of [
    ['.acp-head .acp-next', 'Next request'],
    ['.acp-head .acp-close', 'Close Query'],
    ['.acp-body .msg-text:has-text("Is the garage in?")', 'the newest message'],
    ['.composer-input', 'the message box'],
  ] as const) {
    expect.soft(await reachable(page, selector), what).toBe(true);
  }
  const messages = (await conversation.locator('.acp-body').boundingBox())!;
  expect(messages.height, 'the room the messages have').toBeGreaterThanOrEqual(200);
  await keepShot(page, { path: 'test-results/phone-chat/large-text-admin-375.png' });
  // By keyboard: Enter on '⋮' folds the actions and opens them again, and Tab goes on to them.
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(header.getByRole('button', { name: 'Next request' })).toBeHidden();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(header.getByRole('button', { name: 'Close Query' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(header.getByRole('button', { name: 'Next request' })).toBeFocused();
  await context.close();
});

/** A page at 375 x 812 with the browser's text at 200 %, signed in as `session`. */
async function phoneAtLargeText(browser: Browser, session: Session): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true });
  await asUser(context, session);
  const page = await context.newPage();
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => (document.documentElement.style.fontSize = '200%'));
  });
  return { page, close: () => context.close() };
}

// At 375 px and 200 % text 'Show request details' took two lines, a bar of about 130 px above the
// conversation. It reads 'Details' there, on one line; the button's name stays the whole phrase.
test('at 375 px and 200 % text the request details toggle is one line and keeps its name', async ({ browser }) => {
  for (const [who, session, url] of workspaces()) {
    const { page, close } = await phoneAtLargeText(browser, session);
    await page.goto(url);
    const panel = page.getByRole('complementary', { name: 'Request details' });
    const show = panel.getByRole('button', { name: 'Show request details', exact: true });
    await expect(show).toBeVisible();
    await expect(show).toHaveAccessibleName('Show request details');
    const lineHeight = await show.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(lineHeight, 'the text is at 200 %').toBeGreaterThanOrEqual(40);
    // One line and a little padding (8 px above and below), as a 44 px bar is at 100 % text.
    expect((await show.boundingBox())!.height, `${who}: the toggle's height`).toBeLessThanOrEqual(lineHeight + 18);
    await show.focus();
    await page.keyboard.press('Enter');
    const hide = panel.getByRole('button', { name: 'Hide request details', exact: true });
    await expect(hide).toBeFocused();
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect((await hide.boundingBox())!.height, `${who}: open, the toggle's height`).toBeLessThanOrEqual(lineHeight + 18);
    await keepShot(page, { path: `test-results/phone-chat/details-open-${who}-375-200.png` });
    await page.keyboard.press('Enter');
    await expect(show).toBeFocused();
    await close();
  }
});

// At 375 px and 200 % text the quote card, drawn whole between the messages and the message box,
// left the messages about 60 px. It folds to a bar ('Quote' and its state) that opens it with its
// texts and buttons as they are; folded, the messages keep their room.
test('at 375 px and 200 % text a waiting quote folds to a bar and the messages keep their room', async ({ browser }) => {
  const { page, close } = await phoneAtLargeText(browser, client);
  await page.goto(`/chat/${id}`);
  const card = page.getByRole('region', { name: 'Quote in the chat' });
  // The card (its own script) is drawn, folded or not, before anything is measured.
  await expect(card.getByRole('article', { name: /^Quote of /, includeHidden: true })).toBeAttached();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log).toBeVisible();
  expect((await log.boundingBox())!.height, 'the messages’ height').toBeGreaterThanOrEqual(150);
  expect((await card.boundingBox())!.height, 'the folded card’s height').toBeLessThanOrEqual(100);
  const bar = card.getByRole('button', { name: /^Quote/ });
  await expect(bar).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByRole('button', { name: /^Accept standard/ })).toBeHidden();
  await expect(page.getByLabel('Message', { exact: true })).toBeInViewport({ ratio: 1 });
  await keepShot(page, { path: 'test-results/phone-chat/quote-folded-375-200.png' });

  // Opened by a finger: the card as it is, each of its buttons within reach.
  await bar.tap();
  await expect(bar).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText('Both sheets of the duplex, stucco and lath.')).toBeVisible();
  for (const [selector, what] of [
    ['.chat-quote button:has-text("Accept standard")', 'Accept standard'],
    ['.chat-quote button:has-text("Accept rush")', 'Accept rush'],
    ['.chat-quote button:has-text("Decline")', 'Decline'],
    ['.chat-quote-toggle', 'the bar that folds it'],
    ['.composer-input', 'the message box'],
  ] as const) {
    expect.soft(await reachable(page, selector), what).toBe(true);
  }
  await keepShot(page, { path: 'test-results/phone-chat/quote-open-375-200.png' });

  // By the keyboard: the bar folds it, and Enter opens it onto its first button.
  await bar.focus();
  await page.keyboard.press('Enter');
  await expect(bar).toHaveAttribute('aria-expanded', 'false');
  expect((await log.boundingBox())!.height, 'folded again, the messages’ height').toBeGreaterThanOrEqual(150);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const accept = card.getByRole('button', { name: 'Accept standard' });
  await expect(accept).toBeFocused();
  // The card scrolls under its bar: the focused button shows below it, not hidden under it.
  const [barBox, acceptBox] = await Promise.all([bar.boundingBox(), accept.boundingBox()]);
  expect(acceptBox!.y, 'the focused button’s top, under the bar').toBeGreaterThanOrEqual(barBox!.y + barBox!.height - 1);
  await close();
});
