import { expect, test } from './fixtures.ts';
import { asUser, enterCodeOnScreen, newClient, outboxMails, signIn, submitRequest, toastShown, unreadWatched } from './support.ts';

// A firm of several estimators and a client who works in a team (docs/product.md §25 and
// "Colleagues"), as the people live it on one request: what only a browser shows. Every rule
// (link expiry, refusals, what never reaches a client) is held by the API tests
// (tests/api/staff.pg.test.ts, assignment.pg.test.ts, notes.pg.test.ts, saved-replies.pg.test.ts,
// companies.pg.test.ts).

// Names no other browser test uses: the worker's server is shared with the other specs.
const PROJECT = 'Coconut Grove Marina Lofts';
const MESSAGE = 'Coconut Grove marina lofts concrete takeoff';

test('two admins work a request the client and a colleague follow: assign, note, saved reply, invite, remove', async ({
  browser,
  request,
  admin,
}) => {
  // Five people in four browsers, one after the other.
  test.setTimeout(300_000);
  const owner = await newClient(request, admin, 'Ana Ruiz');
  const queryId = await submitRequest(request, owner, MESSAGE, { projectName: PROJECT });
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

  try {
    // A assigns the request to B from its queue row (the firm now has two admins: A starts on 'Mine').
    // A is told of B's note only once this page listens for the firm's news.
    const aListens = unreadWatched(a);
    await a.goto('/admin-queries');
    await expect(a.getByLabel('Assigned')).toHaveValue('mine');
    await aListens;
    await a.getByLabel('Assigned').selectOption('everyone');
    // Found by its name: the queue puts the soonest bid dates first, and the worker's server holds the
    // requests of the files before this one, so a request without a bid date may be on a later page.
    await a.getByRole('searchbox', { name: 'Search', exact: true }).fill(PROJECT);
    await a.getByLabel(`Assignee of ${PROJECT}`, { exact: true }).selectOption({ label: 'Maria Lopez' });
    await toastShown(a, 'Assigned to Maria Lopez.');

    // B finds it under 'Mine' and opens its workspace.
    await b.goto('/admin-queries');
    await expect(b.getByLabel('Assigned')).toHaveValue('mine');
    await b.getByRole('link', { name: MESSAGE, exact: true }).click();
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
    await expect(box).toHaveValue(
      /^Hi Ana, we have the plans of Coconut Grove Marina Lofts\. · Attached to this request's files: sample-takeoff\.pdf$/,
    );
    await box.press('Enter');
    await expect(b.getByRole('log', { name: 'Messages' })).toContainText('Hi Ana, we have the plans of Coconut Grove Marina Lofts.');
    await bContext.close();

    // The client sees the estimator's name, the reply and its file, and nothing of the note.
    const ownerContext = await browser.newContext();
    await asUser(ownerContext, owner);
    const c = await ownerContext.newPage();
    await c.goto(`/chat/${queryId}`);
    // A fresh page loads its chat history and its panel over HTTP: on a busy machine that outlasts the default wait.
    await expect(c.getByRole('log', { name: 'Messages' })).toContainText(
      "Hi Ana, we have the plans of Coconut Grove Marina Lofts. · Attached to this request's files: sample-takeoff.pdf",
      { timeout: 30_000 },
    );
    await expect(c.getByRole('complementary', { name: 'Request details' }).getByText('Your estimator: Maria Lopez')).toBeVisible({
      timeout: 30_000,
    });
    await expect(c.getByText('sample-takeoff.pdf').first()).toBeVisible();
    await expect(c.getByText('keep an eye out')).toHaveCount(0);
    await expect(c.getByText('Internal notes')).toHaveCount(0);

    // The client, the company's owner, invites a colleague from /client-profile.
    await c.goto('/client-profile');
    const colleagueEmail = `colin.${Date.now()}@example.com`;
    await c.getByLabel('Invite a colleague by e-mail').fill(colleagueEmail);
    await c.getByRole('button', { name: 'Send invitation' }).click();
    await expect(c.getByRole('list', { name: 'Open invitations' })).toContainText(colleagueEmail);

    // The colleague opens the mailed link and signs up; the e-mail is the invited one.
    let invite = '';
    await expect
      .poll(async () => {
        const mail = (await outboxMails()).find((m) => m.to.includes(colleagueEmail));
        invite = /https?:\/\/\S+#invite=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return invite;
      })
      .not.toBe('');
    const colleagueContext = await browser.newContext();
    const signUp = await colleagueContext.newPage();
    await signUp.goto(new URL(invite).pathname + new URL(invite).hash);
    // Ana's company is named after her, as every sign-up's: the line names her once.
    await expect(signUp.getByText('Ana Ruiz invited you to join their team.')).toBeVisible();
    await expect(signUp.getByLabel('Email')).toHaveValue(colleagueEmail);
    await signUp.getByLabel('First name').fill('Colin');
    await signUp.getByLabel('Last name').fill('Colleague');
    await signUp.getByLabel('Password', { exact: true }).fill('Colleague-Passw0rd');
    await signUp.getByRole('button', { name: 'Sign Up' }).click();
    await expect(signUp).toHaveURL(/\/login/);
    // Signed in below by storage: an open /login page would see the session arrive and leave for
    // /portal on its own, racing the next navigation. The colleague goes on in a new tab.
    await signUp.close();

    // A sees who invited them and approves in one click.
    await a.goto('/user');
    const row = a.getByRole('row', { name: /Colin Colleague/ });
    await expect(row).toContainText('Invited by Ana Ruiz');
    await row.getByRole('button', { name: 'Approve Colin Colleague' }).click();
    await expect(row.getByRole('button', { name: 'Approve Colin Colleague' })).toHaveCount(0);

    // Signed in, the colleague sees the owner's request and its chat.
    const colleague = await signIn(request, colleagueEmail, 'Colleague-Passw0rd');
    await asUser(colleagueContext, colleague);
    const page = await colleagueContext.newPage();
    await page.goto(`/chat/${queryId}`);
    // The chat's heading: the project name, then the request.
    await expect(page.getByRole('heading', { name: new RegExp(`^${PROJECT} · `) })).toBeVisible();

    // The owner removes them; their open page loses access at once (signed out to /login).
    await c.reload();
    await c.getByRole('button', { name: 'Remove Colin Colleague' }).click();
    await c.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
    const again = await request.get(`/api/queries/${queryId}`, { headers: { authorization: `Bearer ${colleague.token}` } });
    expect(again.status()).toBe(401);
    await Promise.all([ownerContext.close(), colleagueContext.close()]);
  } finally {
    await aContext.close();
    // The worker's server is shared: with a second active admin every later queue would open on
    // 'Mine' (the firm's default once it has several admins). B leaves the firm again.
    const staff = (await (await request.get('/api/staff', { headers: { authorization: `Bearer ${admin.token}` } })).json()) as {
      data: Array<{ _id: string; email: string }>;
    };
    const maria = staff.data.find((m) => m.email === bEmail)!;
    const disabled = await request.post(`/api/staff/${maria._id}/disable`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(disabled.status()).toBe(200);
  }
});
