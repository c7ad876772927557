import net from 'node:net';
import { WebSocket as NodeWebSocket } from 'ws';
import { startTestServer, type TestServer } from '../api/harness.ts';
import { multipartOf } from './multipart.ts';

// What the islands need from a browser that jsdom leaves out, pointed at the
// real API (tests/api/harness.ts: real server on a port, real SQLite, outbox on disk):
// - same-origin calls: the islands fetch '/api/...', which jsdom's page origin
//   cannot serve, so relative URLs are sent to the test server instead;
// - navigation: jsdom does not leave the page, so location.assign / replace
//   record the address a real browser would have opened (reload: '(reload)');
// - sockets: jsdom's WebSocket (undici's) cannot fire events once jsdom's Event
//   replaced Node's, so the page gets ws's, which speaks the same browser API;
// - uploads: XMLHttpRequest (lib/api.ts upload, for its progress) has no hook like
//   fetch and jsdom checks CORS on it, so the page itself moves to the relay's origin;
//   a FormData given to fetch is written out as multipart, as a browser does.

/** A call the page made: method, path with query, and body (JSON parsed; a form as [name, text or file name] pairs). */
export type Call = { method: string; path: string; body: unknown };

export type Browser = {
  server: TestServer;
  visited: string[];
  /** Every fetch and XMLHttpRequest of the page since the last `visit`, in order (sockets aside). */
  calls: Call[];
  visit: (path: string) => void;
  /** The network between page and server: cut every open connection, or refuse new ones until `up`. */
  network: { drop: () => void; down: () => void; up: () => void };
  stop: () => Promise<void>;
};

export async function openBrowser(): Promise<Browser> {
  const server = await startTestServer();
  // The page reaches the server through a TCP relay, so a test can cut the line
  // (a dropped Wi-Fi) without touching the server or the socket code.
  const open = new Set<net.Socket>();
  let accepting = true;
  const relay = net.createServer((page) => {
    if (!accepting) return void page.destroy();
    const upstream = net.connect(server.port, '127.0.0.1');
    for (const s of [page, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => undefined);
    }
    page.pipe(upstream).pipe(page);
    page.on('close', () => upstream.destroy());
    upstream.on('close', () => page.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const origin = new URL(`http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`);
  // jsdom.reconfigure moves the document; XHR reads the window's own origin, which it leaves behind.
  const page = (globalThis as unknown as { jsdom: { reconfigure: (o: { url: string }) => void; window: { _origin: string } } }).jsdom;
  const start = { url: window.location.href, origin: page.window._origin };
  page.reconfigure({ url: `${origin.origin}/` });
  page.window._origin = origin.origin;
  const realFetch = globalThis.fetch;
  const realWebSocket = globalThis.WebSocket;
  globalThis.WebSocket = NodeWebSocket as unknown as typeof WebSocket;
  const realLocation = Object.getOwnPropertyDescriptor(globalThis, 'location')!;
  const visited: string[] = [];
  const calls: Call[] = [];
  const pathOf = (url: string) => {
    const u = new URL(url, origin);
    return `${u.pathname}${u.search}`;
  };
  const bodyOf = (body: unknown): unknown => {
    if (body === undefined || body === null) return null;
    if (body instanceof FormData) return [...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
    if (typeof body !== 'string') return '(binary)';
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  };

  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    calls.push({ method: method.toUpperCase(), path: pathOf(url), body: bodyOf(init?.body) });
    // A form (jsdom's FormData) goes out as a browser sends it: multipart with its files' bytes.
    if (init?.body instanceof FormData) {
      const { body, headers } = await multipartOf(init.body);
      const merged = new Headers(init.headers);
      merged.set('content-type', headers['content-type']);
      init = { ...init, body, headers: merged };
    }
    return realFetch(url.startsWith('/') ? `${origin.origin}${url}` : url, init);
  };
  const xhr = XMLHttpRequest.prototype;
  const { open: realOpen, send: realSend } = xhr;
  const opened = new WeakMap<XMLHttpRequest, Omit<Call, 'body'>>();
  xhr.open = function open(this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    opened.set(this, { method: method.toUpperCase(), path: pathOf(String(url)) });
    return (realOpen as (...args: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof xhr.open;
  xhr.send = function send(this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    const call = opened.get(this);
    if (call) calls.push({ ...call, body: bodyOf(body) });
    return realSend.call(this, body);
  };
  const location = realLocation.get!.call(globalThis) as Location;
  // Over an empty target: jsdom's own assign is read-only, which a proxy of it may not replace.
  const recorder = new Proxy({} as Location, {
    get(_, key) {
      if (key === 'assign' || key === 'replace') return (url: string) => void visited.push(String(url));
      if (key === 'reload') return () => void visited.push('(reload)');
      // The page is served by the test server (through the relay): what socket URLs are built from.
      if (key === 'host' || key === 'hostname' || key === 'port' || key === 'protocol' || key === 'origin') return origin[key];
      const value = Reflect.get(location, key);
      return typeof value === 'function' ? value.bind(location) : value;
    },
  });
  Object.defineProperty(globalThis, 'location', { configurable: true, get: () => recorder });

  return {
    server,
    visited,
    calls,
    /** Open `path` as the page's address, forgetting earlier navigations and calls. */
    visit: (path) => {
      visited.length = 0;
      calls.length = 0;
      history.replaceState(null, '', path);
    },
    network: {
      drop: () => {
        for (const s of open) s.destroy();
      },
      down: () => {
        accepting = false;
        for (const s of open) s.destroy();
      },
      up: () => {
        accepting = true;
      },
    },
    stop: async () => {
      for (const s of open) s.destroy();
      await new Promise((resolve) => relay.close(resolve));
      globalThis.fetch = realFetch;
      Object.assign(xhr, { open: realOpen, send: realSend });
      globalThis.WebSocket = realWebSocket;
      Object.defineProperty(globalThis, 'location', realLocation);
      history.replaceState(null, '', '/');
      page.reconfigure({ url: start.url });
      page.window._origin = start.origin;
      await server.stop();
    },
  };
}
