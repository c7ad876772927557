import { expect, test, type Page } from './fixtures.ts';
import { MAYBE_SUBMITTED } from '../../portal-api/src/modules/idempotency/idempotency.labels.ts';
import { asUser, newClient, shoot, signInAdmin, submitRequest, toastShown, type Session } from './support.ts';

// A create call reaches the server and does its work, then
// the connection drops before the answer arrives. The person submits again. The form
// sends the same Idempotency-Key on that retry, so the server answers with what it
// answered the first time: one request, one quote, one addendum, one post.

let admin: Session;
let client: Session;

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Lorna Lost');
});

const pdf = (label: string) => ({
  name: `${label}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${label}\n%%EOF\n`),
});
const panel = (page: Page) => page.getByRole('complementary', { name: 'Request details' });

/** The first POST to `pattern` reaches the server, which answers; that answer never reaches the page. */
async function loseFirstAnswer(page: Page, pattern: string) {
  const lost = { status: 0, key: '' as string | undefined };
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'POST' || lost.status) return route.continue();
    lost.key = route.request().headers()['idempotency-key'];
    const answer = await route.fetch();
    lost.status = answer.status();
    await route.abort('internetdisconnected');
  });
  return lost;
}

async function get<T>(page: Page, path: string, session: Session): Promise<T> {
  return (await (await page.request.get(path, { headers: { authorization: `Bearer ${session.token}` } })).json()) as T;
}

test("the request form: the retry gets the first 201, says 'Query submitted successfully!' and makes one request", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto('/request');
  const message = `Lost answer takeoff ${Date.now()}`;
  await page.getByLabel('Project name *').fill('Lost Answer Slab');
  await page.getByLabel('Description *').fill(message);
  await page.getByLabel('Service *', { exact: true }).selectOption({ label: 'Manufacturers' });
  await page.getByLabel('Plans and files *').setInputFiles([pdf('S-301 slab plan')]);
  const lost = await loseFirstAnswer(page, '**/api/queries');

  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to create query');
  expect(lost.status).toBe(201);
  expect(lost.key).toMatch(/^[0-9a-f-]{36}$/);
  await shoot(page, 'lost-answer/request-after-drop');

  const submitted = toastShown(page, 'Query submitted successfully!');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await submitted;
  await page.waitForURL('**/my-queries');
  const mine = await get<{ data: Array<{ message: string; files: unknown[] }> }>(page, '/api/queries/me', client);
  const made = mine.data.filter((q) => q.message === message);
  expect(made).toHaveLength(1);
  expect(made[0]!.files).toHaveLength(1);
  await context.close();
});

test('after a lost answer and a change to the form, the form does not advise adding the files again: the request may exist', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto('/request');
  const message = `Lost then edited ${Date.now()}`;
  await page.getByLabel('Project name *').fill('Lost Then Edited Slab');
  await page.getByLabel('Description *').fill(message);
  await page.getByLabel('Service *', { exact: true }).selectOption({ label: 'Manufacturers' });
  await page.getByLabel('Plans and files *').setInputFiles([pdf('S-302 slab plan')]);
  await loseFirstAnswer(page, '**/api/queries');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to create query');

  // Changed: a new submission (a new key), whose uploads the first one already used.
  await page.getByLabel('Description *').fill(`${message}, podium too`);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('alert')).toHaveText(MAYBE_SUBMITTED);
  await expect(page.getByText('Please add those files again.')).toHaveCount(0);
  const mine = await get<{ data: Array<{ message: string }> }>(page, '/api/queries/me', client);
  expect(mine.data.filter((q) => q.message.startsWith(message))).toHaveLength(1);
  await context.close();
});

test('the quote form: the retry sends one quote, the first is not withdrawn, the history says Quote sent once', async ({
  browser,
  request,
}) => {
  const id = await submitRequest(request, client, `Quote lost ${Date.now()}`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto(`/admin-chat/${id}`);
  const side = panel(page);
  await side.getByLabel('Price (USD)').fill('1250');
  const lost = await loseFirstAnswer(page, '**/api/queries/*/quotes');

  await side.getByRole('button', { name: 'Issue quote' }).click();
  await expect(page.getByText('Something went wrong')).toBeVisible();
  expect(lost.status).toBe(201);
  await side.getByRole('button', { name: /^Issue (new )?quote$/ }).click();
  await expect(page.getByText('Quote sent.')).toBeVisible();

  const workspace = await get<{ data: { query: { quotes: Array<{ state: string }> }; history: Array<{ activity: string }> } }>(
    page,
    `/api/queries/${id}/workspace`,
    admin,
  );
  expect(workspace.data.query.quotes.map((q) => q.state)).toEqual(['sent']);
  expect(workspace.data.history.filter((h) => h.activity.startsWith('Quote sent'))).toHaveLength(1);
  await context.close();
});

test('the addendum form: the retry adds one addendum', async ({ browser, request }) => {
  const id = await submitRequest(request, client, `Addendum lost ${Date.now()}`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${id}`);
  const side = panel(page);
  await side.getByRole('button', { name: 'Add addendum' }).click();
  await side.getByLabel('Addendum files').setInputFiles([pdf('A-601 revised slab')]);
  await side.getByLabel('Note (optional)').fill('Slab thickened at the ramp.');
  const lost = await loseFirstAnswer(page, '**/api/queries/*/addenda');

  await side.getByRole('button', { name: 'Upload addendum' }).click();
  await expect(side.getByRole('alert')).toHaveText('Something went wrong');
  expect(lost.status).toBe(201);
  await side.getByRole('button', { name: 'Upload addendum' }).click();
  // The first answer, not 'Some uploads were not found…' (its uploads were used by the first call).
  await expect(page.getByText('Addendum 1 added.')).toBeVisible();
  await expect(side.getByRole('heading', { name: /^Addendum 1/ })).toBeVisible();
  await expect(side.getByRole('alert')).toHaveCount(0);

  const query = await get<{ data: { fileSets: Array<{ label: string }> } }>(page, `/api/queries/${id}`, client);
  expect(query.data.fileSets.map((s) => s.label)).toEqual(['Original', 'Addendum 1']);
  await context.close();
});

test('the blog editor: the retry makes one post', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/blog-upload');
  const title = `Reading addenda before the bid ${Date.now()}`;
  await page.getByLabel('Blog Title').fill(title);
  await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption({ label: 'Estimating Tips' });
  await page.getByRole('textbox', { name: 'Body' }).fill('Every addendum changes the count.');
  const lost = await loseFirstAnswer(page, '**/api/blogs');

  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Something went wrong')).toBeVisible();
  expect(lost.status).toBe(201);
  // The toast shows for the second before the editor leaves for the drafts (BlogForm.tsx), which
  // an expect() polling once a second on a busy machine can miss: it is watched from the click on.
  const created = toastShown(page, 'Blog created successfully!');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await created;
  await expect(page).toHaveURL(/\/draft-blog$/);

  const drafts = await get<{ data: Array<{ title: string }> }>(page, '/api/blogs?status=draft&pageSize=100', admin);
  expect(drafts.data.filter((b) => b.title === title)).toHaveLength(1);
  await context.close();
});
