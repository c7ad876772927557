import { expect, test, type Page } from './fixtures.ts';
import { asUser, expectNoAxeViolations, newClient, shoot, signInAdmin, submitRequest, toastShown, unreadWatched } from './support.ts';
import { firmDayFromNow } from '../firm-days.ts';

// One journey: submit with a project name → quote with rush → accept
// rush (countdown on both sides, live) → Rev A → revision + Addendum 1 → Rev B →
// both revisions downloaded → Won after the bid date → the dashboard counts it.

const pdf = (label: string) => ({
  name: `${label}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`),
});
const daysAgo = (n: number) => firmDayFromNow(-n);
/** A bid due date as the workspace shows it: '2026-11-22' → 'Nov 22, 2026'. */
const shownDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const panel = (page: Page) => page.getByRole('complementary', { name: 'Request details' });

test('a request from submission to a won bid, on both sides', async ({ browser, request }) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Carla Mendez');
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(clientContext, client);
  await asUser(adminContext, admin);
  const cp = await clientContext.newPage();
  const ap = await adminContext.newPage();
  // The e2e server is shared by every spec: this month's figures start from what earlier specs left.
  type Month = { month: string; received: number; won: number; lost: number };
  const thisMonth = async (): Promise<Month> => {
    const res = await request.get('/api/queries/stats/monthly?months=1', { headers: { authorization: `Bearer ${admin.token}` } });
    const months = ((await res.json()) as { months: Month[] }).months;
    return months[months.length - 1] ?? { month: '', received: 0, won: 0, lost: 0 };
  };
  const before = await thisMonth();

  // 1. The client submits with a project name (the bid date is already past: the outcome step needs it).
  await cp.goto('/request');
  await cp.getByLabel('Project name *').fill('Brickell Tower Concrete');
  await cp.getByLabel('Location (optional)').fill('Miami, FL');
  await cp.getByLabel('Description *').fill('Concrete takeoff for a 12-storey residential tower, podium and garage.');
  await cp.getByLabel('Service *', { exact: true }).selectOption({ label: 'Sub-Contractor' });
  await cp.getByLabel('Sub-Service *').selectOption({ label: 'Concrete' });
  await cp.getByLabel('Bid due date (optional)').fill(daysAgo(2));
  await cp.getByLabel('Plans and files *').setInputFiles([pdf('S-101 foundation plan')]);
  const submitted = toastShown(cp, 'Query submitted successfully!');
  await cp.getByRole('button', { name: 'Submit Request' }).click();
  await submitted;
  await cp.waitForURL('**/my-queries');
  await expect(cp.getByRole('cell', { name: /Brickell Tower Concrete/ })).toBeVisible();
  const mine = await (await request.get('/api/queries/me', { headers: { authorization: `Bearer ${client.token}` } })).json();
  const id: string = mine.data[0]._id;

  // 2. The admin quotes standard and rush; the late-delivery warning shows while quoting.
  // Each side's workspace follows the other's steps only once its page listens for them.
  const adminListens = unreadWatched(ap);
  await ap.goto(`/admin-chat/${id}`);
  const ap1 = panel(ap);
  await expect(ap1.getByText('Brickell Tower Concrete')).toBeVisible();
  await adminListens;
  await ap1.getByLabel('Price (USD)').fill('1200');
  await ap1.getByLabel('Offer a rush option').check();
  await ap1.getByLabel('Rush price (USD)').fill('1,800.50');
  await expect(ap1.getByText(`Standard delivery would fall after the client's bid due date (${shownDay(daysAgo(2))}).`)).toBeVisible();
  await ap1.getByRole('button', { name: 'Issue quote' }).click();
  await expect(ap1.getByRole('article').getByText('Sent')).toBeVisible();
  await expect(ap1.getByRole('article').getByText('$1,800.50', { exact: true })).toBeVisible();

  // 3. The client accepts rush from the card in the chat, by keyboard; both sides show the countdown, live.
  const clientListens = unreadWatched(cp);
  await cp.goto(`/chat/${id}`);
  const card = cp.getByLabel('Quote in the chat');
  await expect(card.getByText('$1,200.00', { exact: true })).toBeVisible();
  await clientListens;
  // The quote shows once: the panel sums it up in a line, with no buttons of its own.
  await expect(panel(cp).getByText('Sent · Standard $1,200.00 · Rush $1,800.50. Answer it on the quote in the chat.')).toBeVisible();
  await expect(panel(cp).getByRole('button', { name: /^(Accept|Decline)/ })).toHaveCount(0);
  await shoot(cp, 'lifecycle/client-quote-card');
  await expectNoAxeViolations(cp, { include: ['.cchat-window', '.rqp'] });
  await card.getByRole('button', { name: 'Accept rush' }).focus();
  await cp.keyboard.press('Enter');
  await expect(panel(cp).getByTestId('delivery-countdown')).toHaveText(/^23 h \d+ min left$/);
  await expect(ap1.getByTestId('delivery-countdown')).toHaveText(/^23 h \d+ min left$/);
  await expect(ap1.getByRole('article').getByText('Accepted', { exact: true })).toBeVisible();
  // The admin's chat list follows the status too, without a reload.
  await expect(
    ap
      .getByRole('complementary', { name: 'Chats' })
      .getByRole('link', { name: /Brickell Tower Concrete/ })
      .getByText(/^In Progress ·/),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  // In progress with the bid date past: the workspace says so.
  await expect(panel(cp).getByRole('region', { name: 'Bid due date' })).toContainText(/ · overdue \d+ d$/);
  await shoot(cp, 'lifecycle/client-accepted');

  // 4. The admin answers with Rev A.
  await ap1.getByRole('button', { name: /^Mark answered/ }).click();
  const dialog = ap.getByRole('dialog', { name: 'Mark answered' });
  await dialog.getByLabel(/^Deliverables/).setInputFiles([pdf('takeoff-rev-a')]);
  await dialog.getByRole('button', { name: 'Upload and mark answered' }).click();
  await expect(ap1.getByRole('heading', { name: /^Rev A/ })).toBeVisible();

  // 5. The client asks for a revision, then adds Addendum 1 with a note.
  const cp1 = panel(cp);
  await expect(cp1.getByRole('heading', { name: /^Rev A/ })).toBeVisible();
  await cp1.getByRole('button', { name: 'Request a revision' }).click();
  await cp1.getByLabel('What should change?').fill('Add the pool deck slab.');
  await cp1.getByRole('button', { name: 'Send revision request' }).click();
  await expect(cp1.getByRole('heading', { name: /^Rev B/ })).toBeVisible();
  await cp1.getByRole('button', { name: 'Add addendum' }).click();
  await cp1.getByLabel('Addendum files').setInputFiles([pdf('A-501 pool deck')]);
  await cp1.getByLabel('Note (optional)').fill('Pool deck added by the architect.');
  await cp1.getByRole('button', { name: 'Upload addendum' }).click();
  await expect(cp1.getByRole('heading', { name: /^Addendum 1/ })).toBeVisible();
  await expect(cp1.getByRole('link', { name: 'A-501 pool deck.pdf' })).toBeVisible();
  // The admin's panel lists the set too, without a reload.
  await expect(ap1.getByRole('heading', { name: /^Addendum 1/ })).toBeVisible();

  // 6. The admin answers Rev B.
  await ap1.getByRole('button', { name: /^Mark answered/ }).click();
  await dialog.getByLabel(/^Deliverables/).setInputFiles([pdf('takeoff-rev-b')]);
  await dialog.getByLabel('Change note (optional)').fill('Raised the ceilings to 10 ft per Addendum 1.');
  await dialog.getByRole('button', { name: 'Upload and mark answered' }).click();
  await expect(ap1.getByRole('heading', { name: /^Rev B ·/ })).toBeVisible();
  await expect(ap1.getByText('Changes: Raised the ceilings to 10 ft per Addendum 1.')).toBeVisible();
  await shoot(ap, 'lifecycle/admin-workspace');

  // Answered: the bid date is shown, but nothing is overdue once the estimate is delivered (as in the admin queue).
  for (const side of [ap1, panel(cp)]) {
    const due = side.getByRole('region', { name: 'Bid due date' });
    await expect(due.locator('p')).toHaveText(shownDay(daysAgo(2)));
  }

  // 7. The client downloads both revisions.
  await expect(cp1.getByRole('heading', { name: /^Rev B ·/ })).toBeVisible();
  await expect(cp1.getByText('Changes: Raised the ceilings to 10 ft per Addendum 1.')).toBeVisible();
  for (const name of ['takeoff-rev-a.pdf', 'takeoff-rev-b.pdf']) {
    const download = cp.waitForEvent('download');
    await cp1.getByRole('link', { name }).click();
    expect((await download).suggestedFilename()).toBe(name);
  }

  // 8. The bid date has passed: the client marks Won, the next bid within 2 %.
  await expectNoAxeViolations(cp, { include: ['.rqp'] });
  await cp1.getByLabel(/±N % to the winning bid/).fill('2');
  await cp1.getByRole('group', { name: 'Bid outcome' }).getByRole('button', { name: 'Won' }).click();
  await expect(cp1.getByText('the next bid was within +2 %')).toBeVisible();
  await shoot(cp, 'lifecycle/client-workspace');

  // On a phone the whole panel fits its width: no section wider than the panel, no line cut at its edge.
  await cp.setViewportSize({ width: 375, height: 812 });
  await cp.getByRole('button', { name: 'Show request details' }).click();
  const overflow = await cp1.evaluate((aside) => {
    const width = aside.clientWidth;
    return [...aside.querySelectorAll<HTMLElement>('.rqp-section, .rqp-section li, .rqp-section p')]
      .filter((el) => el.getBoundingClientRect().width > width + 0.5 || el.scrollWidth > el.clientWidth + 0.5)
      .map((el) => `${el.className || el.tagName}: ${el.textContent?.slice(0, 40)}`);
  });
  expect(overflow).toEqual([]);
  await cp.setViewportSize({ width: 1280, height: 900 });

  // 'Reuse these plans': a new request with the same files, not uploaded again.
  await cp1.getByRole('link', { name: 'Reuse these plans' }).click();
  await cp.waitForURL(/\/request\?reuse=/);
  await expect(cp.getByRole('group', { name: 'Reused plans' }).getByRole('listitem')).toHaveCount(2);
  // At 1280 the longest sub-service shows whole in its select, arrow aside ('Commercial Bidding Estimate' was cut).
  await cp.getByLabel('Service *', { exact: true }).selectOption({ label: 'General Contractor' });
  const subService = cp.getByLabel('Sub-Service *');
  await subService.selectOption({ label: 'Commercial Bidding Estimates' });
  const room = await subService.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const pen = document.createElement('canvas').getContext('2d')!;
    pen.font = style.font;
    const text = pen.measureText(select.selectedOptions[0]!.text).width;
    const arrow = 24;
    return select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow - text;
  });
  expect(room).toBeGreaterThan(0);
  await cp.getByLabel('Project name *').fill('Brickell Tower Phase 2');
  await cp.getByLabel('Description *').fill('Same tower, phase 2 garage levels.');
  await cp.getByLabel('Service *', { exact: true }).selectOption({ label: 'Sub-Contractor' });
  await cp.getByLabel('Sub-Service *').selectOption({ label: 'Concrete' });
  const resubmitted = toastShown(cp, 'Query submitted successfully!');
  await cp.getByRole('button', { name: 'Submit Request' }).click();
  await resubmitted;
  const again = await (await request.get('/api/queries/me', { headers: { authorization: `Bearer ${client.token}` } })).json();
  expect(again.data[0]).toMatchObject({ projectName: 'Brickell Tower Phase 2' });
  expect(again.data[0].files.map((f: { name: string }) => f.name).sort()).toEqual(['A-501 pool deck.pdf', 'S-101 foundation plan.pdf']);

  // 9. The dashboard's win rate counts it (two more requests received this month, one more won).
  await ap.goto('/admin');
  const month = ap.getByRole('region', { name: 'Per month' });
  const row = month.getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(0)).toHaveText(String(before.received + 2));
  const [won, bids] = [before.won + 1, before.won + before.lost + 1];
  await expect(row.getByRole('cell').nth(3)).toHaveText(`${Math.round((won / bids) * 100)} % (${won}/${bids})`);
  expect(await thisMonth()).toMatchObject({ received: before.received + 2, won, lost: before.lost });
  await shoot(ap, 'lifecycle/admin-dashboard');

  await clientContext.close();
  await adminContext.close();
});

test('a rush option due after the bid date is flagged to the firm while quoting and to the client on the quote', async ({
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Ramon Rushlate');
  const bid = daysAgo(-2);
  const id = await submitRequest(request, client, 'Doral warehouse bid due in two days', { bidDueDate: bid });

  // The firm types a 4-day standard and a 3-day rush: both would be late.
  const ap = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await asUser(ap.context(), admin);
  await ap.goto(`/admin-chat/${id}`);
  const form = panel(ap).getByRole('form', { name: 'Send a quote' });
  await form.getByLabel('Price (USD)').fill('600');
  await form.getByLabel('Standard turnaround (hours)').fill('96');
  await form.getByLabel('Offer a rush option').check();
  await form.getByLabel('Rush price (USD)').fill('900');
  await form.getByLabel('Rush turnaround (hours)').fill('72');
  await expect(form.getByRole('status')).toHaveText(
    `Standard delivery would fall after the client's bid due date (${shownDay(bid)}). So would the rush delivery.`,
  );
  // A 24-hour rush is in time.
  await form.getByLabel('Rush turnaround (hours)').fill('24');
  await expect(form.getByRole('status')).toHaveText(`Standard delivery would fall after the client's bid due date (${shownDay(bid)}).`);
  await form.getByRole('button', { name: 'Issue quote' }).click();
  await expect(ap.getByText('Quote sent.')).toBeVisible();

  // The client sees which option would be late before choosing.
  const cp = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await asUser(cp.context(), client);
  await cp.goto(`/chat/${id}`);
  const card = cp.getByRole('region', { name: 'Quote in the chat' }).getByRole('article', { name: /^Quote of / });
  await expect(card.getByRole('listitem').filter({ hasText: 'Standard:' })).toContainText('due after the bid date');
  await expect(card.getByRole('listitem').filter({ hasText: 'Rush:' })).not.toContainText('due after the bid date');
  await shoot(cp, 'lifecycle/quote-late-option');
  await ap.context().close();
  await cp.context().close();
});
