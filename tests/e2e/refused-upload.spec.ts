import { expect, test, type Browser } from './fixtures.ts';
import { asUser, newClient, signInAdmin, type Session } from './support.ts';

// A file the server refuses by its content (tus answers 415 when the upload completes):
// the form shows the server's sentence, which names the file, not a generic failure.
// (The addendum form showed 'Something went wrong', the request form 'Failed to create query'.)

let client: Session;
test.beforeAll(async ({ request }) => {
  const admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Rene Refused');
});

/** A file named .pdf that is not one: the picker accepts the name, the server sniffs the bytes. */
const notAPdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('Meeting notes, not a drawing.\n') });
const REFUSED = (name: string) => `${name}: Only PDF, DWG, ZIP or image files are accepted.`;
const auth = () => ({ authorization: `Bearer ${client.token}` });

test("an addendum file the server refuses shows the server's sentence naming it", async ({ browser, request }) => {
  const services = (await (await request.get('/api/services')).json()) as Array<{ _id: string; title: string }>;
  const created = await request.post('/api/queries', {
    headers: auth(),
    multipart: {
      message: 'Framing takeoff for a duplex in Hialeah',
      projectName: 'Hialeah Duplex',
      service: services.find((s) => s.title === 'Manufacturers')!._id,
      'files[]': { name: 'plans.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto(`/chat/${id}`);
  const panel = page.getByRole('complementary', { name: 'Request details' });
  await panel.getByRole('button', { name: 'Add addendum' }).click();
  const form = panel.getByRole('form', { name: 'Add addendum' });
  await form.getByLabel('Addendum files').setInputFiles([notAPdf('site-notes.pdf')]);
  await form.getByRole('button', { name: 'Upload addendum' }).click();

  await expect(form.getByRole('alert')).toHaveText(REFUSED('site-notes.pdf'));
  await expect(form.getByRole('button', { name: 'Upload addendum' })).toBeEnabled();
  const query = (await (await request.get(`/api/queries/${id}`, { headers: auth() })).json()) as {
    data: { fileSets: Array<{ label: string }> };
  };
  expect(query.data.fileSets.map((s) => s.label)).toEqual(['Original']);
  await context.close();
});

/** The client's request form, filled but for its files (Manufacturers: no sub-service). */
async function requestForm(browser: Browser, description: string, projectName: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  await page.goto('/request');
  await page.getByLabel('Description *').fill(description);
  await page.getByLabel('Project name *').fill(projectName);
  await page.getByLabel('Service *', { exact: true }).selectOption({ label: 'Manufacturers' });
  return { context, page };
}

test("a plan file the server refuses on the request form shows the server's sentence, in the form and the toast", async ({
  browser,
  request,
}) => {
  const { context, page } = await requestForm(browser, 'Roofing takeoff for a warehouse in Opa-locka', 'Opa-locka Warehouse');
  await page.getByLabel('Plans and files *').setInputFiles([notAPdf('A-100 cover.pdf')]);
  await page.getByRole('button', { name: 'Submit Request' }).click();

  await expect(page.locator('form.request-card').getByRole('alert')).toHaveText(REFUSED('A-100 cover.pdf'));
  await expect(page.getByText(`Error: ${REFUSED('A-100 cover.pdf')}`)).toBeVisible();
  const mine = (await (await request.get('/api/queries/me', { headers: auth() })).json()) as {
    data: Array<{ projectName: string | null }>;
  };
  expect(mine.data.map((q) => q.projectName)).not.toContain('Opa-locka Warehouse');
  await context.close();
});

test('after a refused file is removed, the next submit does not send the files that already went up whole', async ({
  browser,
  request,
}) => {
  const { context, page } = await requestForm(browser, 'Drywall takeoff for a clinic in Homestead', 'Homestead Clinic');
  const created: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/uploads/tus') created.push(req.url());
  });
  const good = {
    name: 'A-101 plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
  };
  await page.getByLabel('Plans and files *').setInputFiles([good, notAPdf('notes.pdf')]);
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.locator('form.request-card').getByRole('alert')).toHaveText(REFUSED('notes.pdf'));
  expect(created).toHaveLength(2);

  await page.getByRole('button', { name: 'Remove notes.pdf' }).click();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page).toHaveURL(/\/my-queries$/);
  expect(created).toHaveLength(2); // A-101 plan.pdf went up once
  const mine = (await (await request.get('/api/queries/me', { headers: auth() })).json()) as {
    data: Array<{ projectName: string | null; files: Array<{ name: string }> }>;
  };
  expect(mine.data.find((q) => q.projectName === 'Homestead Clinic')?.files.map((f) => f.name)).toEqual(['A-101 plan.pdf']);
  await context.close();
});
