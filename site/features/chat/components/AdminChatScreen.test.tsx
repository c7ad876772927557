import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, createClient, signInAdmin } from '../../../../tests/api/harness.ts';
import { openSocket } from '../../../../tests/api/socket.ts';
import { type Browser, openBrowser } from '../../../../tests/component/browser.ts';
import { chooseFiles } from '../../../../tests/component/choose.ts';
import { multipart } from '../../../../tests/component/multipart.ts';
import { toast } from '../../../ui/toast-on-demand.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import AdminChatScreen from './AdminChatScreen.tsx';

// The admin chat workspace (/admin-chat/{id}, docs/product.md §2) in jsdom against the real API:
// the names its controls answer to, what each client row of the list says it is, and how the
// Requests list follows the firm's own messages.

let browser: Browser;
let queryId: string;
let adminId: string;
let clientToken: string;
let service: string;

beforeAll(async () => {
  browser = await openBrowser();
  const adminToken = await signInAdmin(browser.server);
  adminId = (await browser.server.deps.db.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow()).id;
  const client = await createClient(browser.server, adminToken, { fullName: 'Marisol Fernandez' });
  const services = (await browser.server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body;
  service = services.find((s) => s.title === 'Manufacturers')!._id; // a service without sub-services
  clientToken = client.token;
  const body = multipart({ message: 'Impact window count for a Miami Lakes duplex', service }, [{ field: 'files[]', name: 'plans.pdf' }]);
  const res = await browser.server.call('POST', '/api/queries', { ...body, token: client.token });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  queryId = res.body.data._id;
  // In progress: the quote form is on the screen beside the conversation.
  const moved = await browser.server.call('PATCH', `/api/queries/${queryId}/status`, {
    json: { status: 'in_progress' },
    token: adminToken,
  });
  expect(moved.status).toBe(200);
  const socket = await openSocket(browser.server.url);
  socket.ws.send(JSON.stringify({ type: 'sendMessage', token: client.token, queryId, message: 'Can you add the doors?' }));
  await socket.next((f) => f.type === 'receiveMessage');
  socket.ws.close();
  useAuth.getState().signIn(adminToken, { _id: adminId, fullName: 'Admin', email: ADMIN.email, role: 'admin', status: 'approved' });
}, 60_000);
afterAll(() => browser.stop());

async function openWorkspace() {
  browser.visit(`/admin-chat/${queryId}`);
  render(<AdminChatScreen />);
  await screen.findByRole('form', { name: 'Send a quote' });
}

describe('the admin chat workspace', () => {
  it("has one control each that answers to docs/product.md §2's 'Close Query' and 'Send'", async () => {
    await openWorkspace();
    // A voice command or an outside test names a control by part of its name, in any case.
    expect(screen.getAllByRole('button', { name: /close query/i })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /send/i })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Issue quote' })).toBeTruthy();
  });

  it("names each client row by what it shows, in its order: the name, 'Click to load chat' and the last message's time", async () => {
    await openWorkspace();
    const list = screen.getByRole('complementary', { name: 'Chats' });
    const row = await within(list).findByRole('button', { name: /^Marisol Fernandez.*Click to load chat\b/ });
    const shownTime = row.querySelector('time')!.textContent!.trim();
    expect(shownTime).not.toBe('');
    // WCAG 2.5.3: the visible label is in the name.
    expect(row.getAttribute('aria-label')).toMatch(/^Marisol Fernandez\b.*: Click to load chat /);
    expect(row.getAttribute('aria-label')!.endsWith(`Click to load chat ${shownTime}`)).toBe(true);
    expect([...row.querySelectorAll('.acl-name, .acl-sub, time')].map((el) => el.textContent)).toEqual([
      'Marisol Fernandez',
      'Click to load chat',
      shownTime,
    ]);
  });

  it("refuses a file of a kind the server would refuse before uploading it, with the deliverables' sentence", async () => {
    await openWorkspace();
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    try {
      screen.getByRole('button', { name: 'Attach a file' });
      const input = document.querySelector<HTMLInputElement>('.composer input[type="file"]')!;
      chooseFiles(input, [new File(['Meeting notes, not a drawing.'], 'site notes.txt', { type: 'text/plain' })]);
      expect(error.mock.calls).toEqual([['site notes.txt: Only PDF, DWG, ZIP, XLSX, CSV or image files are accepted.']]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(browser.calls.filter((c) => /^\/api\/(uploads|chats\/query\/[^/]+\/files)/.test(c.path))).toEqual([]);
      const uploads = await browser.server.deps.db.selectFrom('uploads').select('id').where('user_id', '=', adminId).execute();
      expect(uploads).toEqual([]);
    } finally {
      error.mockRestore();
    }
  });

  it("moves the open request's row to the top with 'You: …' when the admin sends, as a client's message does", async () => {
    // A newer request of the same client, with a newer message: it leads the list until the admin answers the first.
    const body = multipart({ message: 'Soffit count for the same duplex', projectName: 'Soffits', service }, [
      { field: 'files[]', name: 'plans.pdf' },
    ]);
    const res = await browser.server.call('POST', '/api/queries', { ...body, token: clientToken });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const socket = await openSocket(browser.server.url);
    socket.ws.send(JSON.stringify({ type: 'sendMessage', token: clientToken, queryId: res.body.data._id, message: 'And the soffits?' }));
    await socket.next((f) => f.type === 'receiveMessage');
    socket.ws.close();

    await openWorkspace();
    const requests = screen.getByRole('region', { name: 'Requests' });
    const rows = () =>
      within(requests)
        .queryAllByRole('link')
        .map((a) => a.getAttribute('href'));
    const open = `/admin-chat/${queryId}`;
    await waitFor(() => expect(rows()).toEqual([`/admin-chat/${res.body.data._id}`, open]));
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.input(box, { target: { value: 'Doors added to the count.' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(rows()[0]).toBe(open));
    const row = within(requests).getAllByRole('link')[0]!;
    expect(row.querySelector('.acr-preview')!.textContent).toBe('You: Doors added to the count.');
  });
});
