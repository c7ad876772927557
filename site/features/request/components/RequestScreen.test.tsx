import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, signInAdmin } from '../../../../tests/api/harness.ts';
import { expectNoAxeViolations } from '../../../../tests/component/axe.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { chooseFiles, chooseOption } from '../../../../tests/component/choose.ts';
import { multipart } from '../../../../tests/component/multipart.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { toast } from '../../../ui/toast-on-demand.ts';
import { RequestScreen } from './RequestScreen.tsx';

// The request form (docs/product.md §2 /request, §5 "Submit request") in jsdom against the real API:
// the services come from GET /services, the sub-service follows the service, and a form
// missing a required field says so without sending anything.

let browser: Browser;
let clientId: string;
let admin: string;
beforeAll(async () => {
  browser = await openBrowser();
  admin = await signInAdmin(browser.server);
  const client = await createClient(browser.server, admin, { fullName: 'Rita Request' });
  clientId = client.id;
  useAuth
    .getState()
    .signIn(client.token, { _id: client.id, fullName: client.fullName, email: client.email, role: 'client', status: 'approved' });
}, 60_000);
afterAll(() => browser.stop());
afterEach(() => vi.restoreAllMocks());

const queriesOfClient = () => browser.server.deps.db.selectFrom('queries').select('id').where('user_id', '=', clientId).execute();

describe('the request form', () => {
  it('shows a sub-service only for a service that has them, and clears it when the service changes', async () => {
    browser.visit('/request');
    render(<RequestScreen />);
    const service = (await screen.findByLabelText('Service *')) as HTMLSelectElement;
    await waitFor(() => expect(screen.getByRole('option', { name: 'General Contractor' })).toBeTruthy());
    expect(screen.queryByLabelText('Sub-Service *')).toBeNull();

    chooseOption(service, screen.getByRole<HTMLOptionElement>('option', { name: 'General Contractor' }).value);
    const sub = (await screen.findByLabelText('Sub-Service *')) as HTMLSelectElement;
    chooseOption(sub, screen.getByRole<HTMLOptionElement>('option', { name: 'Public Bids Estimate' }).value);
    expect(sub.value).not.toBe('');

    chooseOption(service, screen.getByRole<HTMLOptionElement>('option', { name: 'Manufacturers' }).value);
    await waitFor(() => expect(screen.queryByLabelText('Sub-Service *')).toBeNull());
    chooseOption(service, screen.getByRole<HTMLOptionElement>('option', { name: 'General Contractor' }).value);
    expect(((await screen.findByLabelText('Sub-Service *')) as HTMLSelectElement).value).toBe('');
  });

  it("refuses a form without its plans with 'Please fill in all required fields.', said once, and sends nothing", async () => {
    browser.visit('/request');
    const { container } = render(<RequestScreen />);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Sub-Contractor' })).toBeTruthy());
    const toastError = vi.spyOn(toast, 'error');
    fireEvent.change(screen.getByLabelText('Project name *'), { target: { value: 'Coral Gables House' } });
    fireEvent.change(screen.getByLabelText('Description *'), { target: { value: 'Takeoff of a two-storey house' } });
    chooseOption(screen.getByLabelText('Service *'), screen.getByRole<HTMLOptionElement>('option', { name: 'Sub-Contractor' }).value);
    chooseOption(await screen.findByLabelText('Sub-Service *'), screen.getByRole<HTMLOptionElement>('option', { name: 'Concrete' }).value);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please fill in all required fields.');
    // WCAG 3.3.1: the missing field says so, is described by the sentence and gets the focus; the others do not.
    const plans = screen.getByLabelText('Plans and files *');
    const choose = screen.getByRole('button', { name: 'Choose files' });
    expect(plans.getAttribute('aria-invalid')).toBe('true');
    expect(plans.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(choose.getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(document.activeElement).toBe(choose);
    for (const filled of ['Project name *', 'Description *', 'Service *', 'Sub-Service *'])
      expect(screen.getByLabelText(filled).hasAttribute('aria-invalid'), filled).toBe(false);
    // One announcement: the alert, not a toast saying it again.
    expect(screen.getAllByText('Please fill in all required fields.')).toHaveLength(1);
    expect(toastError).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    expect(await queriesOfClient()).toEqual([]);
    expect(browser.visited).toEqual([]);
  });
});

type Client = Awaited<ReturnType<typeof createClient>>;
const signInAs = (c: Client) =>
  useAuth.getState().signIn(c.token, { _id: c.id, fullName: c.fullName, email: c.email, role: 'client', status: 'approved' });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (label: string, option: string) =>
  chooseOption(screen.getByLabelText(label), screen.getByRole<HTMLOptionElement>('option', { name: option }).value);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
const plansOf = (name: string) => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });

/** An earlier request of `c` with one plan file, for /request?reuse=, made through the API. */
async function earlierRequest(c: Client, fields: Record<string, string> = {}): Promise<string> {
  const services = (await browser.server.call('GET', '/api/services')).body as Array<{ _id: string; title: string }>;
  const body = multipart(
    {
      message: 'Earlier takeoff',
      projectName: 'Earlier project',
      service: services.find((s) => s.title === 'Manufacturers')!._id,
      ...fields,
    },
    [{ field: 'files[]', name: 'A-101 plans.pdf' }],
  );
  const res = await browser.server.call('POST', '/api/queries', { ...body, token: c.token });
  expect(res.status).toBe(201);
  return res.body.data._id;
}

/** A new signed-in client with an earlier request, on /request?reuse= of it, once `service` is offered. */
async function openReuseForm(fullName: string, service: string, fields: Record<string, string> = {}) {
  const client = await createClient(browser.server, admin, { fullName });
  signInAs(client);
  const earlier = await earlierRequest(client, fields);
  browser.visit(`/request?reuse=${earlier}`);
  render(<RequestScreen />);
  await screen.findByRole('group', { name: 'Reused plans' });
  await waitFor(() => expect(screen.getByRole('option', { name: service })).toBeTruthy());
  return { client, earlier };
}

describe('the request form (react-hook-form over requestFormSchema)', () => {
  it('asks for the sub-service of a service that has them before uploading anything', async () => {
    const client = await createClient(browser.server, admin, { fullName: 'Sam Subservice' });
    signInAs(client);
    browser.visit('/request');
    render(<RequestScreen />);
    await waitFor(() => expect(screen.getByRole('option', { name: 'General Contractor' })).toBeTruthy());
    type('Description *', 'Takeoff of a strip mall');
    type('Project name *', 'Flagler Strip Mall');
    choose('Service *', 'General Contractor');
    chooseFiles(screen.getByLabelText('Plans and files *'), [plansOf('S-101.pdf')]);
    await screen.findByText('S-101.pdf');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields.');
    expect(screen.getByLabelText('Sub-Service *').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Sub-Service *'));

    // Changing what the error was about clears it.
    choose('Sub-Service *', 'Public Bids Estimate');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    const uploads = await browser.server.deps.db.selectFrom('uploads').select('id').where('user_id', '=', client.id).execute();
    expect(uploads).toEqual([]);
    const queries = await browser.server.deps.db.selectFrom('queries').select('id').where('user_id', '=', client.id).execute();
    expect(queries).toEqual([]);
  });

  it('sends a complete form once, as trimmed JSON with the reused plans, then opens My Queries', async () => {
    const { client, earlier } = await openReuseForm('Rosa Reuse', 'Sub-Contractor');
    type('Description *', '  Concrete takeoff, podium and garage  ');
    type('Project name *', ' Brickell Tower ');
    type('Location (optional)', ' Miami, FL ');
    choose('Service *', 'Sub-Contractor');
    choose('Sub-Service *', 'Concrete');
    type('Bid due date (optional)', '2031-05-20');
    submit();

    expect(await screen.findByText('Query submitted successfully!')).toBeTruthy();
    await waitFor(() => expect(browser.visited).toEqual(['/my-queries']));
    const db = browser.server.deps.db;
    const rows = await db
      .selectFrom('queries')
      .select(['id', 'message', 'project_name', 'location', 'bid_due_date', 'service_id', 'subservice_id'])
      .where('user_id', '=', client.id)
      .where('id', '!=', earlier)
      .execute();
    expect(rows).toHaveLength(1);
    const services = (await browser.server.call('GET', '/api/services')).body as Array<{
      _id: string;
      title: string;
      subservices: Array<{ _id: string; title: string }>;
    }>;
    const sub = services.find((s) => s.title === 'Sub-Contractor')!;
    expect(rows[0]).toMatchObject({
      message: 'Concrete takeoff, podium and garage',
      project_name: 'Brickell Tower',
      location: 'Miami, FL',
      bid_due_date: '2031-05-20',
      service_id: sub._id,
      subservice_id: sub.subservices.find((s) => s.title === 'Concrete')!._id,
    });
    const files = await db.selectFrom('query_files').select('name').where('query_id', '=', rows[0]!.id).execute();
    expect(files).toEqual([{ name: 'A-101 plans.pdf' }]);
  });

  it('refuses a form without a project name, or with a control character in it, and sends nothing', async () => {
    const { client, earlier } = await openReuseForm('Nora Noname', 'Manufacturers');
    type('Description *', 'Door hardware pricing');
    choose('Service *', 'Manufacturers');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields.');
    expect(screen.getByLabelText('Project name *').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Project name *'));

    type('Project name *', 'Door\u0007hardware');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('The project name cannot contain control characters.');
    const rows = await browser.server.deps.db.selectFrom('queries').select('id').where('user_id', '=', client.id).execute();
    expect(rows.map((r) => r.id)).toEqual([earlier]);
    expect(browser.visited).toEqual([]);
  });

  it("carries the reused request's service, sub-service, location and bid date, all editable", async () => {
    const services = (await browser.server.call('GET', '/api/services')).body as Array<{
      _id: string;
      title: string;
      subservices: Array<{ _id: string; title: string }>;
    }>;
    const gc = services.find((s) => s.title === 'General Contractor')!;
    const bids = gc.subservices.find((s) => s.title === 'Public Bids Estimate')!;
    await openReuseForm('Carla Carry', 'General Contractor', {
      service: gc._id,
      subService: bids._id,
      location: 'Doral, FL',
      bidDueDate: '2031-03-14',
    });
    await waitFor(() => expect((screen.getByLabelText('Service *') as HTMLSelectElement).value).toBe(gc._id));
    expect((screen.getByLabelText('Sub-Service *') as HTMLSelectElement).value).toBe(bids._id);
    expect((screen.getByLabelText('Location (optional)') as HTMLInputElement).value).toBe('Doral, FL');
    expect((screen.getByLabelText('Bid due date (optional)') as HTMLInputElement).value).toBe('2031-03-14');
    // Each stays editable.
    choose('Sub-Service *', 'Commercial Bidding Estimates');
    type('Location (optional)', 'Hialeah, FL');
    type('Bid due date (optional)', '2031-04-01');
    expect((screen.getByLabelText('Sub-Service *') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      'Commercial Bidding Estimates',
    );
    expect((screen.getByLabelText('Location (optional)') as HTMLInputElement).value).toBe('Hialeah, FL');
    expect((screen.getByLabelText('Bid due date (optional)') as HTMLInputElement).value).toBe('2031-04-01');
  });

  it('leaves a bid date already past behind when reusing, and carries the rest', async () => {
    await openReuseForm('Pedro Past', 'Manufacturers', { location: 'Kendall, FL', bidDueDate: '2020-01-15' });
    await waitFor(() => expect((screen.getByLabelText('Location (optional)') as HTMLInputElement).value).toBe('Kendall, FL'));
    expect((screen.getByLabelText('Bid due date (optional)') as HTMLInputElement).value).toBe('');
  });

  it('answers a retry after a lost answer with the first answer: the success message, and one request', async () => {
    const { client, earlier } = await openReuseForm('Lola Lost', 'Manufacturers');
    type('Project name *', 'Lost Answer Slab');
    type('Description *', 'Slab takeoff whose answer was lost');
    choose('Service *', 'Manufacturers');
    // The first POST /api/queries reaches the server; its answer is lost on the way back.
    const page = globalThis.fetch;
    let posts = 0;
    globalThis.fetch = async (input, init) => {
      const res = await page(input, init);
      if (init?.method === 'POST' && /\/api\/queries$/.test(String(input)) && ++posts === 1) throw new TypeError('Failed to fetch');
      return res;
    };
    try {
      submit();
      expect(await screen.findByText('Error: Failed to create query')).toBeTruthy();
      submit();
      expect(await screen.findByText('Query submitted successfully!')).toBeTruthy();
    } finally {
      globalThis.fetch = page;
    }
    await waitFor(() => expect(browser.visited).toEqual(['/my-queries']));
    expect(posts).toBe(2);
    const rows = await browser.server.deps.db
      .selectFrom('queries')
      .select('message')
      .where('user_id', '=', client.id)
      .where('id', '!=', earlier)
      .execute();
    expect(rows).toEqual([{ message: 'Slab takeoff whose answer was lost' }]);
  });

  it("leaves the description's length to the server and shows its sentence", async () => {
    const { client, earlier } = await openReuseForm('Lena Long', 'Manufacturers');
    type('Description *', 'x'.repeat(10_001));
    type('Project name *', 'Long Story');
    choose('Service *', 'Manufacturers');
    submit();

    // The toast says it (docs/product.md §8 'Error: {message}'), and so does the form's own alert.
    expect(await screen.findByText('Error: Your description can be at most 10,000 characters.')).toBeTruthy();
    expect(screen.getByText('Your description can be at most 10,000 characters.').getAttribute('role')).toBe('alert');
    const queries = await browser.server.deps.db.selectFrom('queries').select('id').where('user_id', '=', client.id).execute();
    expect(queries.map((q) => q.id)).toEqual([earlier]);
    expect(browser.visited).toEqual([]);
  });
});
