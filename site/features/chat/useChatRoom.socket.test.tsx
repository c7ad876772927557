import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Toasts } from '../../ui/Toasts.tsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_BAD_REPLY } from '../../../portal-api/src/modules/chats/chats.labels.ts';
import { createClient, signIn, signInAdmin } from '../../../tests/api/harness.ts';
import { openSocket, type Socket } from '../../../tests/api/socket.ts';
import { type Browser, openBrowser } from '../../../tests/component/browser.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { SEND_FAILED, useChatRoom } from './useChatRoom.ts';
import { useUnreadSocket } from '../../shell/use-unread-socket.ts';
import { useUnread } from '../../shell/unread-store.ts';

// useChatRoom in jsdom against the real server and its real /ws (no mocked
// socket): the page reaches the server through a relay the test can cut.

let browser: Browser;
let queryId: string;
let admin: Socket;
let adminToken: string;
let client: Awaited<ReturnType<typeof createClient>>;

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
  client = await createClient(browser.server, adminToken, { fullName: 'Ana Lopez' });
  queryId = await submitQuery(client.token);
  signInAs(client.token);
  admin = await openSocket(browser.server.url);
  admin.ws.send(JSON.stringify({ type: 'joinRoom', token: adminToken, queryId }));
  await admin.next((f) => f.type === 'joined');
}, 60_000);
afterAll(async () => {
  admin?.ws.close();
  await browser.stop();
});

/** This page's session: Ana's `token` (also in localStorage, where lib/api.ts looks for another tab's newer one). */
function signInAs(token: string) {
  useAuth.getState().signIn(token, { _id: client.id, fullName: client.fullName, email: client.email, role: 'client', status: 'approved' });
}

function openRoom(id = queryId) {
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queries}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
  return renderHook(() => useChatRoom(id), { wrapper });
}

const adminSays = async (message: string, room = queryId) => {
  admin.ws.send(JSON.stringify({ type: 'sendMessage', token: adminToken, queryId: room, message, replyTo: null }));
  await admin.next((f) => f.type === 'receiveMessage' && f.message.message === message);
};
const texts = (room: { current: { messages: { message: string }[] } }) => room.current.messages.map((m) => m.message);

describe('useChatRoom', () => {
  it("says 'Failed to load messages' on the admin side when the history cannot be read, and shows none (docs/product.md §8)", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>
        {children}
        <Toasts />
      </QueryClientProvider>
    );
    // A request this reader may not see: its history answers 404.
    const { result, unmount } = renderHook(() => useChatRoom('not-a-request-of-hers', { admin: true }), { wrapper });
    // The history is read as the room opens, beside the join (which the server refuses here).
    expect(await screen.findByText('Failed to load messages', {}, { timeout: 10_000 })).toBeTruthy();
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

    // True once the server echoed it back: by then it is in the list.
    await act(async () => {
      expect(await result.current.send('  Plans attached  ')).toBe(true);
    });
    expect(texts(result)).toEqual(['Welcome, Ana', 'Plans attached']);
    await adminSays('Thanks, on it');
    await waitFor(() => expect(texts(result)).toEqual(['Welcome, Ana', 'Plans attached', 'Thanks, on it']));

    await act(async () => {
      expect(await result.current.send('   ')).toBe(false);
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
    // Offline, messages wait for the socket (pending: their promises are unsettled, the composer
    // keeps the text) and go out in the order they were typed once it is back.
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = result.current.send('Typed while offline');
      second = result.current.send('And a second one');
    });
    const settled: string[] = [];
    void first.then(() => settled.push('first'));
    void second.then(() => settled.push('second'));
    await act(async () => {});
    expect(settled).toEqual([]);

    browser.network.up();
    await waitFor(() => expect(result.current.connected).toBe(true), { timeout: 20_000 });
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    await waitFor(() => expect(texts(result)).toContain('And a second one'), { timeout: 10_000 });
    await waitFor(() => expect(texts(result)).toContain('Sent while you were offline'), { timeout: 10_000 });
    expect(texts(result)).toEqual([
      'Welcome, Ana',
      'Plans attached',
      'Thanks, on it',
      'Sent while you were offline',
      'Typed while offline',
      'And a second one',
    ]);

    // A second drop with nothing new: the refetched history adds nothing.
    browser.network.drop();
    await waitFor(() => expect(result.current.connected).toBe(false));
    await waitFor(() => expect(result.current.connected).toBe(true), { timeout: 20_000 });
    await adminSays('Back again');
    await waitFor(() => expect(texts(result)).toHaveLength(7));
    expect(new Set(result.current.messages.map((m) => m._id)).size).toBe(7);
    unmount();
  }, 60_000);

  it('carries the chat room and the unread counts on one socket per tab', async () => {
    // Counted where the browser opens them: jsdom's WebSocket, as the page has it.
    const Real = globalThis.WebSocket;
    let opened = 0;
    globalThis.WebSocket = class extends Real {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        opened++;
      }
    } as typeof WebSocket;
    try {
      const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queries}>{children}</QueryClientProvider>;
      useUnread.setState({ total: null });
      const { result, unmount } = renderHook(
        () => {
          useUnreadSocket();
          return useChatRoom(queryId);
        },
        { wrapper },
      );
      await waitFor(() => expect(result.current.connected).toBe(true));
      await waitFor(() => expect(result.current.loading).toBe(false));
      await waitFor(() => expect(useUnread.getState().total).not.toBeNull());
      // Both work over it: a message goes out and comes back, and the admin's reply counts as unread live.
      await act(async () => {
        expect(await result.current.send('Over the one socket')).toBe(true);
      });
      const before = useUnread.getState().lastEvent?.seq ?? 0;
      await adminSays('Answered over it too');
      await waitFor(() => expect(useUnread.getState().lastEvent?.seq ?? 0).toBeGreaterThan(before));
      await waitFor(() => expect(texts(result)).toContain('Answered over it too'));
      expect(opened).toBe(1);
      unmount();
    } finally {
      globalThis.WebSocket = Real;
    }
  });

  it('reads the history again when the read taken while joining missed the newest message', async () => {
    // A request of its own, so the other tests' rooms keep their exact histories.
    const own = await submitQuery(client.token);
    admin.ws.send(JSON.stringify({ type: 'joinRoom', token: adminToken, queryId: own }));
    await admin.next((f) => f.type === 'joined' && f.queryId === own);
    await adminSays('Stored before the join', own);
    // The first read answers as if taken a moment before that message was stored: the join
    // names it as the room's newest, so the room must read again to show it.
    const pageFetch = globalThis.fetch;
    let staleReads = 0;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (staleReads === 0 && url.includes(`/chats/query/${own}/message`)) {
        staleReads++;
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return pageFetch(input, init);
    }) as typeof fetch;
    try {
      const { result, unmount } = openRoom(own);
      await waitFor(() => expect(texts(result)).toContain('Stored before the join'));
      expect(staleReads).toBe(1);
      unmount();
    } finally {
      globalThis.fetch = pageFetch;
    }
  });

  it('a message the server refuses resolves false and says why; nothing is added', async () => {
    const { result, unmount } = openRoom();
    await waitFor(() => expect(result.current.connected).toBe(true));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const before = texts(result);
    await act(async () => {
      expect(await result.current.send('A reply to nothing', 'not-a-message-id')).toBe(false);
    });
    expect(await screen.findByText(SEND_FAILED)).toBeTruthy();
    expect(screen.getByText(CHAT_BAD_REPLY)).toBeTruthy();
    expect(texts(result)).toEqual(before);
    expect(result.current.connected).toBe(true);
    unmount();
    toast.dismiss();
  });

  it("takes another tab's newer session when this socket's session ends, and reconnects with it; nothing is cleared", async () => {
    browser.visit(`/chat/${queryId}`);
    const old = await signIn(browser.server, client.email, client.password);
    signInAs(old);
    const { result, unmount } = openRoom();
    await waitFor(() => expect(result.current.connected).toBe(true));
    // Signed out and in again in another tab: its session is stored, its event not here yet.
    const fresh = await signIn(browser.server, client.email, client.password);
    localStorage.setItem('token', fresh);
    expect((await browser.server.call('POST', '/api/auth/logout', { token: old })).status).toBe(200);

    await waitFor(() => expect(useAuth.getState().token).toBe(fresh));
    // The store changed at once; let React render it (the old socket dropped, the room opened
    // again with the new token), or `connected` below is still the old socket's. The room is
    // ready once its history came on the new socket's `joined`.
    await act(async () => {});
    await waitFor(() => {
      expect(result.current.connected).toBe(true);
      expect(result.current.loading).toBe(false);
    });
    // A send in the moment a socket is replaced waits for the new one (shell/tab-socket.ts); one
    // caught by the close of the old one is not sent, and the person sends again: so does this test.
    await waitFor(
      async () => {
        let sent = false;
        await act(async () => {
          sent = await result.current.send('Sent with the new session');
        });
        expect(sent).toBe(true);
      },
      { timeout: 5000, interval: 200 },
    );
    expect(localStorage.getItem('token')).toBe(fresh);
    expect(browser.visited).toEqual([]);
    unmount();
  });

  it('signs out on a session ended elsewhere (close code 4001) instead of reconnecting', async () => {
    browser.visit(`/chat/${queryId}`);
    const token = await signIn(browser.server, client.email, client.password);
    signInAs(token);
    const { result, unmount } = openRoom();
    await waitFor(() => expect(result.current.connected).toBe(true));
    expect((await browser.server.call('POST', '/api/auth/logout', { token })).status).toBe(200);

    await waitFor(() => expect(browser.visited).toEqual(['/login']));
    // The sign-out navigates at once; React renders the dropped socket's state a moment later.
    await waitFor(() => expect(result.current.connected).toBe(false));
    expect(useAuth.getState().token).toBeNull();
    // The backoff would have reconnected within 625 ms.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(result.current.connected).toBe(false);
    unmount();
  });

  it("signs out when the socket's token is refused ('Your session has expired…') instead of sending into it", async () => {
    browser.visit(`/chat/${queryId}`);
    const token = await signIn(browser.server, client.email, client.password);
    expect((await browser.server.call('POST', '/api/auth/logout', { token })).status).toBe(200);
    signInAs(token);
    const { result, unmount } = openRoom();

    await waitFor(() => expect(browser.visited).toEqual(['/login']));
    await waitFor(() => expect(result.current.connected).toBe(false));
    expect(useAuth.getState().token).toBeNull();
    unmount();
  });
});
