import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ADMIN, createClient, signInAdmin } from '../../../../tests/api/harness.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { multipart } from '../../../../tests/component/multipart.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { IslandRoot } from '../../../ui/IslandRoot.tsx';
import { RecentActivities } from './RecentActivities.tsx';

// The admin dashboard's Recent Activities, expanded, against the real API: when the table holds
// as many rows as it asked for (60), older ones exist, and a line under the table says the list
// is the latest 60, not all of them. (The client's View All: tests/e2e/portal.spec.ts; its
// table's hooks need the browser's single React.)

let browser: Browser;
let adminToken: string;
let adminId: string;
type Client = Awaited<ReturnType<typeof createClient>>;
let client: Client;

/** `count` new activities of the client: each request it sends is one ('Query submitted'). */
async function activities(who: Client, count: number) {
  const services = (await browser.server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body;
  const service = services.find((s) => s.title === 'Manufacturers')!._id; // a service without sub-services
  for (let i = 0; i < count; i++) {
    const body = multipart({ message: `Takeoff ${i}`, service }, [{ field: 'files[]', name: 'plans.pdf' }]);
    const res = await browser.server.call('POST', '/api/queries', { ...body, token: who.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
}

beforeAll(async () => {
  browser = await openBrowser();
  adminToken = await signInAdmin(browser.server);
  adminId = (await browser.server.deps.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
  client = await createClient(browser.server, adminToken, { fullName: 'Busy Bee' });
}, 60_000);
afterAll(() => browser.stop());
afterEach(() => cleanup());

function show() {
  useAuth.getState().signIn(adminToken, { _id: adminId, fullName: 'Admin', email: ADMIN.email, role: 'admin', status: 'approved' });
  browser.visit('/admin');
  render(
    <IslandRoot>
      <RecentActivities />
    </IslandRoot>,
  );
}

const rowsOf = (section: HTMLElement) => within(section).getAllByRole('row').length - 1; // less the header row

describe('Recent Activities, expanded', () => {
  it('says nothing while every activity is shown', async () => {
    await activities(client, 7);
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'View More' }, { timeout: 10_000 }));
    await screen.findByRole('button', { name: 'View Less' });
    expect(rowsOf(screen.getByRole('region', { name: 'Recent Activities' }))).toBeLessThan(60);
    expect(screen.queryByText(/Showing the latest/)).toBeNull();
  });

  it('View More says it shows the latest 60 when there are more', async () => {
    await activities(client, 60);
    show();
    expect(screen.queryByText(/Showing the latest/)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'View More' }, { timeout: 10_000 }));
    await screen.findByText('Showing the latest 60 activities.');
    expect(rowsOf(screen.getByRole('region', { name: 'Recent Activities' }))).toBe(60);
  });
});
