import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin } from '../../../../tests/api/harness.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { chooseOption } from '../../../../tests/component/choose.ts';
import { multipart } from '../../../../tests/component/multipart.ts';
import { serviceInUseMessage } from '../../../../portal-api/src/modules/services/services.schema.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import AdminServicesScreen from './AdminServicesScreen.tsx';

// The service form of /admin-service (docs/product.md §2, §5 "Service creation", §8) in jsdom
// against the real API: one sentence at a time for what is missing or too long,
// nothing sent until the form is right, then POST (multipart) or PUT (JSON); a delete the server
// refuses, and the names of the screen's buttons.

let browser: Browser;
let token: string;
beforeAll(async () => {
  browser = await openBrowser();
  token = await signInAdmin(browser.server);
  const me = await browser.server.call('GET', '/api/users/profile', { token });
  useAuth.getState().signIn(token, { _id: me.body.data._id, fullName: me.body.data.fullName, email: me.body.data.email, role: 'admin' });
}, 60_000);
afterAll(() => browser.stop());
// Sonner keeps its toasts across renders: each test starts with none.
afterEach(() => toast.dismiss());

const db = () => browser.server.deps.db;
const serviceNamed = (title: string) => db().selectFrom('services').selectAll().where('title', '=', title).executeTakeFirst();
const idOf = async (title: string) => (await serviceNamed(title))!.id;
/** What the page sent besides reading. */
const writes = () => browser.calls.filter((c) => c.method !== 'GET');
/** Lets the form's pending promise work finish (a macrotask turn, not a wait for time). */
const settle = () => act(() => new Promise<void>((resolve) => setImmediate(resolve)));

async function openForm(button: string, dialogName = button) {
  browser.visit('/admin-service');
  render(<AdminServicesScreen />);
  await screen.findByRole('heading', { name: 'Manage Services' });
  await screen.findByRole('button', { name: /General Contractor/, expanded: false });
  fireEvent.click(screen.getByRole('button', { name: button }));
  return within(await screen.findByRole('dialog', { name: dialogName }));
}
const type = (dialog: ReturnType<typeof within>, label: string, value: string) =>
  fireEvent.change(dialog.getByLabelText(label), { target: { value } });

describe('the service form refuses, one sentence at a time and sending nothing', () => {
  it("a service without a title: 'Please enter a service title.', kept while typing until the next Save", async () => {
    const dialog = await openForm('Add New Service');
    type(dialog, 'Title *', '   ');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toBe('Please enter a service title.');
    // WCAG 3.3.1: the title says it is refused and why, and has the focus.
    const title = dialog.getByLabelText('Title *');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')?.split(' ')[0]).toBe(alert.id);
    expect(document.activeElement).toBe(title);
    type(dialog, 'Title *', 'Owner Estimates');
    await settle();
    expect(dialog.getByRole('alert').textContent).toBe('Please enter a service title.');
    type(dialog, 'Description', 'D'.repeat(2001));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Description: At most 2,000 characters: please remove 1.'));
    expect(writes()).toEqual([]);
  });

  it("a sub-service without a parent: 'Please choose a parent service.' before a title that is too long", async () => {
    const dialog = await openForm('Add Sub-Service');
    type(dialog, 'Title *', 'F'.repeat(125));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toBe('Please choose a parent service.');
    const parent = dialog.getByLabelText('Parent service *');
    expect(parent.getAttribute('aria-invalid')).toBe('true');
    expect(parent.getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(parent);
    expect(dialog.getByLabelText('Title *').hasAttribute('aria-invalid')).toBe(false);
    chooseOption(dialog.getByLabelText('Parent service *'), dialog.getByRole<HTMLOptionElement>('option', { name: 'Manufacturers' }).value);
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Title: At most 120 characters: please remove 5.'));
    expect(writes()).toEqual([]);
  });
});

describe('the service form counts', () => {
  it("a title against its 120 characters from 96 on, and refuses 10,000 on Save with the counter's sentence, cutting nothing", async () => {
    const dialog = await openForm('Add New Service');
    type(dialog, 'Title *', 'y'.repeat(100));
    expect(dialog.getByText('100 / 120')).toBeTruthy();
    type(dialog, 'Title *', 'x'.repeat(10_000));
    const title = dialog.getByLabelText('Title *') as HTMLInputElement;
    expect(title.value).toHaveLength(10_000);
    expect(title.hasAttribute('maxlength')).toBe(false);
    expect(dialog.getByText('10,000 / 120 · At most 120 characters: please remove 9,880.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Title: At most 120 characters: please remove 9,880.'));
    expect(document.activeElement).toBe(title);
    expect(title.value).toHaveLength(10_000);
    expect(writes()).toEqual([]);
  });
});

describe('the service form refused by the server', () => {
  it("a title the level already has: the server's sentence in the dialog, which stays open with what was typed", async () => {
    const dialog = await openForm('Add New Service');
    type(dialog, 'Title *', 'general contractor');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('A service with this title already exists.');
    expect(await screen.findByText('Failed to create service')).toBeTruthy(); // docs/product.md §8's toast
    expect((dialog.getByLabelText('Title *') as HTMLInputElement).value).toBe('general contractor');
    const sameTitle = await db().selectFrom('services').select('id').where('title', '=', 'general contractor').execute();
    expect(sameTitle).toEqual([]);
  });
});

describe('the service form sends', () => {
  it('a new sub-service once, trimmed, under its parent, and closes', async () => {
    const dialog = await openForm('Add Sub-Service');
    type(dialog, 'Title *', '  Shop Drawings Review  ');
    type(dialog, 'Description', ' Checked against the takeoff. ');
    chooseOption(dialog.getByLabelText('Parent service *'), dialog.getByRole<HTMLOptionElement>('option', { name: 'Manufacturers' }).value);
    // A double click saves once.
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    fireEvent.click(dialog.getByRole('button', { name: /^(Save|Saving)/ }));
    expect(await screen.findByText('Sub-service created successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Sub-Service' })).toBeNull());
    const parentId = await idOf('Manufacturers');
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: '/api/services',
        body: [
          ['title', 'Shop Drawings Review'],
          ['description', 'Checked against the takeoff.'],
          ['parentService', parentId],
        ],
      },
    ]);
    expect(await serviceNamed('Shop Drawings Review')).toMatchObject({ description: 'Checked against the takeoff.', parent_id: parentId });
  });

  it('an edit without a new image as JSON, an emptied description as null, and closes', async () => {
    browser.visit('/admin-service');
    render(<AdminServicesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /Manufacturers/, expanded: false }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Shop Drawings Review' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Sub-Service' }));
    expect((dialog.getByLabelText('Title *') as HTMLInputElement).value).toBe('Shop Drawings Review');
    expect((dialog.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Checked against the takeoff.');

    type(dialog, 'Title *', ' Shop Drawing Reviews ');
    type(dialog, 'Description', '   ');
    fireEvent.click(dialog.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Service updated successfully')).toBeTruthy();
    const [id, parentId] = [await idOf('Shop Drawing Reviews'), await idOf('Manufacturers')];
    expect(writes()).toEqual([
      { method: 'PUT', path: `/api/services/${id}`, body: { title: 'Shop Drawing Reviews', description: null, parentService: parentId } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Sub-Service' })).toBeNull());
    expect(await serviceNamed('Shop Drawing Reviews')).toMatchObject({ description: null });
  });
});

describe('the service form opens', () => {
  it('ready for typing from its first paint: nothing resets a title typed as soon as the dialog shows', async () => {
    // The Profiler reports each commit as it lands, before effects run: the first moment someone
    // could see the dialog and type. What is in the title then must still be there afterwards.
    const firstPaint: string[] = [];
    const onRender = () => {
      const title = document.querySelector<HTMLInputElement>('dialog input[aria-required]');
      if (!title || firstPaint.length > 0) return;
      firstPaint.push(title.value);
      title.value = 'Feasibility Budget';
    };
    browser.visit('/admin-service');
    render(
      <Profiler id="services" onRender={onRender}>
        <AdminServicesScreen />
      </Profiler>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Manufacturers' }));
    const editing = within(await screen.findByRole('dialog', { name: 'Edit Service' }));
    expect(firstPaint).toEqual(['Manufacturers']);
    fireEvent.click(editing.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Service' })).toBeNull());

    firstPaint.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Add Sub-Service' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Sub-Service' }));
    await settle();
    expect(firstPaint).toEqual(['']);
    expect((dialog.getByLabelText('Title *') as HTMLInputElement).value).toBe('Feasibility Budget');
    expect(writes()).toEqual([]);
  });
});

describe('deleting a service', () => {
  it("that an open request uses: the server's sentence says why, and the service stays", async () => {
    const created = await browser.server.call('POST', '/api/services', { ...multipart({ title: 'Curtain Wall' }), token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const client = await createClient(browser.server, token);
    const body = multipart({ message: 'Glazing takeoff', service: created.body.data._id }, [{ field: 'files[]', name: 'plans.pdf' }]);
    const request = await browser.server.call('POST', '/api/queries', { ...body, token: client.token });
    expect(request.status, JSON.stringify(request.body)).toBe(201);

    browser.visit('/admin-service');
    render(<AdminServicesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Curtain Wall' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(serviceInUseMessage(1))).toBeTruthy();
    expect(writes()).toEqual([{ method: 'DELETE', path: `/api/services/${created.body.data._id}`, body: null }]);
    expect(screen.getByRole('button', { name: /Curtain Wall/, expanded: false })).toBeTruthy();
    expect(await serviceNamed('Curtain Wall')).toBeTruthy();
  });
});

describe("the screen's buttons", () => {
  it("answer to their own names only: a service's 'New sub-service under …' is not another 'Add Sub-Service'", async () => {
    browser.visit('/admin-service');
    render(<AdminServicesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /General Contractor/, expanded: false }));
    expect(await screen.findByRole('button', { name: 'New sub-service under General Contractor' })).toBeTruthy();
    // A voice command or a test names a control by part of its name, in any case: one button answers.
    expect(screen.getAllByRole('button', { name: /add sub-service/i })).toHaveLength(1);
  });
});
