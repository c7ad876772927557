import { expect, test, type APIRequestContext, type BrowserContext } from './fixtures.ts';
import sharp from 'sharp';
import { asUser, expectNoAxeViolations, shoot, signInAdmin, toastShown, type Session } from './support.ts';

// The blog journey: an admin writes a post in the Quill editor
// (bold, a list, a link, a body image and a cover image), saves it as a draft,
// publishes it from /draft-blog; visitors find it on /blog with the filters and
// the search, and read it on /blog/{slug}, also after a hard reload. Then a
// bulk delete. Everything goes through the real server and database.

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const TITLE = `Pricing concrete slabs in Miami ${stamp}`;
const SUB = 'What a takeoff must count before the first pour';
const CATEGORY = `Field Notes ${stamp}`;
const TAG = `slab-${stamp}`;
let admin: Session;
let slug = '';

/** The public pages' welcome modal (docs/product.md §2) would make the page inert mid-test; a returning visitor dismissed it. */
async function returningVisitor(context: BrowserContext) {
  await context.addInitScript(() => localStorage.setItem('welcomeModal', JSON.stringify({ dismissed: true })));
}

async function createPost(request: APIRequestContext, fields: Record<string, string>) {
  const categories = ((await (await request.get('/api/categories')).json()) as { data: Array<{ _id: string; name: string }> }).data;
  const res = await request.post('/api/blogs', {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: {
      category: categories.find((c) => c.name === 'Company News')!._id,
      body: '<p>Seeded post body for the list.</p>',
      status: 'published',
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { _id: string; slug: string; title: string } }).data;
}

const jpeg = (w: number, h: number, r: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 107, b: 29 } } })
    .jpeg()
    .toBuffer();

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
});

test('an admin writes a post in the editor and saves it as a draft', async ({ page, context }) => {
  await asUser(context, admin);
  const assets: string[] = [];
  page.on('request', (r) => assets.push(r.url()));

  await page.goto('/admin-blogs');
  await expect(page.getByRole('heading', { name: 'Blogs', level: 1 })).toBeVisible();
  expect(
    assets.filter((u) => /quill/i.test(u)),
    'no Quill outside the editor',
  ).toEqual([]);

  await page.getByRole('link', { name: 'UPLOAD' }).click();
  await expect(page).toHaveURL(/\/blog-upload$/);
  await expect(page.getByRole('heading', { name: 'Upload Blog' })).toBeVisible();
  const editor = page.getByRole('textbox', { name: 'Body' });
  await expect(editor).toBeVisible();
  expect(
    assets.some((u) => /QuillEditor.*\.css$/.test(u)),
    'Quill styles load on the editor',
  ).toBe(true);

  // docs/product.md §5: title, category and body are required.
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
  await expect(page.getByLabel('Blog Title')).toBeFocused();

  await page.getByLabel('Blog Title').fill(TITLE);
  await page.getByLabel('Sub-Title').fill(SUB);
  await page.getByRole('button', { name: '+ New category' }).click();
  await page.getByLabel('New category name').fill(CATEGORY);
  await page.getByLabel('New category name').press('Enter');
  await expect(page.getByText('Category created successfully.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Category', exact: true })).toHaveValue(/.+/);
  await expect(page.getByRole('combobox', { name: 'Category', exact: true }).locator('option:checked')).toHaveText(CATEGORY);
  await page.getByLabel('Tags (comma separated)').fill(`${TAG}, Concrete, ${TAG}`);
  await expect(page.getByLabel('Status')).toHaveValue('draft');

  // The body: a paragraph with bold text, a bulleted list, a link and an image.
  await editor.click();
  await page.keyboard.type('Every slab estimate starts with ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('the thickness schedule');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('. Count these:');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Vapor barrier');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Wire mesh and chairs');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read the ACI guide');
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: 'Insert link' }).click();
  const linkInput = page.locator('.ql-tooltip input[type=text]');
  await linkInput.fill('https://www.concrete.org/');
  await linkInput.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Insert image' }).click();
  await (await chooser).setFiles({ name: 'pour.jpg', mimeType: 'image/jpeg', buffer: await jpeg(1000, 600, 40) });
  const insert = page.getByRole('dialog', { name: 'Insert image' });
  await insert.getByLabel('Image description').fill('Slab pour with wire mesh on chairs');
  await insert.getByRole('button', { name: 'Insert image' }).click();
  await expect(page.getByText('Image added.')).toBeVisible();
  await expect(editor.locator('img')).toHaveAttribute('src', /^\/uploads\/public\/blogs\/.+\.webp$/);
  await expect(editor.getByRole('img', { name: 'Slab pour with wire mesh on chairs' })).toBeVisible();
  await expect(editor.locator('strong')).toHaveText('the thickness schedule');
  await expect(editor.locator('li')).toHaveCount(2);
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://www.concrete.org/');

  // Tab leaves the editor: keyboard users are not trapped.
  await editor.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Image', { exact: true })).toBeFocused();

  await page
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await jpeg(2400, 1260, 200) });
  await expect(page.getByRole('img', { name: 'Preview of the blog image' })).toBeVisible();
  await expectNoAxeViolations(page, { include: ['main'] });
  await shoot(page, 'blog-editor');

  const created = toastShown(page, 'Blog created successfully!');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await created;
  await expect(page).toHaveURL(/\/draft-blog$/);
});

test('the draft is published from /draft-blog', async ({ page, context, request }) => {
  await asUser(context, admin);
  // Never public while a draft.
  const drafts = (await (await request.get('/api/blogs?status=draft', { headers: { authorization: `Bearer ${admin.token}` } })).json()) as {
    data: Array<{ title: string; slug: string }>;
  };
  slug = drafts.data.find((b) => b.title === TITLE)!.slug;
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);

  await page.goto('/draft-blog');
  const card = page.getByRole('article').filter({ hasText: 'Pricing concrete slabs in Miami' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading')).toHaveText('Pricing concrete slabs in Miami ' + stamp); // 6 words: not cut
  await expect(card).toContainText(CATEGORY);
  await expect(page.getByText(/Page 1 of 1/)).toBeVisible();
  await expectNoAxeViolations(page, { include: ['main'] });
  await shoot(page, 'blog-drafts');

  // The options menu works with the keyboard: Enter opens, arrows move, Escape closes back onto the button.
  const options = card.getByRole('button', { name: `Options for ${TITLE}` });
  await options.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Publish' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(options).toBeFocused();

  await options.click();
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(page.getByText('Blog published successfully.')).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.getByRole('link', { name: 'PUBLISHED' }).click();
  await expect(page.getByRole('article').filter({ hasText: 'Pricing concrete slabs' })).toBeVisible();
});

test('visitors find it on /blog with the category, tag and search filters, and the URL keeps the state', async ({
  page,
  context,
  request,
}) => {
  await returningVisitor(context);
  for (let i = 1; i <= 4; i++) await createPost(request, { title: `Company update number ${i} ${stamp}`, tags: 'news' });
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Latest posts' });
  await expect(list.getByRole('article')).toHaveCount(3); // docs/product.md §9: 3 per page
  await expect(page.getByRole('heading', { name: 'Recent posts' })).toBeVisible();
  await expect(page.getByRole('complementary').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText(/Showing 1–3 of \d+ posts/)).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/Page 2 of \d+/)).toBeVisible();

  // Changing the category returns to page 1 (docs/product.md §4).
  await page.getByLabel('Category', { exact: true }).selectOption(CATEGORY);
  await expect(page).toHaveURL(new RegExp(`\\?category=${encodeURIComponent(CATEGORY).replace(/%20/g, '(\\+|%20)')}$`));
  const matching = page.getByRole('list', { name: 'Matching posts' });
  await expect(matching.getByRole('article')).toHaveCount(1);
  const card = matching.getByRole('article');
  await expect(card.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(card).toContainText('Every slab estimate starts with the thickness schedule');
  await expect(card.locator('img')).toHaveAttribute('src', /^\/uploads\/public\/blogs\/.+\.webp\?v=\d+$/);

  await page.getByLabel('Category', { exact: true }).selectOption('');
  await page.getByLabel('Tag', { exact: true }).selectOption(TAG);
  await expect(page).toHaveURL(new RegExp(`\\?tag=${TAG}$`));
  await expect(matching.getByRole('article')).toHaveCount(1);

  await page.getByLabel('Tag', { exact: true }).selectOption('');
  await page.getByLabel('Search posts').fill('thickness schedule');
  await expect(page).toHaveURL(/\?q=thickness(\+|%20)schedule$/);
  await expect(matching.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(matching.getByRole('article')).toHaveCount(1);

  // A shared filtered link opens the same view.
  await page.goto(`/blog?q=${encodeURIComponent('no post says this')}`);
  await expect(page.getByText('No posts match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await page.goto(`/blog?tag=${TAG}&category=${encodeURIComponent(CATEGORY)}`);
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue(TAG);
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue(CATEGORY);
  await expect(page.getByRole('list', { name: 'Matching posts' }).getByRole('heading', { name: TITLE })).toBeVisible();
  await page.goto('/blog');
  await expect(page.getByRole('list', { name: 'Latest posts' }).getByRole('article')).toHaveCount(3);
  await expectNoAxeViolations(page, { include: ['main'] });
  await shoot(page, 'blog-listing');

  // Keyboard: the search box, its button and the filters are reachable in order.
  await page.getByLabel('Search posts').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Category', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Tag', { exact: true })).toBeFocused();
});

test('/blog/{slug} shows the post, also on a hard reload, with Open Graph tags', async ({ page, context }) => {
  await returningVisitor(context);
  await page.goto(`/blog?tag=${TAG}`);
  await page.getByRole('list', { name: 'Matching posts' }).getByRole('link', { name: TITLE, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
  for (const pass of ['navigated', 'reloaded']) {
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 1 }), pass).toHaveText(TITLE);
    await expect(article.getByText(SUB)).toBeVisible();
    await expect(article.locator('strong')).toHaveText('the thickness schedule');
    await expect(article.locator('.post-body li')).toHaveText(['Vapor barrier', 'Wire mesh and chairs']);
    const link = article.getByRole('link', { name: 'Read the ACI guide' });
    await expect(link).toHaveAttribute('href', 'https://www.concrete.org/');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(article.getByRole('img', { name: 'Slab pour with wire mesh on chairs' })).toHaveAttribute(
      'src',
      /^\/uploads\/public\/blogs\/.+\.webp$/,
    );
    await expect(article.locator('img.post-cover')).toHaveAttribute('src', /^\/uploads\/public\/blogs\/.+\.webp\?v=\d+$/);
    await expect(article.getByRole('link', { name: CATEGORY })).toBeVisible();
    await expect(article.getByRole('link', { name: `#${TAG}` })).toBeVisible();
    await expect(page).toHaveTitle(`${TITLE} | Miami Estimating Services`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`/blog/${slug}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/uploads\/public\/blogs\/.+\.webp\?v=\d+$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', SUB);
    // Every image really loads.
    for (const img of await page.locator('article img').all())
      expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    await page.reload();
  }
  await expectNoAxeViolations(page, { include: ['main'] });
  await shoot(page, 'blog-post');
  await page.getByRole('link', { name: `#${TAG}` }).click();
  await expect(page).toHaveURL(new RegExp(`/blog\\?tag=${TAG}$`));
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue(TAG);
});

test('an admin deletes several blogs at once', async ({ page, context, request }) => {
  await asUser(context, admin);
  const a = await createPost(request, { title: `Bulk delete alpha ${stamp}` });
  const b = await createPost(request, { title: `Bulk delete beta ${stamp}` });
  await page.goto('/admin-blogs');
  const cardOf = (title: string) => page.getByRole('article').filter({ hasText: title });
  await expect(cardOf(a.title)).toBeVisible();
  await expectNoAxeViolations(page, { include: ['main'] });
  await shoot(page, 'blog-admin');

  await page.getByRole('button', { name: 'DELETE', exact: true }).click();
  await page.getByRole('button', { name: 'DELETE', exact: true }).click();
  await expect(page.getByText('Please select at least one blog.')).toBeVisible();
  await page.getByRole('checkbox', { name: `Select ${a.title}` }).check();
  // CANCEL leaves select mode and clears the selection.
  await page.getByRole('button', { name: 'CANCEL', exact: true }).click();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'DELETE', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: `Select ${a.title}` })).not.toBeChecked();

  await page.getByRole('checkbox', { name: `Select ${a.title}` }).check();
  await page.getByRole('checkbox', { name: `Select ${b.title}` }).check();
  await expect(page.getByText('2 selected.')).toBeVisible();
  await page.getByRole('button', { name: 'DELETE', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete blogs' });
  await expect(dialog).toContainText('Are you sure you want to delete selected blogs?');
  // A destructive confirmation opens on Cancel: Enter pressed once more by habit deletes nothing.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Blogs deleted successfully.')).toBeVisible();
  await expect(cardOf(a.title)).toHaveCount(0);
  await expect(cardOf(b.title)).toHaveCount(0);
  await expect(cardOf(TITLE)).toBeVisible();
  for (const gone of [a, b]) expect((await request.get(`/api/blogs/${gone._id}`)).status()).toBe(404);

  // One blog from its options menu, with 'Delete this blog?'.
  const c = await createPost(request, { title: `Single delete gamma ${stamp}` });
  await page.reload();
  await cardOf(c.title)
    .getByRole('button', { name: `Options for ${c.title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete blog' });
  await expect(confirm).toContainText('Delete this blog?');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, { include: ['dialog[open]'] });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Blog deleted successfully.')).toBeVisible();
  await expect(cardOf(c.title)).toHaveCount(0);
});

test('editing keeps the post, CANCEL resets the form, UPDATE goes back by status', async ({ page, context }) => {
  await asUser(context, admin);
  await page.goto('/admin-blogs');
  await page
    .getByRole('article')
    .filter({ hasText: 'Pricing concrete slabs' })
    .getByRole('button', { name: `Options for ${TITLE}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/blog-upload\/[a-z0-9]+$/);
  await expect(page.getByRole('heading', { name: 'Edit Blog' })).toBeVisible();
  await expect(page.getByLabel('Blog Title')).toHaveValue(TITLE);
  await expect(page.getByRole('textbox', { name: 'Body' }).locator('strong')).toHaveText('the thickness schedule');

  await page.getByLabel('Blog Title').fill('Something else entirely');
  await page.getByRole('button', { name: 'CANCEL', exact: true }).click();
  await expect(page.getByLabel('Blog Title')).toHaveValue(TITLE);

  await page.reload(); // the id route's shell answers a hard reload
  await expect(page.getByLabel('Sub-Title')).toHaveValue(SUB);
  await page.getByLabel('Sub-Title').fill(`${SUB}, revised`);
  const updated = toastShown(page, 'Blog updated successfully!');
  await page.getByRole('button', { name: 'UPDATE' }).click();
  await updated;
  await expect(page).toHaveURL(/\/admin-blogs$/);

  await page.goto('/blog-upload/not-a-blog');
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch blog details.' })).toBeVisible();
});
