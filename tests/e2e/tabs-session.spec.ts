import { expect, test, type APIRequestContext, type BrowserContext, type Page } from './fixtures.ts';
import { E2E } from './env.ts';
import { approvedClient, asUser, enterCodeOnScreen, shoot, signIn, signInAdmin, submitRequest, type Session } from './support.ts';

// Two tabs of one browser share localStorage; each holds the session in memory. A sign-out or a
// new sign-in in one must not leave the other acting on a stale token: its 401 wiped the other
// tab's new session, and its chat kept a socket whose session had ended, swallowing messages.
// A chat socket that stops carrying frames without closing must not swallow them either.

const stamp = Date.now();
const password = 'Client-Passw0rd';
let admin: Session;

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
});

/** A new approved client; its e-mail. */
async function newClientEmail(request: APIRequestContext, name: string): Promise<string> {
  const email = `${name.toLowerCase()}-${stamp}@example.com`;
  await approvedClient(request, admin, `${name} Tabs`, email, password);
  return email;
}

async function signInThroughUi(page: Page, email: string) {
  await enterCodeOnScreen(page, email, password);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/portal$/);
}

/** Stores `s` once, as the code step does (asUser's init script would store it again after a sign-out). */
async function storeOnce(context: BrowserContext, s: Session): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/favicon.svg');
  await page.evaluate((u) => {
    for (const [k, v] of Object.entries({
      token: u.token,
      role: u.user.role,
      userId: u.user._id,
      fullName: u.user.fullName,
      email: u.user.email,
    }))
      localStorage.setItem(k, v);
  }, s);
  return page;
}

const logOut = async (request: APIRequestContext, token: string) =>
  expect((await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

test('a sign-out in one tab takes the other to /login, signing in again takes it back in, and its save keeps the new session', async ({
  browser,
  request,
}) => {
  const email = await newClientEmail(request, 'Relogin');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tabA = await context.newPage();
  await signInThroughUi(tabA, email);
  const tabB = await context.newPage();
  await tabB.goto('/client-profile');
  await expect(tabB.getByLabel('Phone No.')).toBeVisible();

  await tabA.getByRole('button', { name: 'Logout' }).first().click();
  await tabA.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(tabA).toHaveURL(/\/login$/);
  // Tab B follows at once (the storage event), rather than acting later on the ended session.
  await expect(tabB).toHaveURL(/\/login$/);

  await signInThroughUi(tabA, email);
  // Signed in again in tab A: tab B, on /login, goes on to the portal as it would on arrival.
  await expect(tabB).toHaveURL(/\/portal$/);
  const token = await tabA.evaluate(() => localStorage.getItem('token'));

  await tabB.goto('/client-profile');
  await tabB.getByLabel('Phone No.').fill('3055550100');
  await tabB.getByRole('button', { name: 'SAVE' }).click();
  await expect(tabB.getByText('Profile Updated Successfully')).toBeVisible();
  expect(await tabA.evaluate(() => localStorage.getItem('token'))).toBe(token);
  await tabA.getByRole('link', { name: 'My Queries' }).click();
  await expect(tabA).toHaveURL(/\/my-queries$/);
  await context.close();
});

test('a 401 in a tab whose token another tab replaced is sent again with the new one: the edit is saved, no one is signed out', async ({
  browser,
  request,
}) => {
  const email = await newClientEmail(request, 'Stale');
  const first = await signIn(request, email, password);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, first);
  const tabB = await context.newPage();
  await tabB.goto('/client-profile');
  await expect(tabB.getByLabel('Phone No.')).toHaveValue('');

  // Another tab signed out and in again, and its storage event has not reached tab B yet.
  const second = await signIn(request, email, password);
  await tabB.evaluate((t) => localStorage.setItem('token', t), second.token);
  await logOut(request, first.token);

  await tabB.getByLabel('Phone No.').fill('3055550111');
  await tabB.getByRole('button', { name: 'SAVE' }).click();
  await expect(tabB.getByText('Profile Updated Successfully')).toBeVisible();
  expect(await tabB.evaluate(() => localStorage.getItem('token'))).toBe(second.token);
  const profile = await request.get('/api/users/profile', { headers: { authorization: `Bearer ${second.token}` } });
  expect((await profile.json()).data.phoneNumber).toBe('3055550111');
  await context.close();
});

for (const role of ['client', 'admin'] as const) {
  test(`the ${role} chat of a session ended elsewhere goes to /login instead of reconnecting and swallowing messages`, async ({
    browser,
    request,
  }) => {
    const owner = await signIn(request, await newClientEmail(request, `Ended${role}`), password);
    const queryId = await submitRequest(request, owner, `Chat after the session ended (${role})`);
    // A session of its own: this test ends it, and the worker's admin session (signInAdmin) serves the other tests.
    const session = role === 'client' ? owner : await signIn(request, E2E.admin.email, E2E.admin.password);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await storeOnce(context, session);
    // The page's one socket carries the unread counts and the chat: wait for the chat's room.
    const joined = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).includes('"joined"') && resolve())),
    );
    await page.goto(role === 'client' ? `/chat/${queryId}` : `/admin-chat/${queryId}`);
    await joined;

    // Signed out in another tab or on another device: the server closes the socket (4001).
    await logOut(request, session.token);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
}

for (const role of ['client', 'admin'] as const) {
  test(`the ${role}'s pages without a chat (only the unread counts' socket) go to /login when the session ends elsewhere`, async ({
    browser,
    request,
  }) => {
    const session =
      role === 'client'
        ? await signIn(request, await newClientEmail(request, `Unread${role}`), password)
        : await signIn(request, E2E.admin.email, E2E.admin.password); // its own: this test ends it
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await storeOnce(context, session);
    const watching = new Promise<void>((resolve) =>
      page.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).includes('"unread"') && resolve())),
    );
    await page.goto(role === 'client' ? '/my-queries' : '/user');
    await watching;
    await logOut(request, session.token);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
}

test('a chat socket that stops carrying frames keeps the typed text, says it was not sent, and reconnects', async ({
  browser,
  request,
}) => {
  const client = await signIn(request, await newClientEmail(request, 'Halfopen'), password);
  const queryId = await submitRequest(request, client, 'Slab thickness for a Hialeah warehouse');
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  let blackhole = false;
  await page.routeWebSocket(/\/ws$/, (ws) => {
    // While the line is dead, a new connection fails too.
    if (blackhole) return ws.close();
    const server = ws.connectToServer();
    ws.onMessage((m) => {
      if (!blackhole) server.send(m);
    });
    server.onMessage((m) => {
      if (!blackhole) ws.send(m);
    });
  });
  await page.clock.install();
  await page.goto(`/chat/${queryId}`);
  const log = page.getByRole('log', { name: 'Messages' });
  const box = page.getByPlaceholder('Type a message');
  const dot = page.locator('.cchat-dot');
  await expect(dot).toHaveClass(/is-on/);
  await box.fill('The plans are attached');
  await box.press('Enter');
  await expect(log.getByText('The plans are attached')).toBeVisible();
  await expect(box).toHaveValue('');

  blackhole = true;
  const lost = 'The slab is 6 inches, not 4';
  await box.fill(lost);
  await box.press('Enter');
  // Until the server confirms it, the text stays (read-only: a second Enter sends nothing).
  await expect(box).toHaveValue(lost);
  await expect(box).not.toBeEditable();
  await shoot(page, 'tabs/chat-sending');
  await page.clock.runFor(10_000);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to send message' });
  await expect(toast).toContainText('The chat did not confirm it. Your message is still in the box: send it again.');
  await expect(box).toHaveValue(lost);
  await expect(box).toBeEditable();
  await expect(log.getByText(lost)).toHaveCount(0);
  await expect(dot).toHaveAttribute('title', 'Reconnecting…');
  await shoot(page, 'tabs/chat-not-confirmed');

  blackhole = false;
  await page.clock.runFor(20_000); // the longest backoff, 15 s with jitter
  await expect(dot).toHaveClass(/is-on/);
  await box.press('Enter');
  await expect(log.getByText(lost)).toBeVisible();
  await expect(box).toHaveValue('');
  await context.close();
});
