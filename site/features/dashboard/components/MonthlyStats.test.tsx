import { cleanup, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, signInAdmin } from '../../../../tests/api/harness.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { IslandRoot } from '../../../ui/IslandRoot.tsx';
import { MonthlyStats } from './MonthlyStats.tsx';

// The dashboard's Per month figures against the real API. While they load, the table's shape
// stands in their place, row for row and cell for cell, so nothing below moves when they come.

let browser: Browser;
let adminToken: string;
let adminId: string;

beforeAll(async () => {
  browser = await openBrowser();
  adminToken = await signInAdmin(browser.server);
  adminId = (await browser.server.deps.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(() => browser.stop());
afterEach(() => cleanup());

/** Rows of a table, each as its number of header and data cells. */
const shapeOf = (table: HTMLElement) => [...table.querySelectorAll('tr')].map((tr) => tr.children.length);

describe('Per month', () => {
  it('holds the place of the six months while loading, then shows them in the same shape', async () => {
    useAuth.getState().signIn(adminToken, { _id: adminId, fullName: 'Admin', email: ADMIN.email, role: 'admin', status: 'approved' });
    browser.visit('/admin');
    const { container } = render(
      <IslandRoot>
        <MonthlyStats />
      </IslandRoot>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const pending = container.querySelector<HTMLElement>('.monthly-pending table')!;
    // Out of the accessibility tree: the status line says it is loading.
    expect(pending.closest('[aria-hidden="true"]')).not.toBeNull();
    const placeholder = shapeOf(pending);

    const region = await screen.findByRole('region', { name: 'Per month table' }, { timeout: 10_000 });
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.querySelector('.monthly-pending')).toBeNull();
    const table = within(region).getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 6);
    expect(shapeOf(table)).toEqual(placeholder);
  });
});
