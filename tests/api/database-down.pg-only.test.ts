import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestDatabase, postgresUrl, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import { openSocket } from './socket.ts';

// PostgreSQL going away under a running server (a restart, a failover, a network cut):
// requests that need the database answer 503 'Database unreachable.', the sentence of
// /api/health, never a 500; once it is back the next request works, with no restart.
// The server reaches PostgreSQL through a TCP relay that the test cuts and restores.

class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((inbound) => {
      const outbound = net.connect(this.target);
      for (const s of [inbound, outbound]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Refuses new connections and drops the open ones, as a stopped database server does. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}

describe('PostgreSQL unreachable while the server runs', { timeout: 60_000 }, () => {
  let server: TestServer;
  let relay: Relay;
  let drop: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    const db = await createTestDatabase(postgresUrl());
    drop = db.drop;
    const url = new URL(db.url);
    relay = new Relay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.open();
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    server = await startTestServer({ DATABASE_URL: url.toString() });
    token = (await createClient(server, await signInAdmin(server))).token;
  });
  afterAll(async () => {
    await server?.stop();
    await relay?.cut();
    await drop?.();
  });

  it('answers 503 with a sentence while it is gone, and works again once it is back', async () => {
    expect((await server.call('GET', '/api/queries/me', { token })).status).toBe(200);
    await relay.cut();
    for (const [method, path, json] of [
      ['GET', '/api/queries/me', undefined],
      ['GET', '/api/queries/me/counts', undefined],
      [
        'POST',
        '/api/contact/submit',
        { name: 'Ana', email: 'ana@example.com', phone: '305 555 0100', service: 'Concrete', message: 'Hello' },
      ],
    ] as const) {
      const res = await server.call(method, path, { token, json });
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.body).toEqual({ message: 'Database unreachable.', code: 'database_unreachable' });
    }
    expect((await server.call('GET', '/api/health')).status).toBe(503);
    // The chat says so too, in an error frame; the socket stays open.
    const socket = await openSocket(server.url);
    socket.ws.send(JSON.stringify({ type: 'joinRoom', token, queryId: 'any-request' }));
    expect(await socket.next((f) => f.type === 'error')).toEqual({
      type: 'error',
      message: 'Database unreachable.',
      code: 'database_unreachable',
    });
    socket.ws.close();
    await relay.open();
    expect((await server.call('GET', '/api/queries/me', { token })).status).toBe(200);
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  });
});
