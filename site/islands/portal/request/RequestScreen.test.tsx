import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin } from '../../../../tests/api/harness.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { RequestScreen } from './RequestScreen.tsx';

// The request form (SPEC §2 /request, §5 "Submit request") in jsdom against the real API:
// the services come from GET /services, the sub-service follows the service, and a form
// missing a required field says so without sending anything.

let browser: Browser;
let clientId: string;
beforeAll(async () => {
  browser = await openBrowser();
  const admin = await signInAdmin(browser.server);
  const client = await createClient(browser.server, admin, { fullName: 'Rita Request' });
  clientId = client.id;
  useAuth
    .getState()
    .signIn(client.token, { _id: client.id, fullName: client.fullName, email: client.email, role: 'client', status: 'approved' });
}, 60_000);
afterAll(() => browser.stop());

const queriesOfClient = () => browser.server.deps.db.selectFrom('queries').select('id').where('user_id', '=', clientId).execute();

describe('the request form', () => {
  it('shows a sub-service only for a service that has them, and clears it when the service changes', async () => {
    browser.visit('/request');
    render(<RequestScreen />);
    const service = (await screen.findByLabelText('Service *')) as HTMLSelectElement;
    await waitFor(() => expect(screen.getByRole('option', { name: 'General Contractor' })).toBeTruthy());
    expect(screen.queryByLabelText('Sub-Service *')).toBeNull();

    fireEvent.change(service, { target: { value: screen.getByRole<HTMLOptionElement>('option', { name: 'General Contractor' }).value } });
    const sub = (await screen.findByLabelText('Sub-Service *')) as HTMLSelectElement;
    fireEvent.change(sub, { target: { value: screen.getByRole<HTMLOptionElement>('option', { name: 'Public Bids Estimate' }).value } });
    expect(sub.value).not.toBe('');

    fireEvent.change(service, { target: { value: screen.getByRole<HTMLOptionElement>('option', { name: 'Manufacturers' }).value } });
    await waitFor(() => expect(screen.queryByLabelText('Sub-Service *')).toBeNull());
    fireEvent.change(service, { target: { value: screen.getByRole<HTMLOptionElement>('option', { name: 'General Contractor' }).value } });
    expect(((await screen.findByLabelText('Sub-Service *')) as HTMLSelectElement).value).toBe('');
  });

  it("refuses a form without its plans with 'Please fill in all required fields.' and sends nothing", async () => {
    browser.visit('/request');
    render(<RequestScreen />);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Manufacturers' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Description *'), { target: { value: 'Takeoff of a two-storey house' } });
    fireEvent.change(screen.getByLabelText('Service *'), {
      target: { value: screen.getByRole<HTMLOptionElement>('option', { name: 'Manufacturers' }).value },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields.');
    expect(await queriesOfClient()).toEqual([]);
    expect(browser.visited).toEqual([]);
  });
});
