import { expect, test } from './fixtures.ts';
import { asUser, newClient, outboxMails, signIn, signInAdmin, submitRequest } from './support.ts';

// Colleagues on a client account (docs/product.md, "Colleagues"), as people do it: the owner
// invites from the Team section, the colleague signs up through the mailed link, the firm
// approves in one click, the colleague sees the request; removed, they lose access live.
// The rules and refusals are in tests/api/companies.pg.test.ts.

test('a client invites a colleague who signs up, is approved, sees the request, and loses access when removed', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000); // four people in three browsers, one after the other
  const admin = await signInAdmin(request);
  const owner = await newClient(request, admin, 'Nora Owner');
  const queryId = await submitRequest(request, owner, 'Wynwood warehouse framing takeoff', { projectName: 'Wynwood Warehouse' });

  // The owner invites from /client-profile.
  const ownerContext = await browser.newContext();
  await asUser(ownerContext, owner);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/client-profile');
  const colleagueEmail = `colin.${Date.now()}@example.com`;
  await ownerPage.getByLabel('Invite a colleague by e-mail').fill(colleagueEmail);
  await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerPage.getByRole('list', { name: 'Open invitations' })).toContainText(colleagueEmail);

  // The colleague opens the mailed link and signs up; the e-mail is the invited one.
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await outboxMails()).find((m) => m.to.includes(colleagueEmail));
      link = /https?:\/\/\S+#invite=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const colleagueContext = await browser.newContext();
  const page = await colleagueContext.newPage();
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByText('Nora Owner invited you to join Nora Owner.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(colleagueEmail);
  await page.getByLabel('First name').fill('Colin');
  await page.getByLabel('Last name').fill('Colleague');
  await page.getByLabel('Password', { exact: true }).fill('Colleague-Passw0rd');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The firm sees who invited them and approves in one click.
  const adminContext = await browser.newContext();
  await asUser(adminContext, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/user');
  const row = adminPage.getByRole('row', { name: /Colin Colleague/ });
  await expect(row).toContainText('Invited by Nora Owner');
  await row.getByRole('button', { name: 'Approve Colin Colleague' }).click();
  await expect(row.getByRole('button', { name: 'Approve Colin Colleague' })).toHaveCount(0);

  // Signed in, the colleague sees the owner's request and its chat.
  const colleague = await signIn(request, colleagueEmail, 'Colleague-Passw0rd');
  await asUser(colleagueContext, colleague);
  await page.goto(`/chat/${queryId}`);
  await expect(page.getByRole('heading', { name: /Wynwood/ }).first()).toBeVisible();

  // The owner removes them; their open page loses access at once (signed out to /login).
  await ownerPage.reload();
  await ownerPage.getByRole('button', { name: 'Remove Colin Colleague' }).click();
  await ownerPage.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  const again = await request.get(`/api/queries/${queryId}`, { headers: { authorization: `Bearer ${colleague.token}` } });
  expect(again.status()).toBe(401);
  await Promise.all([ownerContext.close(), colleagueContext.close(), adminContext.close()]);
});
