import { expect, test } from './fixtures.ts';
import { WebSocket } from 'ws';
import { E2E } from './env.ts';
import { asUser, newClient, recordApiCalls, requestsReported, signInAdmin, submitRequest, type Session } from './support.ts';

// Chat data in one trip: opening /chat/{id} for a client with 8 requests used to
// make 13 API calls (every request's whole history for its last line, the open room's history
// twice, its status once more). Each row of GET /queries/me now carries its last message and
// unread count, and a room's history is fetched once per join.

let admin: Session;
let client: Session;
const ids: string[] = [];

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Quinn Eightrequests');
  const services = (await (await request.get('/api/services')).json()) as Array<{ _id: string; title: string }>;
  const manufacturers = services.find((s) => s.title === 'Manufacturers')!._id;
  for (let i = 1; i <= 8; i++) {
    const res = await request.post('/api/queries', {
      headers: { authorization: `Bearer ${client.token}` },
      multipart: {
        message: `Eight requests number ${i}`,
        service: manufacturers,
        'files[]': { name: `p${i}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
      },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { data: { _id: string } }).data._id);
  }
  // A conversation on every request (over /ws, as the screens send), so each list row has a last line.
  for (const [i, id] of ids.entries()) {
    const token = i % 2 ? admin.token : client.token;
    const ws = new WebSocket(`${E2E.baseURL.replace(/^http/, 'ws')}/ws`);
    await new Promise<void>((resolve, reject) => ws.once('open', () => resolve()).once('error', reject));
    const echoed = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no echo on ${id}`)), 10_000);
      ws.on('message', (data: Buffer) => {
        const frame = JSON.parse(String(data)) as { type: string; queryId?: string; message?: unknown };
        if (frame.type === 'error') reject(new Error(String(frame.message)));
        if (frame.type === 'joined')
          ws.send(JSON.stringify({ type: 'sendMessage', token, queryId: id, message: `Last line of request ${i + 1}`, replyTo: null }));
        if (frame.type === 'receiveMessage') resolve(clearTimeout(timer));
      });
    });
    ws.send(JSON.stringify({ type: 'joinRoom', token, queryId: id }));
    await echoed;
    ws.close();
  }
});

test('opening /chat/{id} for a client with 8 requests makes at most 4 API calls', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  const calls = recordApiCalls(page);
  // The open room and the unread counts share the tab's one socket (site/shell/tab-socket.ts).
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
  const open = ids[3]!;
  // The page's timers (history fallback, socket retries, query retries) run on Playwright's clock.
  await page.clock.install();
  await page.goto(`/chat/${open}`);
  await expect(page.getByRole('heading', { level: 2, name: /Eight requests number 4/ })).toBeVisible();
  const items = page.getByRole('complementary', { name: 'Your queries' }).getByRole('button');
  await expect(items).toHaveCount(8);
  // Every row shows its request's last line, with no history downloaded for it.
  for (let i = 1; i <= 8; i++)
    await expect(items.filter({ hasText: `Eight requests number ${i}` })).toContainText(`Last line of request ${i}`);
  await expect(page.getByPlaceholder('Type a message')).toBeEnabled();
  // Let every effect of the opened page settle (socket joined, history, unread, profile):
  // the open room's history is on screen, the network is quiet, 1.5 s of its timers have run
  // at once, and every request they started has been counted.
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Last line of request 4');
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(1500);
  await requestsReported(page);
  console.log(`API calls on /chat/{id}: ${calls.length}\n  ${calls.join('\n  ')}`);
  expect(calls.length, calls.join('\n')).toBeLessThanOrEqual(4);
  // One history download, for the open room only.
  expect(calls.filter((c) => c.includes('/message'))).toEqual([`GET /api/chats/query/${open}/message`]);
  // Another room opened in the same tab joins over the same socket.
  await items.filter({ hasText: 'Eight requests number 5' }).click();
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Last line of request 5');
  expect(sockets).toEqual(['/ws']);
  await context.close();
});

test('the chat screens fit the window: the hidden unread labels of a long list do not stretch the page into blank space', async ({
  browser,
}) => {
  // A short window, so the list (with 4 unread rows) scrolls inside itself.
  const context = await browser.newContext({ viewport: { width: 1280, height: 480 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${ids[0]}`);
  const list = page.getByRole('complementary', { name: 'Your queries' });
  await expect(list.getByText('unread')).toHaveCount(3); // the open request's own count is cleared
  const overflow = () => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await list.getByRole('button').last().scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  const admins = await browser.newContext({ viewport: { width: 1280, height: 480 } });
  await asUser(admins, admin);
  const adminPage = await admins.newPage();
  await adminPage.goto(`/admin-chat/${ids[1]}`);
  await expect(adminPage.getByRole('complementary', { name: 'Chats' }).getByText('Quinn Eightrequests').first()).toBeVisible();
  expect(await adminPage.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
  await context.close();
  await admins.close();
});

test("the filter over one client's requests in the admin chat finds a request by the project name its row shows", async ({
  browser,
  request,
}) => {
  const busy = await newClient(request, admin, 'Bruno Busyclient');
  for (let i = 1; i <= 10; i++) await submitRequest(request, busy, `Routine takeoff ${i}`);
  await submitRequest(request, busy, 'Slab and footings for the tower', { projectName: 'Sunset Harbour Residences' });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/admin-chat');
  const side = page.getByRole('complementary', { name: 'Chats' });
  await side.getByRole('button', { name: 'Queries of Bruno Busyclient' }).click();
  const filter = side.getByLabel('Search the queries of Bruno Busyclient');
  const links = side.locator('.acl-queries').getByRole('link');
  await expect(links).toHaveCount(11);
  await filter.fill('sunset harbour');
  await expect(links).toHaveCount(1);
  await expect(links.first()).toContainText('Sunset Harbour Residences');
  await context.close();
});

test('opening /admin-chat/{id} reads each list once: marking the request read moves only its count', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  const calls = recordApiCalls(page);
  // The client wrote last on this request, so the firm has it unread until the screen marks it read.
  const open = ids[4]!;
  const readEcho = new Promise<void>((resolve) =>
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as { type: string; queryId?: string; count?: number };
        if (frame.type === 'unread' && frame.queryId === open && frame.count === 0) resolve();
      }),
    ),
  );
  await page.clock.install();
  await page.goto(`/admin-chat/${open}`);
  await expect(page.getByRole('log', { name: 'Messages' })).toContainText('Last line of request 5');
  await readEcho;
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(1500);
  await requestsReported(page);
  const lists = calls.filter((c) => /^GET \/api\/chats\/(users|requests)\b/.test(c));
  expect(lists, calls.join('\n')).toHaveLength(2);
  await context.close();
});
