import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { UPLOAD_CHUNK_BYTES } from '../../portal-api/src/modules/uploads/uploads.schema.ts';
import { asUser, keepShot, newClient, type Session, shoot, signInAdmin, toastShown } from './support.ts';

// A plan file uploads through tus; the connection is cut halfway
// (every PATCH aborted), the page is reloaded, the same file is picked again,
// and the upload continues from the server's offset to identical bytes.

let admin: Session;
let client: Session;

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Rosa Resume');
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

test('a cut connection and a reload resume the upload, which completes with identical bytes', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, client);
  const page = await context.newPage();
  // 48 MB (E2E UPLOAD_MAX_MB is 50): a PATCH of UPLOAD_CHUNK_BYTES (32 MB), then the rest.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(48 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
  // A file on disk, as a person picks it: the same name, size and modification time after the reload.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'intake-e2e-'));
  const file = path.join(dir, 'S-201 foundation plan.pdf');
  await fs.writeFile(file, pdf);

  const fill = async () => {
    await page.goto('/request');
    await expect(page.getByRole('heading', { name: 'SUBMIT REQUEST FORM' })).toBeVisible();
    await page.getByLabel('Description *').fill('Foundation takeoff for a warehouse in Medley');
    await page.getByLabel('Project name *').fill('Medley Warehouse');
    await page.getByLabel('Service *', { exact: true }).selectOption({ label: 'Manufacturers' });
    await page.getByLabel('Plans and files *').setInputFiles(file);
  };
  await fill();

  // The first PATCH gets through; from the second on the connection drops.
  let patches = 0;
  let aborted = 0;
  await page.route('**/api/uploads/tus/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    if (patches === 1) return route.continue();
    aborted += 1;
    return route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('button', { name: 'Submitting...' })).toBeVisible();
  // The first PATCH carries 32 MB through the route handler: on a loaded two-core machine
  // (three browser workers) it took over 20 s before the second was cut.
  await expect.poll(() => aborted, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('Query submitted successfully!')).toHaveCount(0);

  // Reload: the connection is back; the same file is picked again.
  // The reload comes first, so no retry of the old page gets through in between.
  await page.reload();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const offsets: number[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && req.url().includes('/api/uploads/tus/')) offsets.push(Number(req.headers()['upload-offset']));
  });
  await fill();
  // Slow enough to see each file's progress, speed and time left.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 10,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024 * 1024,
  });
  const submitted = toastShown(page, 'Query submitted successfully!');
  await page.getByRole('button', { name: 'Submit Request' }).click();
  const status = page.getByRole('list', { name: 'Attached files' }).locator('.picked-status');
  await expect(status).toHaveText(/^\d{1,3}% sent · \d+\.\d MB\/s · \d+ s left$/, { timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await shoot(page, 'intake/request-uploading');
  // Seen: the rest goes at full speed.
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await submitted;

  // It resumed: the first PATCH after the reload started past the bytes already stored.
  expect(offsets[0]).toBe(UPLOAD_CHUNK_BYTES);
  await page.waitForURL('**/my-queries', { timeout: 10_000 });

  const headers = { authorization: `Bearer ${client.token}` };
  const mine = (await (await page.request.get('/api/queries/me', { headers })).json()) as {
    data: Array<{ message: string; files: Array<{ name: string; url: string; size: number }> }>;
  };
  const query = mine.data.find((q) => q.message === 'Foundation takeoff for a warehouse in Medley')!;
  expect(query.files).toHaveLength(1);
  expect(query.files[0]).toMatchObject({ name: 'S-201 foundation plan.pdf', size: pdf.length });
  const stored = await page.request.get(query.files[0]!.url);
  expect(sha256(await stored.body())).toBe(sha256(pdf));
  await context.close();
  await fs.rm(dir, { recursive: true, force: true });
});

test("the admin's deliverables go up through tus, resume after a cut and a reload, and are attached by a JSON call", async ({
  browser,
  request,
}) => {
  // A request of the client, started by the admin.
  const services = (await (await request.get('/api/services')).json()) as Array<{ _id: string; title: string }>;
  const created = await request.post('/api/queries', {
    headers: { authorization: `Bearer ${client.token}` },
    multipart: {
      message: 'Slab takeoff for a Hialeah warehouse',
      service: services.find((s) => s.title === 'Manufacturers')!._id,
      'files[]': { name: 'plans.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  expect(created.status()).toBe(201);
  const queryId = ((await created.json()) as { data: { _id: string } }).data._id;
  const started = await request.patch(`/api/queries/${queryId}/status`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { status: 'in_progress' },
  });
  expect(started.status()).toBe(200);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  // Every call the screen makes, to show what went over the wire.
  const sent: Array<{ method: string; url: string; contentType: string; body: string | null }> = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/')) {
      const body = req.url().includes('/deliverables') ? req.postData() : null;
      sent.push({ method: req.method(), url: req.url(), contentType: req.headers()['content-type'] ?? '', body });
    }
  });
  // 40 MB: a PATCH of UPLOAD_CHUNK_BYTES (32 MB), then the rest.
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(40 * 1024 * 1024), Buffer.from('\n%%EOF\n')]);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deliv-e2e-'));
  const file = path.join(dir, 'Hialeah slab takeoff.pdf');
  await fs.writeFile(file, pdf);

  const panel = page.getByRole('complementary', { name: 'Request details' });
  const status = panel.getByRole('region', { name: 'Status' });
  const dialog = page.getByRole('dialog', { name: 'Mark answered' });
  const open = async () => {
    await page.goto(`/admin-chat/${queryId}`);
    await expect(status).toContainText('In Progress');
    await status.getByRole('button', { name: /^Mark answered/ }).click();
    await dialog.getByLabel(/^Deliverables/).setInputFiles(file);
    await expect(dialog.getByText('1 file selected: Hialeah slab takeoff.pdf')).toBeVisible();
  };
  await open();

  // The first PATCH gets through; from the second on the connection drops.
  let patches = 0;
  let aborted = 0;
  await page.route('**/api/uploads/tus/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    if (patches === 1) return route.continue();
    aborted += 1;
    return route.abort('connectionreset');
  });
  await dialog.getByRole('button', { name: 'Upload and mark answered' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving…' })).toBeVisible();
  // The first PATCH carries 32 MB through the route handler: on a loaded two-core machine
  // (three browser workers) it took over 20 s before the second was cut.
  await expect.poll(() => aborted, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);

  // Reload: the connection is back; the same file is picked again and goes on from the server's offset.
  await page.reload();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  const offsets: number[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PATCH' && req.url().includes('/api/uploads/tus/')) offsets.push(Number(req.headers()['upload-offset']));
  });
  await open();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 10,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await dialog.getByRole('button', { name: 'Upload and mark answered' }).click();
  const fileStatus = dialog.getByRole('list', { name: 'Deliverable uploads' }).locator('.answer-upload-status');
  await expect(fileStatus).toHaveText(/^\d{1,3}% sent · \d+\.\d MB\/s · \d+ s left$/, { timeout: 20_000 });
  await expect(dialog.getByRole('progressbar', { name: 'Upload of Hialeah slab takeoff.pdf' })).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await keepShot(page, { path: 'test-results/deliv/answer-uploading-1280.png', fullPage: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  expect(offsets[0]).toBe(UPLOAD_CHUNK_BYTES);

  // The request shows it: answered, with the deliverable.
  await expect(status).toContainText('Answered');
  await expect(panel.getByRole('region', { name: 'Deliverables' })).toContainText('Hialeah slab takeoff.pdf');

  // On the wire: tus creation and PATCHes, then one JSON call naming the upload; never a multipart deliverables POST.
  const tus = sent.filter((r) => new URL(r.url).pathname.startsWith('/api/uploads/tus'));
  expect(tus.some((r) => r.method === 'POST')).toBe(true);
  expect(tus.filter((r) => r.method === 'PATCH').length).toBeGreaterThanOrEqual(2);
  const attach = sent.filter((r) => new URL(r.url).pathname === `/api/queries/${queryId}/deliverables`);
  expect(attach).toHaveLength(1);
  expect(attach[0]!.method).toBe('POST');
  expect(attach[0]!.contentType).toMatch(/^application\/json/);
  const { uploadIds } = JSON.parse(attach[0]!.body ?? '{}') as { uploadIds: string[] };
  expect(uploadIds).toHaveLength(1);
  expect(sent.some((r) => r.contentType.startsWith('multipart/'))).toBe(false);

  // The client downloads identical bytes.
  const mine = (await (await page.request.get('/api/queries/me', { headers: { authorization: `Bearer ${client.token}` } })).json()) as {
    data: Array<{ _id: string; deliverables: Array<{ name: string; url: string; size: number }> }>;
  };
  const deliverables = mine.data.find((q) => q._id === queryId)!.deliverables;
  expect(deliverables).toHaveLength(1);
  expect(deliverables[0]).toMatchObject({ name: 'Hialeah slab takeoff.pdf', size: pdf.length });
  expect(sha256(await (await page.request.get(deliverables[0]!.url)).body())).toBe(sha256(pdf));

  // At 375 px, from the folded panel: 'Add files' to the answered request, each file with its own progress.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Show request details' }).click();
  await status.getByRole('button', { name: /^Add files/ }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add deliverables' });
  await addDialog.getByLabel(/^Deliverables/).setInputFiles([
    { name: 'cost-breakdown.pdf', mimeType: 'application/pdf', buffer: pdf.subarray(0, 6 * 1024 * 1024) },
    { name: 'marked-up plans.pdf', mimeType: 'application/pdf', buffer: pdf.subarray(0, 3 * 1024 * 1024) },
  ]);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 10,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });
  await addDialog.getByRole('button', { name: 'Upload' }).click();
  await expect(addDialog.getByRole('list', { name: 'Deliverable uploads' }).getByRole('listitem')).toHaveCount(2);
  await expect(addDialog.locator('.answer-upload-status').first()).toHaveText(/^\d{1,3}% sent · \d+\.\d MB\/s · \d+ s left$/, {
    timeout: 20_000,
  });
  await keepShot(page, { path: 'test-results/deliv/answer-uploading-375.png' });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(addDialog).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText('2 files uploaded.')).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Deliverables' })).toContainText('marked-up plans.pdf');
  await context.close();
  await fs.rm(dir, { recursive: true, force: true });
});
