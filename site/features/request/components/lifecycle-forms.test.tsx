import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createClient, signInAdmin } from '../../../../tests/api/harness.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { chooseFiles } from '../../../../tests/component/choose.ts';
import { multipart } from '../../../../tests/component/multipart.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { IslandRoot } from '../../../ui/IslandRoot.tsx';
import { ChatQuoteCard } from './ChatQuoteCard.tsx';
import { RequestPanel } from './RequestPanel.tsx';

// The request workspace's forms in jsdom against the real API: the admin's
// quote, the client's decline, revision request and addendum. Each checks its shared
// schema on submit (react-hook-form's zod resolver) and sends what it sent before.

let browser: Browser;
let adminToken: string;
let adminId: string;
let client: Awaited<ReturnType<typeof createClient>>;
let queryId: string;

beforeAll(async () => {
  browser = await openBrowser();
  adminToken = await signInAdmin(browser.server);
  adminId = (await browser.server.deps.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
  client = await createClient(browser.server, adminToken, { fullName: 'Quinn Quote' });
  queryId = await newQuery('Coral Gables Library');
}, 60_000);
afterAll(() => browser.stop());

const db = () => browser.server.deps.db;

async function newQuery(projectName: string): Promise<string> {
  const services = (await browser.server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body;
  const body = multipart(
    { message: `Takeoff for ${projectName}`, projectName, service: services.find((s) => s.title === 'Manufacturers')!._id },
    [{ field: 'files[]', name: 'plans.pdf' }],
  );
  const res = await browser.server.call('POST', '/api/queries', { ...body, token: client.token });
  expect(res.status).toBe(201);
  return res.body.data._id as string;
}

function openPanel(id: string, role: 'admin' | 'client') {
  const store = useAuth.getState();
  if (role === 'admin')
    store.signIn(adminToken, { _id: adminId, fullName: 'Admin', email: ADMIN.email, role: 'admin', status: 'approved' });
  else store.signIn(client.token, { _id: client.id, fullName: client.fullName, email: client.email, role: 'client', status: 'approved' });
  browser.visit(role === 'admin' ? `/admin-chat/${id}` : `/chat/${id}`);
  // As on /chat/{id}: the client's open quote is decided on its card in the chat.
  render(
    <IslandRoot>
      {role === 'client' && <ChatQuoteCard queryId={id} />}
      <RequestPanel queryId={id} role={role} />
    </IslandRoot>,
  );
}

const quotesOf = (id: string) =>
  db()
    .selectFrom('quotes')
    .select(['state', 'price_cents', 'standard_hours', 'rush_price_cents', 'rush_hours', 'note', 'decline_reason'])
    .where('query_id', '=', id)
    .execute();
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** The POSTs the page makes, observed on their way to the server (the page's fetch is browser.ts's). */
const posts: string[] = [];
beforeAll(() => {
  const fetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
    if (init?.method === 'POST') posts.push(new URL(url, 'http://page').pathname);
    return fetch(input, init);
  };
  return () => void (globalThis.fetch = fetch);
});
const postsTo = (suffix: string) => posts.filter((p) => p.endsWith(suffix));

describe('the quote form (QuoteFormSchema)', () => {
  it('refuses a price that is not one, and an offered rush without its price, before sending', async () => {
    openPanel(queryId, 'admin');
    const form = await screen.findByRole('form', { name: 'Send a quote' });
    type(within(form).getByLabelText('Price (USD)'), '12,50'); // a decimal comma, not $1,250
    fireEvent.click(within(form).getByRole('button', { name: 'Issue quote' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Please enter a price in USD greater than 0 and at most $10,000,000, with at most two decimals, like 1,250.50.',
    );

    type(within(form).getByLabelText('Price (USD)'), '1,250.50');
    fireEvent.click(within(form).getByLabelText('Offer a rush option'));
    expect(within(form).getByLabelText('Rush price (USD)')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Issue quote' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'Please enter a price in USD greater than 0 and at most $10,000,000, with at most two decimals, like 1,250.50.',
      ),
    );
    expect(await quotesOf(queryId)).toEqual([]);
    expect(postsTo('/quotes')).toEqual([]);
  });

  it('leaves the turnarounds to the server and shows its sentence, as before', async () => {
    openPanel(queryId, 'admin');
    const form = await screen.findByRole('form', { name: 'Send a quote' });
    type(within(form).getByLabelText('Price (USD)'), '900');
    fireEvent.click(within(form).getByLabelText('Offer a rush option'));
    type(within(form).getByLabelText('Rush price (USD)'), '1000');
    type(within(form).getByLabelText('Rush turnaround (hours)'), '48');
    fireEvent.click(within(form).getByRole('button', { name: 'Issue quote' }));
    expect(await screen.findByText('The rush turnaround must be shorter than the standard one.')).toBeTruthy();
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(await quotesOf(queryId)).toEqual([]);
  });

  it('sends the quote as typed and empties the prices and the note', async () => {
    openPanel(queryId, 'admin');
    const form = await screen.findByRole('form', { name: 'Send a quote' });
    type(within(form).getByLabelText('Price (USD)'), '$1,250.50');
    fireEvent.click(within(form).getByLabelText('Offer a rush option'));
    type(within(form).getByLabelText('Rush price (USD)'), '1800');
    type(within(form).getByLabelText('Note (optional)'), 'Includes the garage.');
    fireEvent.click(within(form).getByRole('button', { name: 'Issue quote' }));
    await waitFor(async () =>
      expect(await quotesOf(queryId)).toEqual([
        {
          state: 'sent',
          price_cents: 125050,
          standard_hours: 48,
          rush_price_cents: 180000,
          rush_hours: 24,
          note: 'Includes the garage.',
          decline_reason: null,
        },
      ]),
    );
    expect(postsTo('/quotes')).toEqual([`/api/queries/${queryId}/quotes`, `/api/queries/${queryId}/quotes`]);
    await waitFor(() => expect((within(form).getByLabelText('Price (USD)') as HTMLInputElement).value).toBe(''));
    expect((within(form).getByLabelText('Rush price (USD)') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('');
    expect(within(form).queryByRole('alert')).toBeNull();
  });
});

describe("the client's decline (DeclineQuoteSchema)", () => {
  it('waits for a reason, refuses a blank one with the schema sentence, then declines with it', async () => {
    openPanel(queryId, 'client');
    // One card with the buttons (the chat's): the panel sums the open quote up in a line.
    const line = (_: string, el: Element | null) =>
      el?.tagName === 'P' && /^Sent · Standard \$.*\. Answer it on the quote in the chat\.$/.test(el.textContent ?? '');
    expect(await screen.findByText(line)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const reason = screen.getByLabelText('Why do you decline?');
    const send = screen.getByRole('button', { name: 'Decline quote' });
    expect(send).toHaveProperty('disabled', true);
    type(reason, '   ');
    expect(send).toHaveProperty('disabled', true);
    fireEvent.submit(reason.closest('form')!);
    expect(await screen.findByText('Please tell us why you decline.')).toBeTruthy();
    expect(postsTo('/decline')).toEqual([]);
    expect((await quotesOf(queryId)).map((q) => q.state)).toEqual(['sent']);

    type(reason, '  Over our budget  ');
    expect(send).toHaveProperty('disabled', false);
    fireEvent.click(send);
    await waitFor(async () => expect(await quotesOf(queryId)).toMatchObject([{ state: 'declined', decline_reason: 'Over our budget' }]));
    expect(postsTo('/decline')).toHaveLength(1);
  });
});

describe("the client's revision request (ReopenSchema)", () => {
  it('waits for a reason, refuses a blank one with the schema sentence, then reopens the request', async () => {
    const id = await newQuery('Doral Warehouse');
    const as = { token: adminToken };
    const files = multipart({}, [{ field: 'files[]', name: 'takeoff.pdf' }]);
    expect((await browser.server.call('POST', `/api/queries/${id}/deliverables`, { ...files, ...as })).status).toBe(201);
    for (const status of ['in_progress', 'answered'])
      expect((await browser.server.call('PATCH', `/api/queries/${id}/status`, { json: { status }, ...as })).status).toBe(200);

    openPanel(id, 'client');
    fireEvent.click(await screen.findByRole('button', { name: 'Request a revision' }));
    const reason = screen.getByLabelText('What should change?');
    const send = screen.getByRole('button', { name: 'Send revision request' });
    expect(send).toHaveProperty('disabled', true);
    type(reason, ' \n ');
    fireEvent.submit(reason.closest('form')!);
    expect(await screen.findByText('Please say what should change.')).toBeTruthy();
    expect(postsTo('/reopen')).toEqual([]);
    const statusOf = async () => (await db().selectFrom('queries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
    expect(await statusOf()).toBe('answered');

    type(reason, 'Add the mezzanine slab.');
    fireEvent.click(send);
    await waitFor(async () => expect(await statusOf()).toBe('in_progress'));
    expect(postsTo('/reopen')).toEqual([`/api/queries/${id}/reopen`]);
    const revisions = await db().selectFrom('query_revisions').select('reason').where('query_id', '=', id).execute();
    expect(revisions.map((r) => r.reason)).toContain('Add the mezzanine slab.');
    await waitFor(() => expect(screen.queryByLabelText('What should change?')).toBeNull());
  });
});

describe("the client's addendum (AddendumFormSchema)", () => {
  it("asks for a file with 'Please choose at least one file.' and uploads nothing", async () => {
    openPanel(queryId, 'client');
    fireEvent.click(await screen.findByRole('button', { name: 'Add addendum' }));
    const form = screen.getByRole('form', { name: 'Add addendum' });
    type(within(form).getByLabelText('Note (optional)'), 'Revised site plan.');
    fireEvent.click(within(form).getByRole('button', { name: 'Upload addendum' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Please choose at least one file.');
    expect(await db().selectFrom('query_addenda').select('id').where('query_id', '=', queryId).execute()).toEqual([]);
    expect(await db().selectFrom('uploads').select('id').where('user_id', '=', client.id).execute()).toEqual([]);
    // Cancel keeps what was typed for the next try, as before.
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add addendum' }));
    expect((screen.getByLabelText('Note (optional)') as HTMLTextAreaElement).value).toBe('Revised site plan.');
  });

  it("takes 'Please choose at least one file.' away once a file is chosen, as the request form does", async () => {
    const id = await newQuery('Doral Warehouse');
    openPanel(id, 'client');
    fireEvent.click(await screen.findByRole('button', { name: 'Add addendum' }));
    const form = screen.getByRole('form', { name: 'Add addendum' });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload addendum' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Please choose at least one file.');
    const input = within(form).getByLabelText('Addendum files');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    chooseFiles(input, [new File(['%PDF-1.4\n%%EOF\n'], 'A-301 revised.pdf', { type: 'application/pdf' })]);
    await within(form).findByRole('list', { name: 'Attached files' });
    expect(within(form).queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Choose files' }).getAttribute('aria-describedby')).not.toContain(alert.id);
  });

  it("takes files through the request form's picker: the drop zone, one row per file, each removable", async () => {
    const id = await newQuery('Hialeah Depot');
    openPanel(id, 'client');
    fireEvent.click(await screen.findByRole('button', { name: 'Add addendum' }));
    const form = screen.getByRole('form', { name: 'Add addendum' });
    // The drop zone's button takes the focus as the form opens.
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Choose files' })));
    expect(within(form).getByText('Drag and drop files here, or')).toBeTruthy();
    const pdf = (name: string) => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
    chooseFiles(within(form).getByLabelText('Addendum files'), [pdf('A-201 revised.pdf'), pdf('A-202 revised.pdf')]);
    const list = await within(form).findByRole('list', { name: 'Attached files' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(list).getByRole('button', { name: 'Remove A-202 revised.pdf' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    // The upload itself (tus, with its per-file progress and resume) is a browser journey's: tests/e2e/lifecycle.spec.ts.
  });
});

describe("the firm's reopen (ReopenSchema)", () => {
  it("shows 'Reopen for a revision' in the Status section of an answered request and opens Rev B with the reason", async () => {
    const id = await newQuery('Kendall Clinic');
    const as = { token: adminToken };
    const files = multipart({}, [{ field: 'files[]', name: 'takeoff.pdf' }]);
    for (const status of ['in_progress'])
      expect((await browser.server.call('PATCH', `/api/queries/${id}/status`, { json: { status }, ...as })).status).toBe(200);
    expect((await browser.server.call('POST', `/api/queries/${id}/deliverables`, { ...files, ...as })).status).toBe(201);
    expect((await browser.server.call('PATCH', `/api/queries/${id}/status`, { json: { status: 'answered' }, ...as })).status).toBe(200);

    openPanel(id, 'admin');
    const status = await screen.findByRole('region', { name: 'Status' });
    fireEvent.click(await within(status).findByRole('button', { name: 'Reopen for a revision' }));
    const reason = within(status).getByLabelText('What should change?');
    type(reason, 'Client sent a new door schedule.');
    fireEvent.click(within(status).getByRole('button', { name: 'Reopen for a revision' }));
    await waitFor(async () =>
      expect((await db().selectFrom('queries').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('in_progress'),
    );
    const revisions = await db()
      .selectFrom('query_revisions')
      .select(['letter', 'reason'])
      .where('query_id', '=', id)
      .orderBy('letter')
      .execute();
    expect(revisions.at(-1)).toMatchObject({ letter: 'B', reason: 'Client sent a new door schedule.' });
  });
});
