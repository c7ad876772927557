import type { TestServer } from './harness.ts';
import { openSocket, type Socket } from './socket.ts';
import { until } from './until.ts';

// Chat rooms driven through the hub's own API (modules/chats/fanout.ts publishes into them): the
// fan-out tests on one instance (fanout.sqlite-only.test.ts) and on two (fanout.pg-only.test.ts).

/** Opens a socket on `server` and puts it into `room` through the hub's own API. */
export async function socketInRoom(server: TestServer, room: string): Promise<Socket> {
  const before = new Set(server.deps.hub.allPeers());
  const socket = await openSocket(server.url);
  const peer = await until('the socket registered', () => server.deps.hub.allPeers().find((p) => !before.has(p)), 5000);
  server.deps.hub.join(peer, room);
  return socket;
}

let markers = 0;
/**
 * Publishes a marker into `room` through each of `servers` and waits until every one of `sockets`
 * has it. NOTIFY delivers in commit order and a local broadcast is sent in order, so a duplicate
 * or stray frame of an earlier publish would have arrived before the markers.
 */
export async function settle(room: string, servers: TestServer[], sockets: Socket[]): Promise<void> {
  for (const server of servers) {
    const id = `marker-${++markers}`;
    await server.deps.hub.publish(room, { type: 'marker', id });
    for (const socket of sockets) await socket.next((f) => f.type === 'marker' && f.id === id);
  }
}
