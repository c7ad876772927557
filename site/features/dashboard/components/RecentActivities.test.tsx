import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ADMIN, createClient, signInAdmin } from '../../../../tests/api/harness.ts';
import { openSocket } from '../../../../tests/api/socket.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { multipart } from '../../../../tests/component/multipart.ts';
import { ACTIVITIES_DEFAULT_LIMIT } from '../../../../portal-api/src/modules/activities/activities.labels.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { IslandRoot } from '../../../ui/IslandRoot.tsx';
import { RecentActivities as ClientRecentActivities } from './ClientRecentActivities.tsx';
import { RecentActivities } from './RecentActivities.tsx';

// The dashboards' Recent Activities, expanded, against the real API. The admin's: when the table
// holds as many rows as it asked for (60), older ones exist, and a line under the table says the
// list is the latest 60, not all of them; each row names the client and the request. The client's
// (/portal): six rows, View All for the rest, and the same line once View All holds as many as the
// server gives (the latest 100).

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

describe('Recent Activities rows', () => {
  it('name the client and the request, not the bare activity', async () => {
    const named = await createClient(browser.server, adminToken, { fullName: 'Rowena Named' });
    const services = (await browser.server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body;
    const service = services.find((s) => s.title === 'Manufacturers')!._id;
    const body = multipart({ message: 'Roof truss count for a Kendall townhouse block', service }, [
      { field: 'files[]', name: 'plans.pdf' },
    ]);
    const res = await browser.server.call('POST', '/api/queries', { ...body, token: named.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const socket = await openSocket(browser.server.url);
    socket.ws.send(JSON.stringify({ type: 'sendMessage', token: named.token, queryId: res.body.data._id, message: 'Is Friday possible?' }));
    await socket.next((f) => f.type === 'receiveMessage');
    socket.ws.close();

    show();
    const section = screen.getByRole('region', { name: 'Recent Activities' });
    expect(
      await within(section).findByRole('cell', { name: 'Rowena Named sent a message on "Roof truss count for a Kendall townhouse block"' }),
    ).toBeTruthy();
    expect(
      within(section).getByRole('cell', { name: 'Rowena Named submitted "Roof truss count for a Kendall townhouse block"' }),
    ).toBeTruthy();
    expect(within(section).queryByRole('cell', { name: 'Message sent' })).toBeNull();
  });
});

describe('the client dashboard, View All', () => {
  /** One request of `who` through the API ('Query submitted'), then `more` later lines on it, written into the activities table. */
  async function manyActivities(who: Client, more: number) {
    const services = (await browser.server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body;
    const service = services.find((s) => s.title === 'Manufacturers')!._id;
    const body = multipart({ message: 'Busy request number 1', service }, [{ field: 'files[]', name: 'plans.pdf' }]);
    const res = await browser.server.call('POST', '/api/queries', { ...body, token: who.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const from = Date.now() + 1000;
    await browser.server.deps.db
      .insertInto('activities')
      .values(
        Array.from({ length: more }, (_, i) => ({
          id: `busy-activity-${i}`,
          user_id: who.id,
          query_id: res.body.data._id as string,
          activity: 'Message sent',
          status: 'pending',
          created_at: new Date(from + i).toISOString(),
          by_role: 'client',
        })),
      )
      .execute();
  }
  const rows = () => within(screen.getByRole('table')).getAllByRole('row').length - 1; // less the header row

  it('says it shows the latest 100 activities when there are more, and Show Less goes back to six rows', async () => {
    const busy = await createClient(browser.server, adminToken, { fullName: 'Busy Builder' });
    await manyActivities(busy, ACTIVITIES_DEFAULT_LIMIT); // 101 in all
    useAuth.getState().signIn(busy.token, { _id: busy.id, fullName: busy.fullName, email: busy.email, role: 'client', status: 'approved' });
    browser.visit('/portal');
    render(
      <IslandRoot>
        <ClientRecentActivities />
      </IslandRoot>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'View All' }));
    expect(await screen.findByText('Showing the latest 100 activities.')).toBeTruthy();
    expect(rows()).toBe(100);

    fireEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.queryByText(/Showing the latest/)).toBeNull();
    expect(rows()).toBe(6);
  });
});
