import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test } from './fixtures.ts';
import { E2E } from './env.ts';
import { asUser, newClient, outboxMails, shoot, signInAdmin, submitRequest, type Session } from './support.ts';
import { firmDayFromNow } from '../firm-days.ts';

// The bid cycle's late steps, as people meet them (docs/product.md §12, §13): the firm reopens an
// answered request for Rev B with a reason from the workspace's Status section; once the bid date
// has passed, the client's 'How did the bid go?' mail arrives with the link to the workspace where
// Won / Lost / Did not bid wait. The rules (reason length, 409, once across restarts) are the API
// tests' (tests/api/bid-cycle-steps.pg.test.ts, tests/api/outcome-mail.pg.test.ts).

const PROJECT = 'Coral Way Offices';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let admin: Session;
let client: Session;
let queryId = '';

/** Deliverables, then 'Mark answered', as the admin through the API. */
async function answer(request: import('@playwright/test').APIRequestContext) {
  const auth = { authorization: `Bearer ${admin.token}` };
  const files = await request.post(`/api/queries/${queryId}/deliverables`, {
    headers: auth,
    multipart: { 'files[]': { name: 'takeoff.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(files.status()).toBe(201);
  expect((await request.patch(`/api/queries/${queryId}/status`, { headers: auth, data: { status: 'answered' } })).status()).toBe(200);
}

test.beforeAll(async ({ request }) => {
  admin = await signInAdmin(request);
  client = await newClient(request, admin, 'Reina Revision');
  const inTenDays = firmDayFromNow(10);
  queryId = await submitRequest(request, client, 'Drywall and ceiling takeoff, three floors', {
    projectName: PROJECT,
    bidDueDate: inTenDays,
  });
  const auth = { authorization: `Bearer ${admin.token}` };
  expect((await request.patch(`/api/queries/${queryId}/status`, { headers: auth, data: { status: 'in_progress' } })).status()).toBe(200);
  await answer(request);
});

test('the firm reopens an answered request for Rev B; after the bid date the outcome mail links to Won / Lost / Did not bid', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto(`/admin-chat/${queryId}`);
  // The project name leads the header; the client's name follows.
  const header = page.getByRole('region', { name: 'Conversation' }).locator('header');
  await expect(header.locator('.acp-who')).toHaveText(new RegExp(`^${PROJECT}Reina Revision`));

  const panel = page.getByRole('complementary', { name: 'Request details' });
  const status = panel.getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: 'Reopen for a revision' }).click();
  await status.getByLabel('What should change?').fill('The owner moved the lobby ceiling up one foot.');
  await status.getByRole('button', { name: 'Reopen for a revision' }).click();
  await expect(status).toContainText('In Progress');
  const deliverables = panel.getByRole('region', { name: 'Deliverables' });
  await expect(deliverables.getByRole('heading', { name: /^Rev B/ })).toBeVisible();
  await expect(deliverables).toContainText('Requested: The owner moved the lobby ceiling up one foot.');
  await expect(status.getByRole('button', { name: 'Reopen for a revision' })).toHaveCount(0);
  await shoot(page, 'bid-cycle/admin-reopened');

  // Rev B delivered, then the bid date passes (moved into the past in the database, as time would).
  await answer(request);
  const db = new SQLite(path.join(E2E.dataDir, 'app.db'));
  try {
    const past = firmDayFromNow(-2);
    db.prepare('update queries set bid_due_date = ? where id = ?').run(past, queryId);
  } finally {
    db.close();
  }

  // The job (every OUTCOME_CHECK_INTERVAL_MS, tests/e2e/fixtures.ts) asks once, through the outbox.
  const subject = `How did the bid go? ${PROJECT}`;
  await expect
    .poll(async () => (await outboxMails()).filter((m) => m.subject === subject && m.to.includes(client.user.email)).length, {
      timeout: 30_000,
    })
    .toBe(1);
  const mail = (await outboxMails()).find((m) => m.subject === subject)!;
  const link = new RegExp(`${E2E.baseURL}/chat/${queryId}\\b`).exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  // The link opens the client's workspace, where the three answers wait.
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await asUser(clientContext, client);
  const cpage = await clientContext.newPage();
  await cpage.goto(link!);
  const outcome = cpage.getByRole('complementary', { name: 'Request details' }).getByRole('region', { name: 'Bid outcome' });
  // The panel loads apart from the chat (RequestPanel.tsx); a loaded machine takes its time.
  await expect(outcome.getByRole('heading', { name: 'How did the bid go?' })).toBeVisible({ timeout: 30_000 });
  for (const name of ['Won', 'Lost', 'Did not bid']) await expect(outcome.getByRole('button', { name })).toBeVisible();
  await shoot(cpage, 'bid-cycle/outcome-question');
  await context.close();
  await clientContext.close();
});
