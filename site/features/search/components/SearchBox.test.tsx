import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createClient, signInAdmin } from '../../../../tests/api/harness.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { multipart } from '../../../../tests/component/multipart.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { IslandRoot } from '../../../ui/IslandRoot.tsx';
import { SearchBox } from './SearchBox.tsx';

// The client's search against the real API: a result names its request's status as the portal's
// badges do ('In Progress'), never the stored value ('in_progress').

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
  const adminToken = await signInAdmin(browser.server);
  const client = await createClient(browser.server, adminToken, { fullName: 'Sara Searcher' });
  const services = (await browser.server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body;
  const service = services.find((s) => s.title === 'Manufacturers')!._id;
  const created = await browser.server.call<{ data: { _id: string } }>('POST', '/api/queries', {
    ...multipart({ message: 'Takeoff for the Brickell tower', service }, [{ field: 'files[]', name: 'plans.pdf' }]),
    token: client.token,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const moved = await browser.server.call('PATCH', `/api/queries/${created.body.data._id}/status`, {
    json: { status: 'in_progress' },
    token: adminToken,
  });
  expect(moved.status).toBe(200);
  useAuth
    .getState()
    .signIn(client.token, { _id: client.id, fullName: 'Sara Searcher', email: client.email, role: 'client', status: 'approved' });
}, 60_000);
afterAll(() => browser.stop());
afterEach(() => cleanup());

it("shows a result's status by its label", async () => {
  browser.visit('/my-queries');
  render(
    <IslandRoot>
      <SearchBox />
    </IslandRoot>,
  );
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search requests' }), { target: { value: 'Brickell' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  const line = await screen.findByText(/^Sara Searcher ·/);
  expect(line.textContent).toBe('Sara Searcher · In Progress');
});
