import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { parseEml } from '../api/harness.ts';
import { E2E } from './env.ts';

// Accounts journeys (issue 3): sign-up → approval → sign-in with the e-mailed code,
// forgot → code → reset, guards, profile; screenshots of every auth screen.

const SHOTS = path.resolve('test-results/accounts');
const stamp = Date.now();

async function outboxCode(email: string, after = 0): Promise<string> {
  const dir = path.join(E2E.dataDir, 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    for (const file of files.reverse()) {
      const full = path.join(dir, file);
      if ((await fs.stat(full)).mtimeMs < after) continue;
      const mail = parseEml(await fs.readFile(full, 'utf8'));
      if (!mail.to.toLowerCase().includes(email.toLowerCase())) continue;
      const match = /\b(\d{6})\b/.exec(`${mail.subject}\n${mail.text}`);
      if (match) return match[1]!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

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
  const since = Date.now() - 1000;
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/otp-verification\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('email')).toBe(email.toLowerCase());
  expect(url.searchParams.get('from')).toBe('login');
  await typeCode(page, await outboxCode(email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('User login successfully!')).toBeVisible();
  await expect(page).toHaveURL(pathAfter);
}

/** An approved client made through the API (register, admin password step + code, approve). */
async function approvedClient(request: APIRequestContext, email: string, password: string) {
  expect((await request.post('/api/auth/register', { data: { fullName: 'Reset Tester', email, password } })).status()).toBe(201);
  const since = Date.now() - 1000;
  expect((await request.post('/api/auth/login', { data: E2E.admin })).status()).toBe(200);
  const verified = await request.post('/api/auth/login-verify-otp', { data: { email: E2E.admin.email, otp: await outboxCode(E2E.admin.email, since) } });
  const adminToken = (await verified.json()).token as string;
  const headers = { authorization: `Bearer ${adminToken}` };
  const list = await (await request.get('/api/users?pageSize=100', { headers })).json();
  const user = list.data.find((u: { email: string }) => u.email === email);
  expect((await request.post(`/api/auth/approve/${user._id}`, { headers })).status()).toBe(200);
}

const axeSource = fs.readFile(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2 A/AA rules on our screens; evaluate() runs outside the page's CSP.
 * The shared sidebar and the toasts are checked by their owners, not here.
 */
async function expectNoAxeViolations(page: Page) {
  await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run({ exclude: [['[data-sonner-toaster]'], ['.shell-side'], ['.shell-top']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations).toEqual([]);
}

async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 860 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

test('sign up, get approved in /user, sign in with the mailed code, edit the profile, and be kept out of guest and admin pages', async ({ page, request }) => {
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

  // A second sign-up with the same e-mail shows the server's message in the error area.
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'already exists' })).toBeVisible();

  // Not approved yet: the orange toast of SPEC §8.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please get approval from admin.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The admin approves the new client in /user.
  await signInThroughUi(page, E2E.admin.email, E2E.admin.password, /\/admin$/);
  await page.goto('/user');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Ada Builder');
  await expect(row).toContainText('pending');
  await row.getByRole('button', { name: /Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Approval' });
  await expect(dialog).toContainText('Are you sure you want to approve this user?');
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole('button', { name: /Approve/ }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Admin approved successfully!')).toBeVisible();
  await expect(row).toContainText('approved');
  await expect(row.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'user');

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
  await page.keyboard.press('Enter');
  await expect(page.getByText('User login successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/portal$/);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored).toMatchObject({ role: 'client', fullName: 'Ada Builder', FullName: 'Ada Builder', email, Email: email });
  expect(stored.token).toBeTruthy();

  // Guards: a signed-in client is sent away from guest and admin pages.
  for (const guestPage of ['/login', '/signup', '/forgot-password']) {
    await page.goto(guestPage);
    await expect(page).toHaveURL(/\/portal$/);
  }
  for (const adminPage of ['/admin', '/user', '/profile']) {
    await page.goto(adminPage);
    await expect(page).toHaveURL(/\/portal$/);
  }

  // Profile: preview, DELETE clears the chosen photo locally, SAVE goes to /portal.
  await page.goto('/client-profile');
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada Builder');
  await expect(page.getByLabel('E-Mail')).toHaveAttribute('readonly', '');
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 15, g: 42, b: 68 } } }).png().toBuffer();
  // a file the browser shows but the server cannot decode: the SPEC §8 error toast
  const broken = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAGklEQVR4nGP4/5+BJMQwqmFUw6iGUQ1DVwMA3uL/AQ1WdUAAAAAASUVORK5CYII=', 'base64');
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
  await shoot(page, 'client-profile');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Profile Updated Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/client-profile');
  await expect(page.getByLabel('Company Name')).toHaveValue('Builder & Sons');
  await expect(page.getByAltText('Your profile photo')).toBeVisible();
  await expect(page.getByRole('complementary').getByText('Ada B. Builder')).toBeVisible();

  // A session ended elsewhere (here: logout through the API) signs the browser out cleanly.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect((await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.goto('/client-profile');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('forgot password: code, reset with the SPEC §5 checks, then sign in with the new password', async ({ page, request }) => {
  const email = `e2e-reset-${stamp}@example.com`;
  await approvedClient(request, email, 'Old-Passw0rd');

  await page.goto('/forgot-password');
  const since = Date.now() - 1000;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page).toHaveURL(new RegExp(`/otp-verification\\?email=${encodeURIComponent(email)}$`));
  await typeCode(page, await outboxCode(email, since));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`/reset-password\\?email=${encodeURIComponent(email)}$`));

  const password = page.getByLabel('New password');
  const confirm = page.getByLabel('Confirm password');
  const submit = page.getByRole('button', { name: 'Reset Password' });
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('All fields are required.');
  await password.fill('abc');
  await expect(page.getByText('Strength:')).toContainText('Weak');
  await confirm.fill('abc');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters.');
  await password.fill('abcdef');
  await expect(page.getByText('Strength:')).toContainText('Medium');
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  await password.fill('New-Passw0rd');
  await expect(page.getByText('Strength:')).toContainText('Strong');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).first().click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(confirm).toHaveAttribute('type', 'text');
  await confirm.fill('New-Passw0rd');
  await submit.click();
  await expect(page.getByText('Password reset successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password is refused (orange toast), the new one signs in.
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Old-Passw0rd');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signInThroughUi(page, email, 'New-Passw0rd', /\/portal$/);
});

test('the OTP screen counts down 60 s before Resend, and Cancel returns to /login', async ({ page }) => {
  await page.clock.install();
  await page.goto(`/otp-verification?email=${encodeURIComponent(`nobody-${stamp}@example.com`)}`);
  await expect(page.getByText('Resend OTP in 60s')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toHaveCount(0);
  for (let s = 0; s < 60; s++) await page.clock.runFor(1000);
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByText('OTP resent successfully!')).toBeVisible();
  await expect(page.getByText(/Resend OTP in (60|59)s/)).toBeVisible();
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
    await shoot(page, name);
  }
  // The login error toast, for the record.
  await page.goto('/login');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, 'login-error-1280.png') });
});
