import { expect, test, type Locator, type Page } from './fixtures.ts';
import { DISMISS_WELCOME } from './public-pages.ts';
import {
  asUser,
  contactFormHydrated,
  expectNoAxeViolations,
  newClient,
  shoot,
  signInAdmin,
  submitRequest,
  type Session,
} from './support.ts';

// Accessibility of forms, the editor toolbar, scrolling tables and hover
// colours (axe-core and the keyboard, Chromium, 375 and 1280 px): each fixed state is checked
// by role and attribute, and by axe where it applies.

let admin: Session;
let client: Session;

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Ava Audit');
});

/** The ids an element is described by. */
const describedBy = async (field: Locator) => ((await field.getAttribute('aria-describedby')) ?? '').split(' ');

/** A refused field: invalid, described by the alert `alert`, focused (WCAG 3.3.1). */
async function expectTiedTo(field: Locator, alert: Locator, focused: Locator = field) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await describedBy(field)).toContain(await alert.getAttribute('id'));
  await expect(focused).toBeFocused();
}

test('the request form names the missing plans, focuses them and says it once', async ({ page, context }) => {
  await asUser(context, client);
  await page.goto('/request');
  await page.getByLabel('Project name *').fill('Doral Parking Garage');
  await page.getByLabel('Description *').fill('Takeoff of a parking garage');
  await page.getByLabel('Service *', { exact: true }).selectOption({ label: 'Sub-Contractor' });
  await page.getByLabel('Sub-Service *').selectOption({ label: 'Concrete' });
  await page.getByRole('button', { name: 'Submit Request' }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Please fill in all required fields.' });
  await expect(alert).toBeVisible();
  await expectTiedTo(page.getByLabel('Plans and files *'), alert, page.getByRole('button', { name: 'Choose files' }));
  expect(await describedBy(page.getByRole('button', { name: 'Choose files' }))).toContain(await alert.getAttribute('id'));
  for (const filled of ['Project name *', 'Description *', 'Service *', 'Sub-Service *'])
    await expect(page.getByLabel(filled, { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  // One announcement: the alert, not a toast saying it again.
  await expect(page.getByText('Please fill in all required fields.')).toHaveCount(1);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'a11y/request-missing-plans');
});

test("the contact form ties the API's phone sentence to the phone field", async ({ page, context }) => {
  await context.addInitScript(DISMISS_WELCOME);
  await page.goto('/contactus');
  const form = page.locator('form.contact-form');
  await contactFormHydrated(page);
  await form.getByLabel('Name').fill('Pat Phone');
  await form.getByLabel('E-mail').fill('pat@example.com');
  await form.getByLabel('Phone (optional)').fill('call me');
  await form.getByLabel('Service').selectOption({ index: 1 });
  await form.getByLabel('Message').fill('Framing takeoff for a duplex');
  await form.getByRole('button', { name: 'Send Message' }).click();

  const alert = form.getByRole('alert');
  await expect(alert).toHaveText('Please enter a valid phone number.');
  await expectTiedTo(form.getByLabel('Phone (optional)'), alert);
  await expect(form).not.toHaveAttribute('aria-describedby');
  await expect(form.getByLabel('E-mail')).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, { include: ['form.contact-form'] });
  await shoot(page, 'a11y/contact-phone');
});

test("reset password ties 'Passwords do not match.' to the confirmation", async ({ page }) => {
  await page.goto('/reset-password?email=ava%40example.com');
  await page.getByLabel('New password').fill('abcdef');
  await page.getByLabel('Confirm password').fill('abcdeg');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Passwords do not match.');
  await expectTiedTo(page.getByLabel('Confirm password'), alert);
  await expect(page.getByLabel('New password')).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await shoot(page, 'a11y/reset-mismatch');
});

test('the service form ties a missing title and a missing parent to their fields', async ({ page, context }) => {
  await asUser(context, admin);
  await page.goto('/admin-service');
  await page.getByRole('button', { name: 'Add New Service' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New Service' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  let alert = dialog.getByRole('alert');
  await expect(alert).toHaveText('Please enter a service title.');
  await expectTiedTo(dialog.getByLabel('Title *'), alert);
  await expectNoAxeViolations(page, { include: ['dialog[open]'] });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Add Sub-Service', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Add Sub-Service' });
  await dialog.getByLabel('Title *').fill('Curtain wall');
  await dialog.getByRole('button', { name: 'Save' }).click();
  alert = dialog.getByRole('alert');
  await expect(alert).toHaveText('Please choose a parent service.');
  await expectTiedTo(dialog.getByLabel('Parent service *'), alert);
  await expect(dialog.getByLabel('Title *')).not.toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'a11y/service-parent');
});

test("the editor's pickers and link tooltip are named and keyboard-operable", async ({ page, context }) => {
  await asUser(context, admin);
  await page.goto('/blog-upload');
  const editor = page.getByRole('textbox', { name: 'Body' });
  await expect(editor).toBeVisible();
  const toolbar = page.locator('.ql-toolbar');

  await toolbar.getByRole('button', { name: 'Text style' }).click();
  for (const name of ['Heading 2', 'Heading 3', 'Heading 4', 'Normal text'])
    await expect(toolbar.getByRole('button', { name })).toBeVisible();
  await expectNoAxeViolations(page, { include: ['.qe'] });
  await toolbar.getByRole('button', { name: 'Text style' }).click();

  await toolbar.getByRole('button', { name: 'Alignment' }).click();
  for (const name of ['Align left', 'Align center', 'Align right', 'Justify'])
    await expect(toolbar.getByRole('button', { name })).toBeVisible();
  await expect(page.locator('.qe .ql-picker-item:not([aria-label])')).toHaveCount(0);
  await expectNoAxeViolations(page, { include: ['.qe'] });
  await shoot(page, 'a11y/editor-align-picker');
  await toolbar.getByRole('button', { name: 'Alignment' }).click();

  // A link: the URL box has a name; Edit and Remove are reached with Tab and pressed with the keyboard.
  await editor.click();
  await page.keyboard.type('Read the guide');
  await page.keyboard.press('Shift+Home');
  await toolbar.getByRole('button', { name: 'Insert link' }).click();
  const url = page.getByRole('textbox', { name: 'Link URL' });
  await expect(url).toBeFocused();
  await expectNoAxeViolations(page, { include: ['.qe'] });
  await url.fill('https://www.concrete.org/');
  await url.press('Enter');
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://www.concrete.org/');

  await page.keyboard.press('ArrowLeft'); // the caret inside the link shows its preview
  await page.keyboard.press('ArrowLeft');
  const edit = page.getByRole('button', { name: 'Edit link' });
  await expect(edit).toBeVisible();
  await page.keyboard.press('Tab'); // the link's preview
  await page.keyboard.press('Tab');
  await expect(edit).toBeFocused();
  await expectNoAxeViolations(page, { include: ['.qe'] });
  await page.keyboard.press('Enter');
  await expect(url).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save link' })).toBeVisible();
  await url.press('Escape');

  await editor.click();
  await editor.getByText('Read the guide').click();
  const remove = page.getByRole('button', { name: 'Remove link' });
  await expect(remove).toBeVisible();
  await remove.focus();
  await page.keyboard.press(' ');
  await expect(editor.locator('a')).toHaveCount(0);
  await expect(editor).toContainText('Read the guide');
});

test('the dashboard tables are focusable, named regions at 375 px, and the monthly figures fit', async ({ page, context, request }) => {
  await submitRequest(request, client, 'A request, so that Recent Activities has a row');
  await asUser(context, admin);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin');
  for (const name of ['Recent Activities table', 'Per month table']) {
    const region = page.getByRole('region', { name });
    await expect(region).toHaveAttribute('tabindex', '0');
    await region.focus();
    await expect(region).toBeFocused();
    expect(await region.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  }
  // The monthly figures become one labelled card per month on a phone: nothing is cut off or needs scrolling.
  const monthly = page.getByRole('region', { name: 'Per month table' });
  expect(await monthly.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await monthly.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
  await shoot(page, 'a11y/admin-dashboard');
});

/** `locator` hovered: its text colour, and axe's contrast check of it in that state. */
async function hoveredColour(page: Page, locator: Locator, selector: string): Promise<string> {
  await locator.hover();
  await expectNoAxeViolations(page, { include: [selector] });
  return locator.evaluate((el) => getComputedStyle(el).color);
}

test('hovered blog tags, post breadcrumbs and the skip link keep readable colours', async ({ page, context, request }) => {
  await context.addInitScript(DISMISS_WELCOME);
  const categories = ((await (await request.get('/api/categories')).json()) as { data: Array<{ _id: string }> }).data;
  const tag = `contrast-${Date.now()}`;
  const res = await request.post('/api/blogs', {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: { title: `Hover colours ${tag}`, category: categories[0]!._id, body: '<p>Body.</p>', status: 'published', tags: tag },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { slug } = ((await res.json()) as { data: { slug: string } }).data;

  const darker = 'rgb(163, 68, 11)'; // --orange-darker, 5.7:1 on --bg-soft
  await page.goto(`/blog?tag=${tag}`);
  // A card's tag is a link to the filtered list (it works without JavaScript too).
  const tagLink = page.getByRole('link', { name: `Show posts tagged ${tag}` });
  expect(await hoveredColour(page, tagLink, '.bl-tag')).toBe(darker);

  await page.goto(`/blog/${slug}`);
  const crumb = page.locator('.post-crumbs').getByRole('link', { name: 'Blog', exact: true });
  expect(await hoveredColour(page, crumb, '.post-crumbs')).toBe(darker);
  expect(await hoveredColour(page, page.getByRole('link', { name: `#${tag}` }), '.post-tags')).toBe(darker);

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  expect(await hoveredColour(page, skip, '.skip-link')).toBe('rgb(255, 255, 255)');
});
