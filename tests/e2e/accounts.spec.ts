import path from 'node:path';
import { expect, type Page, test } from './fixtures.ts';
import sharp from 'sharp';
import { E2E } from './env.ts';
import {
  approvedClient,
  asUser,
  authPost,
  CLIENT_PASSWORD,
  enterCodeOnScreen,
  expectNoAxeViolations,
  keepShot,
  newClient,
  outboxCode,
  shoot,
  signInAdmin,
  submitRequest,
  toastShown,
} from './support.ts';

// Accounts journeys: sign-up → approval → sign-in with the e-mailed code,
// forgot → code → reset, guards, profile; screenshots of every auth screen.

const SHOTS = path.resolve('test-results/accounts');
const stamp = Date.now();

async function typeCode(page: Page, code: string) {
  // Typed key by key: each box moves the focus to the next.
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type(code, { delay: 20 });
}

async function pasteCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').focus();
  await page.getByLabel('Digit 1 of 6').evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
}

async function signInThroughUi(page: Page, email: string, password: string, pathAfter: RegExp) {
  await enterCodeOnScreen(page, email, password);
  const url = new URL(page.url());
  expect(url.searchParams.get('email')).toBe(email.toLowerCase());
  expect(url.searchParams.get('from')).toBe('login');
  const signedIn = toastShown(page, 'User login successfully!');
  await page.getByRole('button', { name: 'Verify' }).click();
  await signedIn;
  await expect(page).toHaveURL(pathAfter);
}

test('sign up, get approved in /user, sign in with the mailed code, edit the profile, and be kept out of guest and admin pages', async ({
  page,
  request,
}) => {
  const email = `e2e-client-${stamp}@example.com`;
  const password = 'Client-Passw0rd';

  // Sign up, walked with the keyboard.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Create New Account' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('placeholder', 'At least 8 characters');
  await expect(page.getByRole('button', { name: /Google/ })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('button', { name: /Facebook/ })).toHaveAttribute('aria-disabled', 'true');
  await page.getByLabel('First name').focus();
  await page.keyboard.type('  Ada ');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Last name')).toBeFocused();
  await page.keyboard.type(' Builder  ');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();

  // Not approved yet: the orange toast of docs/product.md §8.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Please get approval from admin.' })).toBeVisible();
  // It stays in the form's error area, tied to the e-mail whose account waits; the password was right.
  await expect(page.locator('#login-error')).toHaveText('Please get approval from admin.');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-describedby', 'login-error');
  await expect(page.getByLabel('Password', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);

  // The admin approves the new client in /user.
  await signInThroughUi(page, E2E.admin.email, E2E.admin.password, /\/admin$/);
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Ada Builder');
  await expect(row).toContainText('Pending');
  await row.getByRole('button', { name: /Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Approval' });
  await expect(dialog).toContainText('Are you sure you want to approve this user?');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: /Approve/ }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Admin approved successfully!')).toBeVisible();
  await expect(row).toContainText('Approved');
  await expect(row.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'accounts/user');

  // Logout through the sidebar confirmation.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByText('Are you sure you want to logout?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The client signs in with the keyboard and pastes the code.
  const since = Date.now() - 1000;
  await page.getByLabel('Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/otp-verification\?.*role=client.*from=login/);
  expect(await page.evaluate(() => sessionStorage.getItem('loginChallenge'))).toBeTruthy();
  await expect(page.getByText(/Resend OTP in \d+s/)).toBeVisible();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Please enter a valid 6-digit OTP.')).toBeVisible();
  await pasteCode(page, await outboxCode(email, since));
  for (let i = 1; i <= 6; i++) await expect(page.getByLabel(`Digit ${i} of 6`)).toHaveValue(/^\d$/);
  const signedIn = toastShown(page, 'User login successfully!');
  await page.keyboard.press('Enter');
  await signedIn;
  await expect(page).toHaveURL(/\/portal$/);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored).toMatchObject({ role: 'client', fullName: 'Ada Builder', FullName: 'Ada Builder', email, Email: email });
  expect(stored.token).toBeTruthy();

  // Guards: a signed-in client is sent away from guest and admin pages (every area and role:
  // site/lib/guards.test.tsx).
  for (const elsewhere of ['/signup', '/user']) {
    await page.goto(elsewhere);
    await expect(page).toHaveURL(/\/portal$/);
  }

  // Profile: preview, DELETE clears the chosen photo locally, SAVE goes to /portal.
  await page.goto('/client-profile');
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada Builder');
  await expect(page.getByLabel('E-Mail', { exact: true })).toHaveAttribute('readonly', '');
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 15, g: 42, b: 68 } } })
    .png()
    .toBuffer();
  // a file the browser shows but the server cannot decode: the docs/product.md §8 error toast
  const broken = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAGklEQVR4nGP4/5+BJMQwqmFUw6iGUQ1DVwMA3uL/AQ1WdUAAAAAASUVORK5CYII=',
    'base64',
  );
  await page.locator('#profile-photo').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: broken });
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText(/^Error updating profile: broken\.png: the image could not be read/)).toBeVisible();
  await expect(page).toHaveURL(/\/client-profile$/);
  await page.locator('#profile-photo').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByAltText('Preview of the chosen photo')).toBeVisible();
  await page.getByRole('button', { name: /^DELETE/ }).click();
  await expect(page.getByAltText('Preview of the chosen photo')).toHaveCount(0);
  await page.locator('#profile-photo').setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel('Full Name').fill('Ada B. Builder');
  await page.getByLabel('Phone No.').fill('+1 305 555 0100');
  await page.getByLabel('Company Name').fill('Builder & Sons');
  await page.getByLabel('Your Bio').fill('General contractor in Miami.');
  await expectNoAxeViolations(page);
  await shoot(page, 'accounts/client-profile');
  await page.getByRole('button', { name: 'SAVE' }).click();
  const saved = page.getByText('Profile Updated Successfully');
  await expect(saved).toBeVisible();
  // docs/product.md §8: top right (other toasts sit at the bottom, ui/Toasts.tsx).
  const box = (await saved.boundingBox())!;
  expect(box.y).toBeLessThan(150);
  expect(box.x + box.width).toBeGreaterThan(page.viewportSize()!.width / 2);
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/client-profile');
  await expect(page.getByLabel('Company Name')).toHaveValue('Builder & Sons');
  await expect(page.getByAltText('Your profile photo')).toBeVisible();
  await expect(page.getByRole('complementary').getByText('Ada B. Builder')).toBeVisible();

  // A session ended elsewhere (here: logout through the API) signs the browser out cleanly: the open
  // page hears it on its socket and leaves for /login, and the portal stays closed afterwards.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect((await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  // /login says why.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your session has ended. Please sign in again.' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/client-profile');
  await expect(page).toHaveURL(/\/login$/);
});

test("the profile's fields share one column at 1280 px with the browser's text at 200 %", async ({ browser, admin }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  // The browser's default font size (as a person sets it), so rem and em follow.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  await page.goto('/profile');
  await expect(page.getByLabel('Full Name')).not.toHaveValue('');
  // Phone and company were two columns of 5 rem, their labels over two lines: each field now starts,
  // ends and labels itself where the full name does.
  const edges = async (selector: string) => {
    const box = (await page.locator(selector).boundingBox())!;
    return { left: Math.round(box.x), right: Math.round(box.x + box.width) };
  };
  const name = { input: await edges('#profile-name'), label: (await edges('label[for="profile-name"]')).left };
  for (const id of ['profile-phone', 'profile-company']) {
    expect.soft(await edges(`#${id}`), `#${id}'s edges`).toEqual(name.input);
    expect.soft((await edges(`label[for="${id}"]`)).left, `#${id}'s label`).toBe(name.label);
  }
  await keepShot(page, { path: path.join(SHOTS, 'profile-1280-text-200.png'), fullPage: true });
  await context.close();
});

test('forgot password: code, reset with the docs/product.md §5 checks, then sign in with the new password', async ({ page, request }) => {
  const email = `e2e-reset-${stamp}@example.com`;
  await approvedClient(request, await signInAdmin(request), 'Reset Tester', email, 'Old-Passw0rd');
  // A sign-in left at its code step (the code went to spam): the forgot screen still gets a reset code.
  expect((await authPost(request, '/api/auth/login', { email, password: 'Old-Passw0rd' })).status()).toBe(200);

  await page.goto('/forgot-password');
  const since = Date.now() - 1000;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page).toHaveURL(new RegExp(`/otp-verification\\?email=${encodeURIComponent(email)}$`));
  // The sign-in's code may reach the outbox after `since`: only the reset code is taken.
  await typeCode(page, await outboxCode(email, since, 'password reset'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`/reset-password\\?email=${encodeURIComponent(email)}$`));

  // The form's rules in their order (required, length, match) and the strength ratings are
  // unit-tested in site/features/auth/auth-rules.test.ts, the server's own in tests/api/auth.test.ts,
  // and a refusal tied to its field in site/features/auth/components/auth-screens.test.tsx: here the
  // first refusal and the meter.
  const password = page.getByLabel('New password');
  const confirm = page.getByLabel('Confirm password');
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('All fields are required.');
  await password.fill('abc');
  await expect(page.getByText('Strength:')).toContainText('Weak');
  await password.fill('New-Passw0rd');
  await expect(page.getByText('Strength:')).toContainText('Strong');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(confirm).toHaveAttribute('type', 'text');
  await confirm.fill('New-Passw0rd');
  const reset = toastShown(page, 'Password reset successful!');
  await submit.click();
  await reset;
  await expect(page).toHaveURL(/\/login$/);

  // The old password is refused (orange toast), the new one signs in.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Old-Passw0rd');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('#login-error')).toHaveText('Invalid email or password.');
  await signInThroughUi(page, email, 'New-Passw0rd', /\/portal$/);
});

test('the OTP screen shows its 60 s countdown, takes the code key by key, and Cancel returns to /login', async ({ page }) => {
  // The countdown to Resend and the resend itself: auth-screens.test.tsx, on fake timers.
  await page.goto(`/otp-verification?email=${encodeURIComponent(`nobody-${stamp}@example.com`)}`);
  await expect(page.getByText(/^Resend OTP in \d+s$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
  // typing and deleting with the keyboard
  await page.getByLabel('Digit 1 of 6').click();
  await page.keyboard.type('12');
  await expect(page.getByLabel('Digit 3 of 6')).toBeFocused();
  await page.keyboard.press('Backspace');
  await expect(page.getByLabel('Digit 2 of 6')).toBeFocused();
  await expect(page.getByLabel('Digit 2 of 6')).toHaveValue('');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('screenshots of every auth screen at 375 px and 1280 px', async ({ page }) => {
  const email = encodeURIComponent('someone@example.com');
  for (const [name, url] of [
    ['signup', '/signup'],
    ['login', '/login'],
    ['forgot-password', '/forgot-password'],
    ['otp-verification', `/otp-verification?email=${email}&role=client&from=login`],
    ['reset-password', `/reset-password?email=${email}`],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, `accounts/${name}`);
  }
  // The login error: the orange toast (an alert), and the same sentence kept in the form's error
  // area, the fields invalid and pointing at it, after the toast has gone. The page's timers run
  // on Playwright's clock, so the toast's time (3 s on login, site/ui/Toasts.tsx) passes at once.
  await page.clock.install();
  await page.goto('/login');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Invalid email or password.' });
  await expect(toast.getByRole('alert')).toBeVisible();
  await keepShot(page, { path: path.join(SHOTS, 'login-error-1280.png') });
  await page.clock.runFor(6_000);
  await expect(toast).toHaveCount(0);
  await expect(page.locator('#login-error')).toHaveText('Invalid email or password.');
  for (const field of [page.getByLabel('Email'), page.getByLabel('Password', { exact: true })]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAttribute('aria-describedby', 'login-error');
  }
  await expectNoAxeViolations(page);
  await shoot(page, 'accounts/login-error-kept');
});

test('a trade page button leads a signed-out visitor through sign-in to the request form with the trade chosen', async ({
  page,
  request,
}) => {
  const email = `e2e-next-${stamp}@example.com`;
  await approvedClient(request, await signInAdmin(request), 'Nora Sitework', email, 'Client-Passw0rd');
  await page.addInitScript(() => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true })));

  await page.goto('/Earthwork');
  await page.getByRole('link', { name: 'Request an Earthwork Estimate' }).first().click();
  await expect(page).toHaveURL(/\/login\?next=/);
  const since = Date.now() - 1000;
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Client-Passw0rd');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/otp-verification\?.*next=/);
  await typeCode(page, await outboxCode(email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/request\?service=Sub-Contractor&subService=Earthwork$/);
  await expect(page.getByLabel('Service *', { exact: true }).locator('option:checked')).toHaveText('Sub-Contractor');
  await expect(page.getByLabel('Sub-Service *').locator('option:checked')).toHaveText('Earthwork');

  // Already signed in: /login?next=… goes straight on; a foreign next is ignored.
  await page.goto(`/login?next=${encodeURIComponent('/my-queries')}`);
  await expect(page).toHaveURL(/\/my-queries$/);
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/')}`);
  await expect(page).toHaveURL(/\/portal$/);
});

/** Sign-in through the screens of a page already on /login, landing on `landing`. */
async function signInOnScreen(page: Page, who: string, password: string, landing: RegExp): Promise<void> {
  await enterCodeOnScreen(page, who, password, null);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(landing);
}

test("a client's mail link opened signed out comes back to its request after sign-in", async ({ browser, request, sharedClient }) => {
  const id = await submitRequest(request, sharedClient, 'Stucco takeoff asked about by mail');
  // The client's 'Open your request' link: the guard sends them to /login with the way back.
  const context = await browser.newContext();
  const cp = await context.newPage();
  await cp.goto(`/chat/${id}`);
  await expect(cp).toHaveURL(/\/login$/); // docs/product.md §2's address; the way back waits in this tab's sessionStorage
  await signInOnScreen(cp, sharedClient.user.email, CLIENT_PASSWORD, new RegExp(`/chat/${id}$`));
  await expect(cp.getByText('Stucco takeoff asked about by mail').first()).toBeVisible();
  await context.close();
});

test("the firm's mail link opened signed out comes back to the admin chat after sign-in, once", async ({
  browser,
  request,
  sharedClient,
}) => {
  const id = await submitRequest(request, sharedClient, 'Roofing takeoff the firm is mailed about');
  // The firm's link to the admin chat: its 'Go to Login' carries the way back too.
  const context = await browser.newContext();
  const ap = await context.newPage();
  await ap.goto(`/admin-chat/${id}`);
  await expect(ap.getByText('Please login to access chats')).toBeVisible();
  await ap.getByRole('link', { name: 'Go to Login' }).click();
  await expect(ap).toHaveURL(/\/login$/);
  await signInOnScreen(ap, E2E.admin.email, E2E.admin.password, new RegExp(`/admin-chat/${id}$`));
  // Used once (docs/product.md §5): the tab keeps no way back, so its next sign-in leads home
  // (the taking once and home without it: site/lib/guards.test.tsx).
  expect(await ap.evaluate(() => sessionStorage.getItem('wayBack'))).toBeNull();
  await context.close();
});

test("another client's /chat/{id} link says the request is not in this account instead of showing an empty chat", async ({
  browser,
  request,
}) => {
  const admin = await signInAdmin(request);
  const owner = await newClient(request, admin, 'Olga Owner');
  const other = await newClient(request, admin, 'Oscar Other');
  const id = await submitRequest(request, owner, 'Roofing takeoff of the owner only');
  const own = await submitRequest(request, other, 'Drywall takeoff of the other client');
  const context = await browser.newContext();
  await asUser(context, other);
  const page = await context.newPage();
  const history: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(id)) history.push(r.url());
  });
  await page.goto(`/chat/${id}`);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation.getByRole('heading', { name: 'Request not found' })).toBeVisible();
  await expect(conversation.getByRole('alert')).toHaveText(
    'This request is not in your account. If its link came by e-mail, sign in with the account the e-mail was sent to.',
  );
  await expect(page.getByText('Roofing takeoff of the owner only')).toHaveCount(0);
  expect(history.filter((u) => new URL(u).pathname.startsWith('/api/'))).toEqual([]);
  await shoot(page, 'accounts/chat-not-yours');
  // The client's own request is one click away.
  await page.getByRole('button', { name: /Drywall takeoff of the other client/ }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/${own}$`));
  await expect(conversation.getByRole('heading', { name: /Drywall takeoff of the other client/ })).toBeVisible();
  await context.close();
});
