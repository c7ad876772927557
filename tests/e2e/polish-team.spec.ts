import { expect, test } from './fixtures.ts';
import { asUser, newClient, outboxMails, signIn, submitRequest, toastShown } from './support.ts';

// The team screens by keyboard and on a phone (docs/product.md §23 "Colleagues" and §25 "The firm's
// desk"): where the focus goes after each action, and how the lists read in a narrow window.

/** What has the keyboard focus, as its accessible name or tag ('BODY' when nothing has it). */
const focused = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return el.getAttribute('aria-label') ?? el.id ?? el.tagName;
  });

test("a queue row's assignee box keeps the focus while the assignment is sent", async ({ browser, request, admin, sharedClient }) => {
  const project = 'Wynwood Gallery Annex';
  await submitRequest(request, sharedClient, 'Wynwood gallery annex framing takeoff', { projectName: project });
  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/admin-queries');
  await page.getByLabel('Assigned').selectOption('everyone');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(project);
  const box = page.getByLabel(`Assignee of ${project}`, { exact: true });
  await box.focus();
  const assigned = toastShown(page, 'Assigned to Administrator.');
  await box.selectOption({ label: 'Administrator' });
  await assigned;
  // The box the admin chose in still has the focus: the next Tab goes on along the row.
  await expect.poll(() => focused(page)).toBe(`Assignee of ${project}`);
  await expect(box).toHaveValue(admin.user._id);
  await context.close();
});

test('the Team section keeps the focus when an invitation is withdrawn and a member removed', async ({ browser, request, admin }) => {
  const owner = await newClient(request, admin, 'Olga Owner');
  const headers = { authorization: `Bearer ${owner.token}` };
  const stamp = Date.now();
  const first = `first.${stamp}@example.com`;
  const second = `second.${stamp}@example.com`;
  const member = `member.${stamp}@example.com`;
  for (const email of [first, second, member]) {
    expect((await request.post('/api/companies/me/invites', { headers, data: { email } })).status()).toBe(201);
  }
  // The member signs up through their mailed link.
  let invite = '';
  await expect
    .poll(async () => (invite = /#invite=([^\s"<]+)/.exec((await outboxMails()).find((m) => m.to.includes(member))?.text ?? '')?.[1] ?? ''))
    .not.toBe('');
  const joined = await request.post('/api/auth/register', {
    data: { fullName: 'Mel Member', email: member, password: 'Member-Passw0rd', invite: decodeURIComponent(invite) },
  });
  expect(joined.status()).toBe(201);

  // The member, approved, is asked before leaving, on Cancel.
  const users = (await (await request.get('/api/users?pageSize=100', { headers: { authorization: `Bearer ${admin.token}` } })).json()) as {
    data: Array<{ _id: string; email: string }>;
  };
  const memberId = users.data.find((u) => u.email === member)!._id;
  expect((await request.post(`/api/auth/approve/${memberId}`, { headers: { authorization: `Bearer ${admin.token}` } })).status()).toBe(200);
  const memberContext = await browser.newContext();
  await asUser(memberContext, await signIn(request, member, 'Member-Passw0rd'));
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/client-profile');
  await memberPage.getByRole('button', { name: 'Leave Olga Owner' }).click();
  await expect(memberPage.getByRole('dialog', { name: 'Leave the company' }).getByRole('button', { name: 'Cancel' })).toBeFocused();
  await memberContext.close();

  const context = await browser.newContext();
  await asUser(context, owner);
  const page = await context.newPage();
  await page.goto('/client-profile');
  const invites = page.getByRole('list', { name: 'Open invitations' });

  // Withdrawing the first invitation: the focus goes to the Withdraw of the one left, then to the field.
  await page.getByRole('button', { name: `Withdraw the invitation to ${first}` }).focus();
  await page.keyboard.press('Enter');
  await expect(invites).not.toContainText(first);
  await expect.poll(() => focused(page)).toBe(`Withdraw the invitation to ${second}`);
  await page.keyboard.press('Enter');
  await expect(invites).toHaveCount(0);
  await expect.poll(() => focused(page)).toBe('team-invite-email');

  // Removing the member: the confirmation opens on Cancel, as every one that cannot be undone (Enter
  // pressed twice removes nobody); Escape gives the focus back to Remove; once they are gone it is on the field.
  await page.getByRole('button', { name: 'Remove Mel Member' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove member' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Remove Mel Member' })).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('list', { name: 'Members' })).not.toContainText('Mel Member');
  await expect.poll(() => focused(page)).toBe('team-invite-email');
  await context.close();
});

test("a colleague's 'Invited by' stays under the company's name in /user's phone cards", async ({ browser, request, admin }) => {
  const owner = await newClient(request, admin, 'Pia Partner');
  const colleague = `colleague.${Date.now()}@example.com`;
  expect(
    (
      await request.post('/api/companies/me/invites', { headers: { authorization: `Bearer ${owner.token}` }, data: { email: colleague } })
    ).status(),
  ).toBe(201);
  let invite = '';
  await expect
    .poll(
      async () => (invite = /#invite=([^\s"<]+)/.exec((await outboxMails()).find((m) => m.to.includes(colleague))?.text ?? '')?.[1] ?? ''),
    )
    .not.toBe('');
  const joined = await request.post('/api/auth/register', {
    data: { fullName: 'Cy Colleague', email: colleague, password: 'Colleague-Passw0rd', invite: decodeURIComponent(invite) },
  });
  expect(joined.status()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/user');
  const company = page.getByRole('row', { name: /Cy Colleague/ }).getByRole('cell', { name: /Invited by Pia Partner/ });
  await expect(company).toBeVisible();
  // The company's name and the line under it start at the same left edge, in the card's value column.
  const lefts = await company.evaluate((cell) => {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    let name: Node | null = null;
    while (!name && walker.nextNode()) {
      const n = walker.currentNode;
      if (n.textContent === 'Pia Partner' && !n.parentElement!.closest('.users-invited')) name = n;
    }
    const range = document.createRange();
    range.selectNodeContents(name!);
    return { name: range.getBoundingClientRect().left, invited: cell.querySelector('.users-invited')!.getBoundingClientRect().left };
  });
  expect(Math.abs(lefts.name - lefts.invited)).toBeLessThan(1);
  await context.close();
});

test("an invited colleague's sign-up shows the fixed e-mail as read-only", async ({ browser, request, admin }) => {
  const owner = await newClient(request, admin, 'Rosa Reyes');
  const colleague = `reyes.colleague.${Date.now()}@example.com`;
  expect(
    (
      await request.post('/api/companies/me/invites', { headers: { authorization: `Bearer ${owner.token}` }, data: { email: colleague } })
    ).status(),
  ).toBe(201);
  let invite = '';
  await expect
    .poll(
      async () => (invite = /#invite=([^\s"<]+)/.exec((await outboxMails()).find((m) => m.to.includes(colleague))?.text ?? '')?.[1] ?? ''),
    )
    .not.toBe('');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/signup#invite=${invite}`);
  const email = page.getByLabel('Email');
  await expect(email).toHaveValue(colleague);
  await expect(email).toHaveAttribute('readonly', '');
  // Muted like the profile's e-mail, where an editable field is white.
  await expect(email).toHaveCSS('background-color', 'rgb(244, 246, 249)');
  await expect(email).toHaveCSS('color', 'rgb(91, 102, 117)');
  await expect(page.getByLabel('Last name')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  // The keyboard still reaches it, with the ring of any other stop, not the typing field's darker border.
  await page.getByLabel('Last name').focus();
  await page.keyboard.press('Tab');
  await expect(email).toBeFocused();
  await expect(email).toHaveCSS('border-top-color', 'rgb(184, 193, 204)');
  await expect(email).toHaveCSS('outline', 'rgb(242, 107, 29) solid 3px');
  await context.close();
});

test('the staff invitation page hands the focus to Sign in once the account is ready', async ({ browser, request, admin }) => {
  const headers = { authorization: `Bearer ${admin.token}` };
  const email = `nora.${Date.now()}@example.com`;
  expect((await request.post('/api/staff/invitations', { headers, data: { email } })).status()).toBe(202);
  let link = '';
  await expect
    .poll(
      async () =>
        (link = /(http\S+\/staff-invite\?[^\s"<]+)/.exec((await outboxMails()).find((m) => m.to.includes(email))?.text ?? '')?.[1] ?? ''),
    )
    .not.toBe('');
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(new URL(link).pathname + new URL(link).search + new URL(link).hash);
    await page.getByLabel('Full name').fill('Nora Estimator');
    await page.getByLabel('Password', { exact: true }).fill('Nora-Passw0rd');
    await page.getByRole('button', { name: 'Set password' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toContainText('Your admin account is ready.');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeFocused();
  } finally {
    await context.close();
    // The worker's server is shared: a second active admin would open every later queue on 'Mine'.
    const staff = (await (await request.get('/api/staff', { headers })).json()) as { data: Array<{ _id: string; email: string }> };
    const nora = staff.data.find((m) => m.email === email);
    if (nora) expect((await request.post(`/api/staff/${nora._id}/disable`, { headers })).status()).toBe(200);
  }
});

test("/user's Clients and Staff tabs are one tab stop, moved between with the arrows, and follow the address's #staff", async ({
  browser,
  admin,
}) => {
  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  await page.goto('/user');
  const clients = page.getByRole('tab', { name: 'Clients' });
  const staff = page.getByRole('tab', { name: 'Staff' });
  await expect(clients).toHaveAttribute('aria-selected', 'true');
  // One stop in the Tab order: the chosen tab's.
  await expect(clients).toHaveAttribute('tabindex', '0');
  await expect(staff).toHaveAttribute('tabindex', '-1');
  await clients.focus();
  await page.keyboard.press('ArrowRight');
  await expect(staff).toBeFocused();
  await expect(staff).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/#staff$/);
  await page.keyboard.press('ArrowRight');
  await expect(clients).toBeFocused();
  await page.keyboard.press('End');
  await expect(staff).toBeFocused();
  await page.keyboard.press('Home');
  await expect(clients).toBeFocused();
  await expect(clients).toHaveAttribute('aria-selected', 'true');
  // A link to #staff on the page itself (no reload) shows the Staff tab.
  await page.evaluate(() => (window.location.hash = '#staff'));
  await expect(staff).toHaveAttribute('aria-selected', 'true');
  await context.close();
});

test("the Staff tab's Send invitation and Enable keep the focus while they are sent", async ({ browser, request, admin }) => {
  const headers = { authorization: `Bearer ${admin.token}` };
  // An admin who accepted an invitation and was then disabled: the one to enable.
  const email = `omar.${Date.now()}@example.com`;
  expect((await request.post('/api/staff/invitations', { headers, data: { email } })).status()).toBe(202);
  let token = '';
  await expect
    .poll(async () => (token = /#token=([^\s"<&]+)/.exec((await outboxMails()).find((m) => m.to.includes(email))?.text ?? '')?.[1] ?? ''))
    .not.toBe('');
  const accept = { email, token: decodeURIComponent(token), fullName: 'Omar Takeoff', password: 'Omar-Passw0rd' };
  expect((await request.post('/api/staff/invitations/accept', { data: accept })).status()).toBe(201);
  const omar = ((await (await request.get('/api/staff', { headers })).json()) as { data: Array<{ _id: string; email: string }> }).data.find(
    (m) => m.email === email,
  )!;
  expect((await request.post(`/api/staff/${omar._id}/disable`, { headers })).status()).toBe(200);

  const context = await browser.newContext();
  await asUser(context, admin);
  const page = await context.newPage();
  try {
    await page.goto('/user#staff');
    const pia = `pia.${Date.now()}@example.com`;
    await page.getByLabel('Invite an admin by e-mail').fill(pia);
    const send = page.getByRole('button', { name: 'Send invitation' });
    await send.focus();
    const sent = toastShown(page, `An invitation has been sent to ${pia}.`);
    await page.keyboard.press('Enter');
    await sent;
    await expect(send).toBeFocused();
    // Enable turns into Disable on the same row: the focus stays on it.
    await page.getByRole('button', { name: 'Enable Omar Takeoff' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Disable Omar Takeoff' })).toBeFocused();
  } finally {
    await context.close();
    // The worker's server is shared: a second active admin would open every later queue on 'Mine'.
    await request.post(`/api/staff/${omar._id}/disable`, { headers });
  }
});
