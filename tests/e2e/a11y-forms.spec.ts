import { expect, test, type Locator, type Page } from './fixtures.ts';
import { DISMISS_WELCOME } from './public-pages.ts';
import { asUser, expectNoAxeViolations, shoot, submitRequest } from './support.ts';

// Accessibility of forms, the editor toolbar, scrolling tables and hover colours (axe-core and
// the keyboard, Chromium, 375 and 1280 px): what only a drawn page shows, each fixed state checked
// by role and attribute, and by axe where it applies. What a refused form says, what it ties the
// sentence to and where it puts the focus, and the names of the editor's controls, are held by
// the component tests beside each form (RequestScreen, ContactForm, auth-screens,
// AdminServicesScreen and BlogEditorScreen .test.tsx), with axe's rules that need no layout.

/** A refused field: invalid, described by the alert `alert`, focused (WCAG 3.3.1). */
async function expectTiedTo(field: Locator, alert: Locator) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(((await field.getAttribute('aria-describedby')) ?? '').split(' ')).toContain(await alert.getAttribute('id'));
  await expect(field).toBeFocused();
}

test('the service form ties a missing title to its field and focuses it in the open dialog', async ({ page, context, admin }) => {
  await asUser(context, admin);
  await page.goto('/admin-service');
  await page.getByRole('button', { name: 'Add New Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Service' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText('Please enter a service title.');
  await expectTiedTo(dialog.getByLabel('Title *'), alert);
  await expectNoAxeViolations(page, { include: ['dialog[open]'] });
  await shoot(page, 'a11y/service-title');
});

test("the editor's pickers and link tooltip are named and keyboard-operable", async ({ page, context, admin }) => {
  await asUser(context, admin);
  await page.goto('/blog-upload');
  const editor = page.getByRole('textbox', { name: 'Body' });
  await expect(editor).toBeVisible();
  const toolbar = page.locator('.ql-toolbar');

  // An open picker, drawn: its named items show, and pass axe with their colours.
  await toolbar.getByRole('button', { name: 'Alignment' }).click();
  for (const name of ['Align left', 'Align center', 'Align right', 'Justify'])
    await expect(toolbar.getByRole('button', { name })).toBeVisible();
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

test('the dashboard tables are focusable, named regions at 375 px, and the monthly figures fit', async ({
  page,
  context,
  request,
  admin,
  sharedClient,
}) => {
  await submitRequest(request, sharedClient, 'A request, so that Recent Activities has a row');
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
  // Recent Activities: the activity over its date, time and status, nothing to scroll inside the card.
  const activities = page.getByRole('region', { name: 'Recent Activities table' });
  expect(await activities.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  // The weekly numbers scroll inside their own region: the page itself never scrolls sideways.
  await page.getByText('Show the numbers').click();
  await expect(page.getByRole('region', { name: 'Requests per week by status' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'a11y/admin-dashboard');
});

/** `locator` hovered: its text colour, and axe's contrast check of it in that state. */
async function hoveredColour(page: Page, locator: Locator, selector: string): Promise<string> {
  await locator.hover();
  await expectNoAxeViolations(page, { include: [selector] });
  return locator.evaluate((el) => getComputedStyle(el).color);
}

test('hovered blog tags, post breadcrumbs and the skip link keep readable colours', async ({ page, context, request, admin }) => {
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
  // Hovered once the island has taken over the list, so that what is hovered stays on the page.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
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
