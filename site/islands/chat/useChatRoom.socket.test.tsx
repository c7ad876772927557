import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { Toaster, toast } from 'sonner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signInAdmin } from '../../../tests/api/harness.ts';
import { openSocket, type Socket } from '../../../tests/api/socket.ts';
import { type Browser, openBrowser } from '../../../tests/component/browser.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useChatRoom } from './useChatRoom.ts';

// useChatRoom in jsdom against the real server and its real /ws (no mocked
// socket): the page reaches the server through a relay the test can cut.

let browser: Browser;
let queryId: string;
let admin: Socket;
let adminToken: string;

/** POST /queries as multipart, written out by hand: jsdom's FormData is not the one Node's fetch sends. */
async function submitQuery(token: string): Promise<string> {
  const services = (await browser.server.call<Array<{ _id: string; title: string }>>('GET', '/api/services')).body;
  const service = services.find((s) => s.title === 'Manufacturers')!._id;
  const boundary = 'chatroomtestboundary';
  const part = (name: string, value: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n${value}\r\n`;
  const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const body = `${part('message', 'Takeoff for the chat test')}${part('service', service)}${part('files[]', pdf, 'plan.pdf')}--${boundary}--\r\n`;
  const res = await browser.server.call('POST', '/api/queries', {
    token,
    body: new TextEncoder().encode(body),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id as string;
}

beforeAll(async () => {
  browser = await openBrowser();
  adminToken = await signInAdmin(browser.server);
  const client = await createClient(browser.server, adminToken, { fullName: 'Ana Lopez' });
  queryId = await submitQuery(client.token);
  useAuth
    .getState()
    .signIn(client.token, { _id: client.id, fullName: client.fullName, email: client.email, role: 'client', status: 'approved' });
  admin = await openSocket(browser.server.url);
  admin.ws.send(JSON.stringify({ type: 'joinRoom', token: adminToken, queryId }));
  await admin.next((f) => f.type === 'joined');
}, 60_000);
afterAll(async () => {
  admin?.ws.close();
  await browser.stop();
});

function openRoom() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // @testing-library/preact types a wrapper's children as a DOM Element; they are the hook's Preact vnode.
  const wrapper = ({ children }: { children: Element }) => (
    <QueryClientProvider client={client}>{children as unknown as ReactNode}</QueryClientProvider>
  );
  return renderHook(() => useChatRoom(queryId), { wrapper });
}

const adminSays = async (message: string) => {
  admin.ws.send(JSON.stringify({ type: 'sendMessage', token: adminToken, queryId, message, replyTo: null }));
  await admin.next((f) => f.type === 'receiveMessage' && f.message.message === message);
};
const texts = (room: { current: { messages: { message: string }[] } }) => room.current.messages.map((m) => m.message);

describe('useChatRoom', () => {
  it("says 'Failed to load messages' on the admin side when the history cannot be read, and shows none (SPEC §8)", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: Element }) => (
      <QueryClientProvider client={client}>
        {children as unknown as ReactNode}
        <Toaster />
      </QueryClientProvider>
    );
    // A request this reader may not see: its history answers 404.
    const { result, unmount } = renderHook(() => useChatRoom('not-a-request-of-hers', { admin: true }), { wrapper });
    expect(await screen.findByText('Failed to load messages')).toBeTruthy();
    expect(result.current.messages).toEqual([]);
    unmount();
    toast.dismiss();
  });

  it('joins, loads the history and shows each message once though it comes both live and in the history', async () => {
    await adminSays('Welcome, Ana');
    const { result, unmount } = openRoom();
    await waitFor(() => expect(result.current.connected).toBe(true));
    await waitFor(() => expect(texts(result)).toEqual(['Welcome, Ana']));
    expect(result.current.loading).toBe(false);

    act(() => {
      expect(result.current.send('  Plans attached  ')).toBe(true);
    });
    await waitFor(() => expect(texts(result)).toEqual(['Welcome, Ana', 'Plans attached']));
    await adminSays('Thanks, on it');
    await waitFor(() => expect(texts(result)).toEqual(['Welcome, Ana', 'Plans attached', 'Thanks, on it']));

    act(() => {
      expect(result.current.send('   ')).toBe(false);
    });
    expect(texts(result)).toHaveLength(3);
    unmount();
  });

  it('reconnects after the line drops and refetches what was said meanwhile, keeping nothing twice', async () => {
    const { result, unmount } = openRoom();
    await waitFor(() => expect(result.current.connected).toBe(true));
    await waitFor(() => expect(texts(result)).toHaveLength(3));

    browser.network.down();
    await waitFor(() => expect(result.current.connected).toBe(false));
    await adminSays('Sent while you were offline');
    expect(texts(result)).not.toContain('Sent while you were offline');
    // Offline, a message is not sent and says so: the composer keeps its text.
    act(() => {
      expect(result.current.send('Typed while offline')).toBe(false);
    });

    browser.network.up();
    await waitFor(() => expect(result.current.connected).toBe(true), { timeout: 20_000 });
    await waitFor(() => expect(texts(result)).toContain('Sent while you were offline'), { timeout: 10_000 });
    expect(texts(result)).toEqual(['Welcome, Ana', 'Plans attached', 'Thanks, on it', 'Sent while you were offline']);

    // A second drop with nothing new: the refetched history adds nothing.
    browser.network.drop();
    await waitFor(() => expect(result.current.connected).toBe(false));
    await waitFor(() => expect(result.current.connected).toBe(true), { timeout: 20_000 });
    await adminSays('Back again');
    await waitFor(() => expect(texts(result)).toHaveLength(5));
    expect(new Set(result.current.messages.map((m) => m._id)).size).toBe(5);
    unmount();
  }, 60_000);
});
