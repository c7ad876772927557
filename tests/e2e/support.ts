import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { parseEml } from '../api/harness.ts';
import { E2E } from './env.ts';

// What every browser journey needs: codes from the real outbox, sessions made
// through the real API, a signed-in browser, screenshots, and axe-core checks.

export type Session = { token: string; user: { _id: string; fullName: string; email: string; role: 'admin' | 'client' } };

export type Mail = { to: string; subject: string; text: string; writtenAt: number };

/**
 * A toast with `text`, watched from now on every 50 ms: start it before the click. A toast shown in
 * the second before a redirect (docs/product.md §9: a new request, a sign-in) can fall between two polls of an
 * expect(), which by then polls once a second (CI saw it).
 */
export function toastShown(page: Page, text: string): Promise<unknown> {
  return page.waitForFunction(
    (wanted) => [...document.querySelectorAll('[data-sonner-toast]')].some((t) => t.textContent?.includes(wanted)),
    text,
    { polling: 50, timeout: 60_000 },
  );
}

/** Every mail in the server's outbox, newest first. */
export async function outboxMails(): Promise<Mail[]> {
  const dir = path.join(E2E.dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .reverse();
  return Promise.all(
    files.map(async (file) => {
      const full = path.join(dir, file);
      const [raw, stat] = await Promise.all([fs.readFile(full, 'utf8'), fs.stat(full)]);
      return { ...parseEml(raw), writtenAt: stat.mtimeMs };
    }),
  );
}

/**
 * The newest 6-digit code mailed to `email` (written after `after`, a ms timestamp), waiting up to 5 s
 * for it. `purpose`: only a code of that kind (its mail's subject, 'Your password reset code: …'),
 * where a code of the other kind may be mailed within the time slack.
 */
export async function outboxCode(email: string, after = 0, purpose?: 'sign-in' | 'password reset'): Promise<string> {
  const newestCode = async () => {
    for (const mail of await outboxMails()) {
      if (mail.writtenAt < after || !mail.to.toLowerCase().includes(email.toLowerCase())) continue;
      if (purpose && !mail.subject.startsWith(`Your ${purpose} code`)) continue;
      const match = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`);
      if (match) return match[1]!;
    }
    return undefined;
  };
  let code: string | undefined;
  await expect
    .poll(async () => (code = await newestCode()), { message: `no code mailed to ${email}`, timeout: 5_000, intervals: [100] })
    .toBeDefined();
  return code!;
}

/** What the outbox holds now, for `freshCode` to tell the mails that come after. */
async function outboxSnapshot(): Promise<Set<string>> {
  return new Set((await outboxMails()).map((m) => `${m.writtenAt} ${m.subject}`));
}

/**
 * The 6-digit code of a mail to `email` that was not in `seen`, waiting up to 5 s for it. A code
 * mailed a moment earlier for the same account (within any time slack) is never taken for it.
 */
async function freshCode(email: string, seen: Set<string>): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outboxMails()).find(
          (m) =>
            !seen.has(`${m.writtenAt} ${m.subject}`) && m.to.toLowerCase().includes(email.toLowerCase()) && /\b\d{6}\b/.test(m.subject),
        );
        return (code = mail ? /\b(\d{6})\b/.exec(mail.subject)![1] : undefined);
      },
      { message: `no new code mailed to ${email}`, timeout: 5_000, intervals: [100] },
    )
    .toBeDefined();
  return code!;
}

/**
 * The screens' sign-in up to its last step: `url` (the login page, with whatever it carries; null
 * when the page is there already), e-mail, password, Login, then this password step's mailed code
 * typed into the six boxes, key by key. The caller presses Verify, and may look at the code screen first.
 */
export async function enterCodeOnScreen(page: Page, email: string, password: string, url: string | null = '/login'): Promise<void> {
  const seen = await outboxSnapshot();
  if (url !== null) await page.goto(url);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/otp-verification\?/);
  const code = await freshCode(email, seen);
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code, { delay: 20 });
}

/**
 * A POST to an /api/auth route, waiting out its per-address limit as a client would (Retry-After):
 * every journey of the run signs in from 127.0.0.1, and a long run spends the limit's burst.
 */
export async function authPost(request: APIRequestContext, url: string, data: unknown) {
  const end = Date.now() + 60_000;
  for (;;) {
    const res = await request.post(url, { data });
    if (res.status() !== 429 || Date.now() > end) return res;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers()['retry-after'] ?? 1)));
  }
}

/**
 * Password step and e-mailed code through the API: the real flow, the code read from this worker's
 * outbox. A worker runs one test at a time against its own server, so no other sign-in of the same
 * account can take this one's code.
 */
export async function signIn(request: APIRequestContext, email: string, password: string): Promise<Session> {
  // The code of this password step is a mail that was not there before it: a sign-in of the same
  // account a moment ago (within the 1 s slack of `since`) left its own, older code.
  const seen = await outboxSnapshot();
  const login = await authPost(request, '/api/auth/login', { email, password });
  expect(login.status(), await login.text()).toBe(200);
  const verified = await authPost(request, '/api/auth/login-verify-otp', { email, otp: await freshCode(email, seen) });
  expect(verified.status(), await verified.text()).toBe(200);
  return (await verified.json()) as Session;
}

let workerAdmin: Promise<Session> | undefined;

/**
 * The admin's session of this worker: signed in through the real flow once per worker (each worker
 * has its own server, fixtures.ts) and shared by its tests, which open browsers with it (asUser).
 * A test that ends an admin session signs in on its own (signIn) instead.
 */
export function signInAdmin(request: APIRequestContext): Promise<Session> {
  workerAdmin ??= signIn(request, E2E.admin.email, E2E.admin.password).catch((error: unknown) => {
    workerAdmin = undefined;
    throw error;
  });
  return workerAdmin;
}

/** Registers a client and approves it as `admin` (no sign-in yet, so no code is pending). */
export async function approvedClient(
  request: APIRequestContext,
  admin: Session,
  fullName: string,
  email: string,
  password: string,
): Promise<void> {
  expect((await authPost(request, '/api/auth/register', { fullName, email, password })).status()).toBe(201);
  const headers = { authorization: `Bearer ${admin.token}` };
  const list = (await (await request.get('/api/users?pageSize=100', { headers })).json()) as {
    data: Array<{ _id: string; email: string }>;
  };
  const id = list.data.find((u) => u.email === email.toLowerCase())!._id;
  expect((await request.post(`/api/auth/approve/${id}`, { headers })).status()).toBe(200);
}

/** The password of every client newClient() makes (and of the worker's sharedClient, fixtures.ts). */
export const CLIENT_PASSWORD = 'Client-Passw0rd';

/** Registers a client, approves it as `admin`, signs it in. */
export async function newClient(request: APIRequestContext, admin: Session, fullName: string): Promise<Session> {
  const email = `${fullName.split(' ')[0]!.toLowerCase()}.${Date.now()}@example.com`;
  await approvedClient(request, admin, fullName, email, CLIENT_PASSWORD);
  return signIn(request, email, CLIENT_PASSWORD);
}

/** The storage state the sign-in screens leave behind for `session` (localStorage, site/lib/auth-store.ts). */
export function storageStateOf(session: Session): {
  cookies: [];
  origins: Array<{ origin: string; localStorage: Array<{ name: string; value: string }> }>;
} {
  const u = session.user;
  const keys = {
    token: session.token,
    role: u.role,
    userId: u._id,
    fullName: u.fullName,
    FullName: u.fullName,
    email: u.email,
    Email: u.email,
  };
  return {
    cookies: [],
    origins: [{ origin: E2E.baseURL, localStorage: Object.entries(keys).map(([name, value]) => ({ name, value })) }],
  };
}

let signIns = 0;

/**
 * A browser context signed in as `session`: the storage the sign-in screens leave, written by an
 * init script before the first page of the origin runs, once per context (a cookie marks it done,
 * so a sign-out in the journey stays signed out). Playwright's setStorageState opens and loads an
 * extra page for that, which cost a third of a short journey (docs/testing.md, "Browser tests").
 */
export async function asUser(context: BrowserContext, session: Session): Promise<void> {
  const { origin, localStorage: entries } = storageStateOf(session).origins[0]!;
  const marker = `e2e-signed-in-${++signIns}`;
  await context.addInitScript(
    ({ origin, entries, marker }) => {
      if (location.origin !== origin || document.cookie.split('; ').includes(`${marker}=1`)) return;
      for (const { name, value } of entries) localStorage.setItem(name, value);
      document.cookie = `${marker}=1; path=/`;
    },
    { origin, entries, marker },
  );
}

/**
 * Whether this run keeps screenshots for people to look at (`E2E_SHOTS=1`). They assert nothing,
 * and a full-page PNG cost more than the rest of many journeys, so a plain run (CI) skips them.
 */
export const KEEP_SHOTS = Boolean(process.env.E2E_SHOTS);

/** A screenshot kept for people to look at, taken only when the run keeps them (KEEP_SHOTS). */
export async function keepShot(target: Page | Locator, options: Parameters<Page['screenshot']>[0] & { path: string }): Promise<void> {
  if (KEEP_SHOTS) await target.screenshot(options);
}

/**
 * With E2E_SHOTS=1, full-page screenshots of the page laid out at 375 and then 1280 px under
 * test-results/ (`name` may include a folder). Either way the page ends at 1280 x 900. Without
 * screenshots the two layouts are not drawn: they assert nothing, and cost about a second each
 * call (docs/testing.md, "Where the browser stage's time went").
 */
export async function shoot(page: Page, name: string, options: { javaScript?: boolean } = {}): Promise<void> {
  if (!KEEP_SHOTS) {
    const size = page.viewportSize();
    if (size?.width !== 1280 || size.height !== 900) await page.setViewportSize({ width: 1280, height: 900 });
    return;
  }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    // Without JavaScript no listener re-renders after a resize, and no animation frame runs to wait for.
    if (options.javaScript !== false) await nextFrame(page);
    await keepShot(page, { path: path.resolve('test-results', `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Resolves once the page has drawn a frame after this call (two animation frames): a resize
 * has been laid out and what it set off (resize and media-query listeners, their re-render)
 * is on screen. Not for a page whose page.clock is paused: its animation frames wait too.
 */
export async function nextFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Resolves once the finite CSS animations and transitions running on `locator` and inside it have finished (an entrance, a fade). */
export async function animationsFinished(locator: Locator): Promise<void> {
  await locator.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Resolves once the next socket `page` opens has its unread counts from the server (the answer to
 * its watchUnread): from then on the page hears its requests' changes (alerts, badges, lists).
 * Call it before the page loads.
 */
export function unreadWatched(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        try {
          if ((JSON.parse(String(payload)) as { type?: unknown }).type === 'unread') resolve();
        } catch {
          // not a frame of ours
        }
      }),
    );
  });
}

/**
 * Resolves once the screen's toast outlet has mounted: sonner's chunk, which the outlet loads on
 * demand (site/ui/Toasts.tsx), is in the page, so a toast can show with the network gone.
 */
export async function toastOutletReady(page: Page): Promise<void> {
  await page.locator('section[aria-label^="Notifications"]').waitFor({ state: 'attached' });
}

/** Every API call the page makes from now on, as `METHOD /api/path?query`, in the order they start. */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${req.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

/**
 * Resolves once every request the page has started so far has been reported to
 * page.on('request'): the page fetches a marker file, and Chromium reports a page's
 * requests in the order they start. For "nothing else was sent" checks, instead of a pause.
 */
export async function requestsReported(page: Page): Promise<void> {
  const marker = page.waitForRequest((r) => r.url().endsWith('/favicon.svg?requests-reported'));
  await page.evaluate(() => void fetch('/favicon.svg?requests-reported'));
  await marker;
}

const axeSource = fs.readFile(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2 A/AA rules on the page (evaluate() runs outside the page's
 * CSP). Toasts come and go and are always left out; `exclude` leaves out more.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string[]; exclude?: string[] } = {}): Promise<void> {
  // Once per document: a second copy of axe (about 500 KB) is parsed again for nothing.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(
    async ({ include, exclude }) => {
      type Axe = {
        run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> }>;
      };
      const axe = (window as unknown as { axe: Axe }).axe;
      const context = {
        ...(include.length ? { include: include.map((s) => [s]) } : {}),
        exclude: ['[data-sonner-toaster]', ...exclude].map((s) => [s]),
      };
      const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { include: options.include ?? [], exclude: options.exclude ?? [] },
  );
  expect(violations).toEqual([]);
}

/** A client's request through the API: Manufacturers (no sub-service) with a small PDF; its id. */
export async function submitRequest(
  request: APIRequestContext,
  client: Session,
  message: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const services = (await (await request.get('/api/services')).json()) as Array<{ _id: string; title: string }>;
  const res = await request.post('/api/queries', {
    headers: { authorization: `Bearer ${client.token}` },
    multipart: {
      message,
      ...fields,
      service: services.find((s) => s.title === 'Manufacturers')!._id,
      'files[]': {
        name: 'plans.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

/** A chat message sent as `session` over /ws, resolved once the server echoes it back. */
export async function say(baseURL: string, session: Session, queryId: string, message: string): Promise<void> {
  const ws = new WebSocket(`${baseURL.replace('http', 'ws')}/ws`);
  await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
  const echoed = new Promise((resolve) => ws.addEventListener('message', resolve, { once: true }));
  ws.send(JSON.stringify({ type: 'sendMessage', token: session.token, queryId, message }));
  await echoed;
  ws.close();
}

/**
 * Waits until React has hydrated /contactus's form (its `data-hydrated`, set in an effect): before
 * that the browser posts the form itself (portal-api contact.routes.ts, /contact/form) and leaves
 * the page. Astro's dropping the island's `ssr` attribute is no such sign: it only schedules the
 * hydration, and on a busy machine a fill and a submit can come before it.
 */
export async function contactFormHydrated(page: Page): Promise<void> {
  await expect(page.locator('form.contact-form')).toHaveAttribute('data-hydrated');
}

/**
 * Holds every request to `url` (a route glob) until `release()`: a slow network whose answer comes
 * when the test has seen what it wanted to see in the meantime, instead of after a fixed delay.
 * `seen` lists the held requests' methods, in order.
 */
export async function holdRequests(page: Page, url: string): Promise<{ seen: string[]; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const seen: string[] = [];
  await page.route(url, async (route) => {
    seen.push(route.request().method());
    await gate;
    await route.continue();
  });
  return { seen, release };
}

/**
 * What `toast` lies over, once it has settled: the names of the page's visible controls under it
 * (`all`), and whether the focused control is one of them. site/islands/ui/toast-clear.ts slides the
 * toasts clear of every control where the screen has room, and always clear of the focused one.
 */
export async function underToast(toast: Locator): Promise<{ all: string[]; focused: boolean }> {
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await animationsFinished(toast);
  return toast.evaluate((el) => {
    const t = el.getBoundingClientRect();
    const over = (c: Element) => {
      const r = c.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom;
    };
    const controls = [...document.querySelectorAll('a[href], button, input, select, textarea, summary')].filter(
      (c) => !c.closest('[data-sonner-toaster]') && c.checkVisibility() && over(c),
    );
    const active = document.activeElement;
    return {
      all: controls.map((c) => c.getAttribute('aria-label') ?? c.textContent?.trim() ?? c.tagName),
      focused: !!active && active !== document.body && !active.closest('[data-sonner-toaster]') && over(active),
    };
  });
}
