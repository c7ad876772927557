import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ADMIN, createClient, signInAdmin } from '../../../../tests/api/harness.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { multipart } from '../../../../tests/component/multipart.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { IslandRoot } from '../../../ui/IslandRoot.tsx';
import { LatestQueries } from './LatestQueries.tsx';

// The admin dashboard's Latest Queries against the real API: a request's project name leads its
// row, before the sentence '{fullName} submitted a query'; a request without one reads as before.

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
  const adminToken = await signInAdmin(browser.server);
  const adminId = (await browser.server.deps.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow())
    .id;
  const client = await createClient(browser.server, adminToken, { fullName: 'Nora Named' });
  const services = (await browser.server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body;
  const service = services.find((s) => s.title === 'Manufacturers')!._id; // a service without sub-services
  const requests: Array<Record<string, string>> = [
    { message: 'Takeoff without a name', service },
    { message: 'Takeoff with a name', service, projectName: 'Bayfront Lofts' },
  ];
  for (const fields of requests) {
    const res = await browser.server.call('POST', '/api/queries', {
      ...multipart(fields, [{ field: 'files[]', name: 'plans.pdf' }]),
      token: client.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  useAuth.getState().signIn(adminToken, { _id: adminId, fullName: 'Admin', email: ADMIN.email, role: 'admin', status: 'approved' });
}, 60_000);
afterAll(() => browser.stop());
afterEach(() => cleanup());

it('leads a row with its project name, and keeps the sentence', async () => {
  browser.visit('/admin');
  render(
    <IslandRoot>
      <LatestQueries />
    </IslandRoot>,
  );
  const rows = await screen.findAllByRole('listitem');
  expect(rows.map((r) => within(r).getByText(/submitted a query/).textContent)).toEqual([
    'Bayfront Lofts · Nora Named submitted a query',
    'Nora Named submitted a query',
  ]);
});
