import { expect, test, type Page } from './fixtures.ts';
import { readOutbox } from '../api/harness.ts';
import { E2E } from './env.ts';
import { DISMISS_WELCOME } from './public-pages.ts';
import { contactFormHydrated, requestsReported } from './support.ts';

// The contact form against the real server: the message is stored and mailed
// to COMPANY_EMAIL (here ADMIN_EMAIL, its fallback), read back from the outbox.

test.beforeEach(async ({ context }) => {
  await context.addInitScript(DISMISS_WELCOME);
});

const form = (page: Page) => page.locator('form.contact-form');

async function fill(page: Page, values: { name: string; email: string; phone?: string; service: string; message: string }) {
  await form(page).getByLabel('Name').fill(values.name);
  await form(page).getByLabel('E-mail').fill(values.email);
  if (values.phone !== undefined) await form(page).getByLabel('Phone (optional)').fill(values.phone);
  await form(page).getByLabel('Service').selectOption(values.service);
  await form(page).getByLabel('Message').fill(values.message);
}

const mailsContaining = async (text: string) => (await readOutbox(E2E.dataDir)).filter((m) => m.text.includes(text));

test('required fields are checked before anything is sent; a visitor sends a message: success toast, cleared form, one mail to the company; a field the server refuses shows its sentence and the failure toast; the button is busy while sending and a double click sends one message', async ({
  page,
}) => {
  // Playwright's clock, running as usual; where a toast's 3 s are waited for, the test runs it on instead.
  await page.clock.install();
  await page.goto('/contactus');
  const send = page.getByRole('button', { name: 'Send Message' });
  await contactFormHydrated(page);
  const toasts = page.locator('[data-sonner-toast]');

  // Required fields are checked before anything is sent.
  let sent = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact/submit')) sent = true;
  });
  await form(page).getByLabel('Name').fill('No Message');
  await send.click();
  expect(
    await form(page)
      .getByLabel('E-mail')
      .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
  ).toBe(true);
  await requestsReported(page);
  expect(sent).toBe(false);
  // The phone is optional.
  expect(
    await form(page)
      .getByLabel('Phone (optional)')
      .evaluate((el: HTMLInputElement) => el.required),
  ).toBe(false);

  // A visitor sends a message: success toast, cleared form, one mail to the company.
  const marker = `Doral warehouse ${Date.now()}`;
  await fill(page, {
    name: 'Maria Delgado',
    email: 'maria@delgado-builders.com',
    phone: '(305) 555-0142',
    service: 'Commercial Bidding Estimate',
    message: `We need a takeoff for the ${marker}, bid due Friday.`,
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/contact/submit'));
  await send.click();
  expect((await answered).status()).toBe(201);
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  // Its close button is a target of at least 24 × 24 px (WCAG 2.5.8): it sits on top of the page.
  const close = (await toasts.getByRole('button', { name: /close/i }).boundingBox())!;
  expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(24);
  await expect(form(page).getByLabel('Name')).toHaveValue('');
  await expect(form(page).getByLabel('Message')).toHaveValue('');
  await expect(send).toBeEnabled();
  await expect.poll(async () => (await mailsContaining(marker)).length).toBe(1);
  const [mail] = await mailsContaining(marker);
  expect(mail!.to).toContain(E2E.admin.email);
  expect(mail!.subject).toContain('Commercial Bidding Estimate');
  // The toast closes after 3 s (docs/product.md §9).
  await page.clock.runFor(3_500);
  await expect(page.getByText('Message sent successfully!')).toBeHidden({ timeout: 2_500 });

  // A field the server refuses shows its sentence and the failure toast.
  const refused = `refused ${Date.now()}`;
  // The browser accepts name@host without a dot; the API does not.
  await fill(page, { name: 'Lee Park', email: 'lee@localhost', service: 'Something else', message: refused });
  const refusal = page.waitForResponse((r) => r.url().endsWith('/api/contact/submit'));
  await send.click();
  expect((await refusal).status()).toBe(400);
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid e-mail address.' })).toBeVisible();
  await expect(page.getByText('Failed to send message. Please try again.')).toBeVisible();
  // What the visitor typed is kept so they can correct it.
  await expect(form(page).getByLabel('Message')).toHaveValue(refused);
  expect(await mailsContaining(refused)).toHaveLength(0);
  await form(page).getByLabel('E-mail').fill('lee@parkdrywall.com');
  await send.click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid e-mail address.' })).toBeHidden();
  // Both toasts close after their 3 s, before the next message.
  await page.clock.runFor(3_500);
  await expect(toasts).toHaveCount(0);

  // The button is busy while sending and a double click sends one message.
  const doubled = `double-click ${Date.now()}`;
  await fill(page, {
    name: 'Sam Ortiz',
    email: 'sam@keysroofing.com',
    service: 'Sample Estimate',
    message: `Roof plans attached later: ${doubled}`,
  });
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact/submit')) requests++;
  });
  // Hold the request back until the busy state has been seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact/submit', async (route) => {
    await held;
    await route.continue();
  });
  await send.dblclick();
  const busy = page.getByRole('button', { name: 'Sending...' });
  await expect(busy).toBeDisabled();
  await expect(busy).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  expect(requests).toBe(1);
  await expect.poll(async () => (await mailsContaining(doubled)).length).toBe(1);
});

test('without JavaScript the form posts itself: a page says it was sent, one mail goes out; a refused field is named', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const marker = `no-js-${Date.now()}`;
  await page.goto('/contactus');
  await fill(page, { name: 'Nora Script', email: 'nora@example.com', service: 'Sample Estimate', message: `Hello, ${marker}` });
  await form(page).getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toHaveText('Message sent successfully!');
  await expect.poll(async () => (await mailsContaining(marker)).length).toBe(1);
  await page.getByRole('link', { name: 'Back to the contact page' }).click();
  await expect(page).toHaveURL(/\/contactus\/?$/);

  // The browser's own checks pass (a phone field takes any text), the API's do not: its sentence, and no mail.
  await fill(page, {
    name: 'Nora Script',
    email: 'nora@example.com',
    phone: 'call me',
    service: 'Sample Estimate',
    message: `Again, ${marker}`,
  });
  await form(page).getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toHaveText('Please enter a valid phone number.');
  expect(await mailsContaining(`Again, ${marker}`)).toEqual([]);
  await context.close();
});
