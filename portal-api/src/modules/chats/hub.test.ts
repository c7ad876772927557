import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ChatHub } from './hub.ts';

// ChatHub.mayReach: work done only for a room's listeners (the unread counts pushed
// after each message) is skipped when no socket can receive it.

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanup.reverse()) fn();
  cleanup = [];
});

/** A hub behind a real HTTP server on an ephemeral port, closed after the test. */
async function startHub(heartbeatMs?: number): Promise<{ hub: ChatHub; url: string }> {
  const hub = new ChatHub(pino({ level: 'silent' }), heartbeatMs);
  const server = http.createServer();
  server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => {
    hub.close();
    server.close();
  });
  return { hub, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A client socket, open and counted by the hub, terminated after the test. */
async function connect(hub: ChatHub, url: string): Promise<WebSocket> {
  const before = hub.size;
  const client = new WebSocket(url);
  await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
  await expect.poll(() => hub.size).toBe(before + 1);
  cleanup.push(() => client.terminate());
  return client;
}

async function hubWithOneSocket(): Promise<{ hub: ChatHub; client: WebSocket }> {
  const { hub, url } = await startHub();
  return { hub, client: await connect(hub, url) };
}

describe('ChatHub.mayReach', () => {
  it('is true only while a socket of this instance is in the room', async () => {
    const { hub, client } = await hubWithOneSocket();
    expect(hub.mayReach('unread:firm')).toBe(false);
    hub.join(hub.allPeers()[0]!, 'unread:firm');
    expect(hub.mayReach('unread:firm')).toBe(true);
    expect(hub.mayReach('unread:user:someone')).toBe(false);
    client.close();
    await expect.poll(() => hub.mayReach('unread:firm')).toBe(false);
  });

  it('is always true when instances share a fan-out: a socket elsewhere may be in the room', async () => {
    const { hub } = await hubWithOneSocket();
    hub.setRelay(async () => {});
    expect(hub.mayReach('unread:firm')).toBe(true);
    hub.setRelay(null);
    expect(hub.mayReach('unread:firm')).toBe(false);
  });
});

describe('ChatHub.isOnline and anyAdmin', () => {
  it('follow the bound user of each socket, and forget it when the socket closes', async () => {
    const { hub, client } = await hubWithOneSocket();
    const peer = hub.allPeers()[0]!;
    expect(hub.isOnline('u1')).toBe(false);
    hub.bindUser(peer, 'u1');
    expect(hub.isOnline('u1')).toBe(true);
    hub.bindUser(peer, 'u2'); // one user per socket: the first stays
    expect(hub.isOnline('u2')).toBe(false);
    expect(hub.anyAdmin()).toBe(false);
    peer.role = 'admin';
    expect(hub.anyAdmin()).toBe(true);
    client.close();
    await expect.poll(() => hub.isOnline('u1')).toBe(false);
    expect(hub.anyAdmin()).toBe(false);
  });
});

describe('ChatHub heartbeat', () => {
  it('drops a socket that stops answering pings and keeps the others, when there are more than one sweep turn of them', async () => {
    const { hub, url } = await startHub(100);
    // One after another, so the hub holds them in this order.
    const clients: WebSocket[] = [];
    for (let i = 0; i < 150; i++) clients.push(await connect(hub, url));
    // The last socket (pinged in a sweep's second turn) stops reading: no pong comes back.
    (clients.at(-1) as unknown as { _socket: import('node:net').Socket })._socket.pause();
    // Counted from before the drop: the socket pinged just before the silent one, in the same turn.
    let pings = 0;
    clients.at(-2)!.on('ping', () => pings++);
    await expect.poll(() => hub.size, { timeout: 5000 }).toBe(149);
    // The others answered every ping and are all still there a few sweeps later.
    const seen = pings;
    await expect.poll(() => pings, { timeout: 5000 }).toBeGreaterThanOrEqual(seen + 3);
    expect(hub.size).toBe(149);
  });
});
