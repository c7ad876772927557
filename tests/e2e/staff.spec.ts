import { asUser, enterCodeOnScreen, newClient, outboxMails, signInAdmin, submitRequest, toastShown } from './support.ts';
import { expect, test } from './fixtures.ts';

// docs/product.md §25, as two admins and a client live it: what only a browser shows. Every rule
// (link expiry, refusals, what never reaches a client) is held by the API tests.

test('two admins share a request: invite, assign, note, saved reply; the client sees the estimator, not the note', async ({
  browser,
  request,
}) => {
  // Three people and two sign-ins through the screens: longer than one person's journey.
  test.slow();
  const admin = await signInAdmin(request);
  const client = await newClient(request, admin, 'Ana Ruiz');
  const queryId = await submitRequest(request, client, 'Brickell tower concrete takeoff', { projectName: 'Brickell Tower' });
  const reply = await request.post('/api/saved-replies', {
    headers: { authorization: `Bearer ${admin.token}` },
    multipart: {
      title: 'Plans received',
      body: 'Hi {client_first_name}, we have the plans of {project_name}.',
      'files[]': {
        name: 'sample-takeoff.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      },
    },
  });
  expect(reply.status()).toBe(201);

  // A invites B on the Staff tab of /user.
  const aContext = await browser.newContext();
  await asUser(aContext, admin);
  const a = await aContext.newPage();
  await a.goto('/user');
  await a.getByRole('tab', { name: 'Staff' }).click();
  const bEmail = `maria.${Date.now()}@example.com`;
  await a.getByLabel('Invite an admin by e-mail').fill(bEmail);
  await a.getByRole('button', { name: 'Send invitation' }).click();
  await toastShown(a, `An invitation has been sent to ${bEmail}.`);

  // B sets a password through the mailed link, then signs in with the e-mailed code.
  let link = '';
  await expect
    .poll(
      async () =>
        (link = /(http\S+\/staff-invite\?\S+)/.exec((await outboxMails()).find((m) => m.to.includes(bEmail))?.text ?? '')?.[1] ?? ''),
    )
    .not.toBe('');
  const bContext = await browser.newContext();
  const b = await bContext.newPage();
  await b.goto(link);
  await b.getByLabel('Full name').fill('Maria Lopez');
  await b.getByLabel('Password', { exact: true }).fill('Maria-Passw0rd');
  await b.getByRole('button', { name: 'Set password' }).click();
  await expect(b.getByText('Your admin account is ready.')).toBeVisible();
  await enterCodeOnScreen(b, bEmail, 'Maria-Passw0rd');
  await b.getByRole('button', { name: /verify/i }).click();
  await expect(b).toHaveURL(/\/admin$/);

  // A assigns the request to B from its queue row (the firm now has two admins: A starts on 'Mine').
  await a.goto('/admin-queries');
  await expect(a.getByLabel('Assigned')).toHaveValue('mine');
  await a.getByLabel('Assigned').selectOption('everyone');
  await a.getByLabel('Assignee of Brickell Tower', { exact: true }).selectOption({ label: 'Maria Lopez' });
  await toastShown(a, 'Assigned to Maria Lopez.');

  // B finds it under 'Mine' and opens its workspace.
  await b.goto('/admin-queries');
  await expect(b.getByLabel('Assigned')).toHaveValue('mine');
  await b.getByRole('link', { name: /Brickell tower concrete takeoff/ }).click();
  await expect(b).toHaveURL(new RegExp(`/admin-chat/${queryId}$`));

  // B writes an internal note naming A: A, on another page, is alerted at once.
  await b.getByRole('textbox', { name: 'Internal note' }).fill('@Administrator the client may send addenda, keep an eye out');
  await b.getByRole('button', { name: 'Add note' }).click();
  await expect(b.getByRole('list', { name: 'Internal notes' })).toContainText('keep an eye out');
  await toastShown(a, 'Maria Lopez mentioned you in a note');

  // B answers with the saved reply: '/' and its title, Enter inserts it filled in, Enter sends it.
  const box = b.getByPlaceholder('Type a message');
  await box.fill('/plans');
  await expect(b.getByRole('option', { name: /Plans received/ })).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue(/^Hi Ana, we have the plans of Brickell Tower\. · Attached to this request's files: sample-takeoff\.pdf$/);
  await box.press('Enter');
  await expect(b.getByRole('log', { name: 'Messages' })).toContainText('Hi Ana, we have the plans of Brickell Tower.');

  // The client sees the estimator's name and the reply, and nothing of the note.
  const cContext = await browser.newContext();
  await asUser(cContext, client);
  const c = await cContext.newPage();
  await c.goto(`/chat/${queryId}`);
  // A fresh page loads its chat history and its panel over HTTP: on a busy machine that outlasts the default wait.
  await expect(c.getByRole('log', { name: 'Messages' })).toContainText(
    "Hi Ana, we have the plans of Brickell Tower. · Attached to this request's files: sample-takeoff.pdf",
    { timeout: 30_000 },
  );
  await expect(c.getByRole('complementary', { name: 'Request details' }).getByText('Your estimator: Maria Lopez')).toBeVisible({
    timeout: 30_000,
  });
  await expect(c.getByText('sample-takeoff.pdf').first()).toBeVisible();
  await expect(c.getByText('keep an eye out')).toHaveCount(0);
  await expect(c.getByText('Internal notes')).toHaveCount(0);

  await Promise.all([aContext.close(), bContext.close(), cContext.close()]);
  // The worker's server is shared: with a second active admin every later queue would open on
  // 'Mine' (the firm's default once it has several admins). B leaves the firm again.
  const staff = (await (await request.get('/api/staff', { headers: { authorization: `Bearer ${admin.token}` } })).json()) as {
    data: Array<{ _id: string; email: string }>;
  };
  const maria = staff.data.find((m) => m.email === bEmail)!;
  const disabled = await request.post(`/api/staff/${maria._id}/disable`, { headers: { authorization: `Bearer ${admin.token}` } });
  expect(disabled.status()).toBe(200);
});
