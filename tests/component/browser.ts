import net from 'node:net';
import { WebSocket as NodeWebSocket } from 'ws';
import { startTestServer, type TestServer } from '../api/harness.ts';

// What the islands need from a browser that jsdom leaves out, pointed at the
// real API (tests/api/harness.ts: real server on a port, real SQLite, outbox on disk):
// - same-origin calls: the islands fetch '/api/...', which jsdom's page origin
//   cannot serve, so relative URLs are sent to the test server instead;
// - navigation: jsdom does not leave the page, so location.assign / replace
//   record the address a real browser would have opened;
// - sockets: jsdom's WebSocket (undici's) cannot fire events once jsdom's Event
//   replaced Node's, so the page gets ws's, which speaks the same browser API.

export type Browser = {
  server: TestServer;
  visited: string[];
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
  const realFetch = globalThis.fetch;
  const realWebSocket = globalThis.WebSocket;
  globalThis.WebSocket = NodeWebSocket as unknown as typeof WebSocket;
  const realLocation = Object.getOwnPropertyDescriptor(globalThis, 'location')!;
  const visited: string[] = [];

  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' || input instanceof URL ? String(input) : input.url;
    return realFetch(url.startsWith('/') ? `${origin.origin}${url}` : url, init);
  };
  const location = realLocation.get!.call(globalThis) as Location;
  // Over an empty target: jsdom's own assign is read-only, which a proxy of it may not replace.
  const recorder = new Proxy({} as Location, {
    get(_, key) {
      if (key === 'assign' || key === 'replace') return (url: string) => void visited.push(String(url));
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
    /** Open `path` as the page's address, forgetting earlier navigations. */
    visit: (path) => {
      visited.length = 0;
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
      globalThis.WebSocket = realWebSocket;
      Object.defineProperty(globalThis, 'location', realLocation);
      history.replaceState(null, '', '/');
      await server.stop();
    },
  };
}
