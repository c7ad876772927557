import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page, type Request } from './fixtures.ts';
import { readZip } from '../api/zip-reader.ts';
import { E2E } from './env.ts';
import {
  asUser,
  expectNoAxeViolations,
  keepShot,
  newClient,
  recordApiCalls,
  requestsReported,
  type Session,
  shoot,
  signInAdmin,
} from './support.ts';

// The request workspace beside each chat and live unread state, and
// the client's chat screen in at most 4 API calls. Two real browser contexts, the
// real server and /ws; accounts and requests made through the real API.

test.describe.configure({ mode: 'serial' });

const PDF_A = Buffer.from('%PDF-1.4\n% sheet A-101\n%%EOF\n');
const PDF_B = Buffer.from('%PDF-1.4\n% sheet S-201, structural\n%%EOF\n');

async function newQuery(
  request: APIRequestContext,
  who: Session,
  message: string,
  files = [{ name: 'A-101.pdf', buffer: PDF_A }],
  bidDueDate?: string,
): Promise<string> {
  const services = (await (await request.get('/api/services')).json()) as Array<{ _id: string; title: string }>;
  const service = services.find((s) => s.title === 'Manufacturers')!;
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { message, service: service._id };
  if (bidDueDate) multipart.bidDueDate = bidDueDate;
  // Playwright's multipart takes one value per key: several files go through FormData.
  const form = new FormData();
  for (const [k, v] of Object.entries(multipart)) form.append(k, v as string);
  for (const f of files) form.append('files[]', new Blob([f.buffer], { type: 'application/pdf' }), f.name);
  const res = await request.post('/api/queries', { headers: { authorization: `Bearer ${who.token}` }, multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

const chatsBadge = (page: Page) =>
  page
    .getByRole('navigation')
    .getByRole('link', { name: /^Chats/ })
    .locator('.shell-badge');
/** The number on the Chats badge (0 when there is none); other specs may leave unread chats behind. */
const badgeCount = async (page: Page) => {
  const badge = chatsBadge(page);
  return (await badge.count()) ? Number((await badge.innerText()).replace(/\D+/g, '')) : 0;
};

/** The firm's unread messages over every client, summed from GET /api/chats/users. */
async function firmUnread(request: APIRequestContext): Promise<number> {
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/chats/users?pageSize=100&page=${page}`, { headers: { authorization: `Bearer ${admin.token}` } });
    const body = (await res.json()) as { users: { unread: number }[]; hasMore: boolean };
    total += body.users.reduce((sum, u) => sum + u.unread, 0);
    if (!body.hasMore) return total;
  }
}

function inDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

let admin: Session;
let client: Session;

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Wendy Workspace');
});

test('the Chats badges rise live on both sides and opening the room clears them', async ({ browser, request }) => {
  const queryId = await newQuery(request, client, 'Badge check: stucco takeoff for a Coral Gables villa.');

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(adminContext, admin);
  const apage = await adminContext.newPage();
  await apage.goto('/admin-queries');
  await expect(apage.getByRole('heading', { name: /Queries/ }).first()).toBeVisible();
  // Other specs may have left unread chats: the badge starts at the firm's count from the API.
  const before = await firmUnread(request);
  await expect.poll(() => badgeCount(apage)).toBe(before);

  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(clientContext, client);
  const cpage = await clientContext.newPage();
  await cpage.goto(`/chat/${queryId}`);
  // The composer shows before the socket is open; a message typed then is not sent (it stays in the box).
  await expect(cpage.locator('.cchat-dot.is-on')).toBeAttached();
  const input = cpage.getByPlaceholder('Type a message');
  await input.fill('Hello, is the stucco takeoff started?');
  await input.press('Enter');
  await expect(cpage.getByRole('log', { name: 'Messages' }).getByText('Hello, is the stucco takeoff started?')).toBeVisible();

  // The admin's badge rises without a reload.
  await expect.poll(() => badgeCount(apage)).toBe(before + 1);
  await input.fill('Plans are in the request.');
  await input.press('Enter');
  await expect.poll(() => badgeCount(apage)).toBe(before + 2);

  // The chat list shows the client first with its count, docs/product.md §2's placeholder, and the last message as its tooltip.
  await apage
    .getByRole('navigation')
    .getByRole('link', { name: /^Chats/ })
    .click();
  const entry = apage.getByRole('button', { name: /^Wendy Workspace.*2 unread: Click to load chat\b/ });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Click to load chat');
  // On the page it names, the Chats link still keeps its badge at its end, apart from the label (it touched it: 'Chats1').
  const linkBox = await apage
    .getByRole('navigation')
    .getByRole('link', { name: /^Chats/ })
    .boundingBox();
  const badgeBox = await chatsBadge(apage).boundingBox();
  expect(linkBox!.x + linkBox!.width - (badgeBox!.x + badgeBox!.width)).toBeLessThan(20);
  await expect(entry).toHaveAttribute('title', 'Plans are in the request.');
  await apage.goto(`/admin-chat/${queryId}`);
  // Opening the room while the page is visible marks it read: the badge goes.
  await expect(apage.getByRole('region', { name: 'Conversation' }).getByText('Plans are in the request.')).toBeVisible();
  await expect.poll(() => badgeCount(apage)).toBe(before);
  await expect(apage.getByRole('button', { name: /^Wendy Workspace, online: Click to load chat\b/ })).toBeVisible();

  // The client leaves the chat for the dashboard; the admin answers.
  await cpage.goto('/portal');
  await expect(chatsBadge(cpage)).toHaveCount(0);
  const reply = apage.getByPlaceholder('Type a message');
  await reply.fill('Yes, we started this morning.');
  await reply.press('Enter');
  await expect(chatsBadge(cpage)).toHaveText(/^1\s*unread$/);
  // On a phone the menu is folded: the count shows on its button as well.
  await cpage.setViewportSize({ width: 375, height: 800 });
  await expect(cpage.getByRole('button', { name: /^Menu/ }).getByTestId('badge-menu')).toHaveText(/^1\s*unread$/);
  await cpage.setViewportSize({ width: 1280, height: 900 });

  await cpage
    .getByRole('navigation')
    .getByRole('link', { name: /^Chats/ })
    .click();
  await expect(cpage.getByRole('log', { name: 'Messages' }).getByText('Yes, we started this morning.')).toBeVisible();
  await expect(chatsBadge(cpage)).toHaveCount(0);
  await adminContext.close();
  await clientContext.close();
});

test('the workspace actions move the status and the files download from the panel', async ({ browser, request }) => {
  const queryId = await newQuery(
    request,
    client,
    'Workspace check: roofing takeoff for a Kendall warehouse.',
    [
      { name: 'A-101.pdf', buffer: PDF_A },
      { name: 'S-201.pdf', buffer: PDF_B },
    ],
    inDays(2),
  );
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await asUser(context, admin);
  const page = await context.newPage();

  // The queue row shows the number of files and opens the workspace.
  await page.goto('/admin-queries');
  const queue = page.getByRole('region', { name: 'Request queue' });
  const row = queue.getByRole('row').filter({ hasText: 'Workspace check' });
  await expect(row).toContainText('2 files');
  await row.getByRole('link', { name: /^Workspace check/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-chat/${queryId}$`));

  const panel = page.getByRole('complementary', { name: 'Request details' });
  await expect(panel.getByRole('region', { name: 'Client' })).toContainText('Wendy Workspace');
  await expect(panel.getByRole('region', { name: 'Client' })).toContainText(client.user.email);
  await expect(panel.getByRole('region', { name: 'Bid due date' })).toContainText('in 2 d');
  await expect(panel.getByRole('region', { name: 'Project' })).toContainText('Manufacturers');
  const status = panel.getByRole('region', { name: 'Status' });
  await expect(status).toContainText('Pending');
  await shoot(page, 'workspace/admin');
  await page.setViewportSize({ width: 375, height: 812 });
  const toggle = page.getByRole('button', { name: 'Show request details' });
  await expect(toggle).toBeVisible();
  await expect(status).toBeHidden();
  await toggle.click();
  await expect(status).toBeVisible();
  await keepShot(page, { path: 'test-results/workspace/admin-open-375.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A plan downloads from the panel, and all of them as one ZIP.
  const files = panel.getByRole('region', { name: 'Plan files' });
  const [one] = await Promise.all([page.waitForEvent('download'), files.getByRole('link', { name: 'A-101.pdf' }).click()]);
  expect(one.suggestedFilename()).toBe('A-101.pdf');
  expect((await fs.readFile((await one.path())!)).equals(PDF_A)).toBe(true);
  const [zip] = await Promise.all([page.waitForEvent('download'), files.getByRole('link', { name: 'Download all (ZIP)' }).click()]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const entries = readZip(await fs.readFile((await zip.path())!));
  expect(entries.get('A-101.pdf')?.equals(PDF_A)).toBe(true);
  expect(entries.get('S-201.pdf')?.equals(PDF_B)).toBe(true);

  // Exactly the allowed actions, and each moves the status.
  await expect(status.getByRole('button', { name: /^Mark answered/ })).toHaveCount(0);
  await status.getByRole('button', { name: /^Start / }).click();
  await expect(status).toContainText('In Progress');
  await expect(status.getByRole('button', { name: /^Start / })).toHaveCount(0);
  await status.getByRole('button', { name: /^Mark answered/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark answered' });
  await dialog.getByLabel(/Deliverables/).setInputFiles({ name: 'kendall-takeoff.pdf', mimeType: 'application/pdf', buffer: PDF_B });
  // The deliverable goes up through tus, then one JSON call attaches it (no multipart POST).
  const wire: Array<{ method: string; path: string; contentType: string }> = [];
  const record = (req: Request) =>
    wire.push({ method: req.method(), path: new URL(req.url()).pathname, contentType: req.headers()['content-type'] ?? '' });
  page.on('request', record);
  await dialog.getByRole('button', { name: 'Upload and mark answered' }).click();
  await expect(dialog).toBeHidden();
  page.off('request', record);
  expect(wire.some((r) => r.method === 'POST' && r.path === '/api/uploads/tus')).toBe(true);
  expect(wire.some((r) => r.method === 'PATCH' && r.path.startsWith('/api/uploads/tus/'))).toBe(true);
  const attach = wire.filter((r) => r.path === `/api/queries/${queryId}/deliverables`);
  expect(attach.map((r) => `${r.method} ${r.contentType.split(';')[0]}`)).toEqual(['POST application/json']);
  await expect(status).toContainText('Answered');
  await expect(panel.getByRole('region', { name: 'Deliverables' })).toContainText('kendall-takeoff.pdf');
  const history = panel.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Wendy Workspace: Query submitted');
  await expect(history).toContainText('Estimating team: Query marked In Progress');
  await expect(history).toContainText('Estimating team: Query marked Answered');

  // The client sees the same request read-only, and downloads the deliverable.
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await asUser(clientContext, client);
  const cpage = await clientContext.newPage();
  await cpage.goto(`/chat/${queryId}`);
  const cpanel = cpage.getByRole('complementary', { name: 'Request details' });
  await expect(cpanel.getByRole('region', { name: 'Status' })).toContainText('Answered');
  // Read-only for the status: none of the firm's actions (other sections may offer the client their own).
  await expect(cpanel.getByRole('button', { name: /^(Start|Mark answered|Add files|Close)\b/ })).toHaveCount(0);
  await expect(cpanel.getByRole('region', { name: 'Client' })).toHaveCount(0);
  await expect(cpanel.getByRole('region', { name: 'Your files (2)' }).or(cpanel.getByText('Your files (2)'))).toBeVisible();
  const [deliverable] = await Promise.all([
    cpage.waitForEvent('download'),
    cpanel.getByRole('link', { name: 'kendall-takeoff.pdf' }).click(),
  ]);
  expect((await fs.readFile((await deliverable.path())!)).equals(PDF_B)).toBe(true);
  await expectNoAxeViolations(cpage);
  await shoot(cpage, 'workspace/client');
  // At 375 px the panel folds behind a toggle that works from the keyboard.
  await cpage.setViewportSize({ width: 375, height: 812 });
  const ctoggle = cpage.getByRole('button', { name: 'Show request details' });
  await expect(cpanel.getByRole('region', { name: 'Status' })).toBeHidden();
  await ctoggle.focus();
  await cpage.keyboard.press('Enter');
  await expect(cpanel.getByRole('region', { name: 'Status' })).toBeVisible();
  await expect(cpage.getByRole('button', { name: 'Hide request details' })).toBeFocused();
  await cpage.keyboard.press('Tab');
  await expect(cpanel.getByRole('link', { name: 'A-101.pdf' })).toBeFocused();
  await keepShot(cpage, { path: 'test-results/workspace/client-open-375.png', fullPage: true });
  await context.close();
  await clientContext.close();
});

test('/chat/{id} for a client with 8 requests makes at most 4 API calls', async ({ browser, request }) => {
  const busy = await newClient(request, admin, 'Eight Requests');
  const ids: string[] = [];
  for (let i = 1; i <= 8; i++) ids.push(await newQuery(request, busy, `Request number ${i} for the call count.`));
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, busy);
  const page = await context.newPage();
  const calls = recordApiCalls(page);
  // The page's timers (history fallback, socket retries, query retries) run on Playwright's clock.
  await page.clock.install();
  await page.goto(`/chat/${ids[3]}`);
  await expect(page.getByRole('heading', { name: /Request number 4/ })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Request details' }).getByRole('region', { name: 'Status' })).toContainText(
    'Pending',
  );
  await expect(page.getByText('No messages to show')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // A second of the page's timers at once, then every request they started is counted.
  await page.clock.runFor(1000);
  await requestsReported(page);
  expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(4);
  await context.close();
});

test('the admin chat list stays small with 2,000 clients: a page at a time, searched on the server', async ({ browser }) => {
  // 2,000 clients with a request each and a message from 500 of them, written through
  // the project's repos into the running server's SQLite file (WAL lets both write).
  const { openDatabase } = await import('../../portal-api/src/db/database.ts');
  const { insertQuery } = await import('../../portal-api/src/modules/queries/queries.repo.ts');
  const { insertMessage } = await import('../../portal-api/src/modules/chats/chats.repo.ts');
  const { newId, nowIso } = await import('../../portal-api/src/lib/ids.ts');
  const db = openDatabase({ kind: 'sqlite', file: `${E2E.dataDir}/app.db` });
  try {
    const serviceId = (await db.selectFrom('services').select('id').where('title', '=', 'Manufacturers').executeTakeFirstOrThrow()).id;
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 2000; i++) {
        const id = newId();
        const now = nowIso();
        await trx
          .insertInto('users')
          .values({
            id,
            full_name: `Volume Client ${String(i).padStart(4, '0')}`,
            email: `volume${i}@example.com`,
            password_hash: 'not-a-login',
            role: 'client',
            status: 'approved',
            phone_number: null,
            company: null,
            bio: null,
            profile_image: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        const queryId = await insertQuery(trx, {
          userId: id,
          message: `Volume request ${i}`,
          serviceId,
          subserviceId: null,
          bidDueDate: null,
        });
        if (i % 4 === 0) await insertMessage(trx, { queryId, senderId: id, message: `Hello from volume client ${i}`, replyTo: null });
      }
    });
  } finally {
    await db.destroy();
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  const started = Date.now();
  await page.goto('/admin-chat');
  const list = page.getByRole('complementary', { name: 'Chats' });
  // Newest conversation first: the last client written above.
  await expect(list.getByRole('button', { name: /^Volume Client 1996, 1 unread: Click to load chat\b/ })).toBeVisible();
  const settle = Date.now() - started;
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  expect(nodes).toBeLessThanOrEqual(1500);
  expect(settle).toBeLessThan(5000);
  await expect(list.getByRole('button', { name: /Click to load chat\b/ })).toHaveCount(30);
  // The clients' own 'Load more' (the list of requests above has one too).
  await list.getByRole('button', { name: 'Load more' }).last().click();
  await expect(list.getByRole('button', { name: /Click to load chat\b/ })).toHaveCount(60);

  await list.getByLabel('Search clients').fill('Volume Client 0007');
  await expect(list.getByRole('button', { name: /Click to load chat\b/ })).toHaveCount(1);
  await expect(list.getByRole('button', { name: /^Volume Client 0007: Click to load chat\b/ })).toContainText('Click to load chat');
  await context.close();
});
