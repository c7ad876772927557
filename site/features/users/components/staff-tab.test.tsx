import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_TEXTS } from '../../../../portal-api/src/modules/users/staff.labels.ts';
import { type Account, signInAs, twoAccounts } from '../../../../tests/component/accounts.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { UsersScreen } from './UsersScreen.tsx';

// The Staff tab of /user (docs/product.md §25) in jsdom against the real API: what the invitation
// form says when the server refuses the address.

let browser: Browser;
let admin: Account;
beforeAll(async () => {
  browser = await openBrowser();
  ({ admin } = await twoAccounts(browser.server, 'Sol Staffless'));
}, 60_000);
afterAll(() => browser.stop());
// Sonner keeps its toasts across renders: each test starts with none.
afterEach(() => toast.dismiss());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('inviting an admin', () => {
  it("says under the field that the admin's own address cannot be invited, then sends another", async () => {
    signInAs(admin);
    browser.visit('/user#staff');
    render(<UsersScreen />);
    const field = await screen.findByLabelText('Invite an admin by e-mail');
    type('Invite an admin by e-mail', admin.email);
    click('Send invitation');
    // The server's own sentence (staff.labels.ts), on the page beside the field it is about.
    const said = await screen.findByText(STAFF_TEXTS.inviteSelf);
    expect(said.getAttribute('role')).toBe('alert');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(said.id);
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(browser.calls.filter((c) => c.method === 'POST' && c.path === '/api/staff/invitations')).toHaveLength(1);

    const other = `sol-admin-${Date.now()}@example.com`;
    type('Invite an admin by e-mail', other);
    click('Send invitation');
    expect(await screen.findByText(STAFF_TEXTS.invited(other))).toBeTruthy();
    expect(screen.queryByText(STAFF_TEXTS.inviteSelf)).toBeNull();
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(field.hasAttribute('aria-describedby')).toBe(false);
  });
});
