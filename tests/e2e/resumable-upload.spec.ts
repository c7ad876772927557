import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { UPLOAD_CHUNK_BYTES } from '../../portal-api/src/modules/uploads/uploads.schema.ts';
import { asUser, newClient, shoot, signInAdmin, type Session } from './support.ts';

// Issue 14: a plan file uploads through tus; the connection is cut halfway
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
  await expect.poll(() => aborted, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
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
  await page.getByRole('button', { name: 'Submit Request' }).click();
  const status = page.getByRole('list', { name: 'Attached files' }).locator('.picked-status');
  await expect(status).toHaveText(/^\d{1,3}% sent · \d+\.\d MB\/s · \d+ s left$/, { timeout: 20_000 });
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await shoot(page, 'intake/request-uploading');
  await expect(page.getByText('Query submitted successfully!')).toBeVisible({ timeout: 60_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

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
