import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { openSocket, type Socket } from './socket.ts';

// Chat frames published by one instance reach sockets on every instance
// (PostgreSQL LISTEN/NOTIFY, modules/chats/fanout.ts). On SQLite there is a
// single instance, and publish must still reach its own sockets.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Opens a socket on `server` and puts it into `room` through the hub's own API. */
async function socketInRoom(server: TestServer, room: string): Promise<Socket> {
  const before = new Set(server.deps.hub.allPeers());
  const socket = await openSocket(server.url);
  const deadline = Date.now() + 5000;
  for (;;) {
    const peer = server.deps.hub.allPeers().find((p) => !before.has(p));
    if (peer) {
      server.deps.hub.join(peer, room);
      return socket;
    }
    if (Date.now() > deadline) throw new Error('socket never registered');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 400));

describe('chat fan-out', () => {
  let a: TestServer;
  let b: TestServer | null = null;

  beforeAll(async () => {
    a = await startTestServer();
    // The second instance shares the first one's database (PostgreSQL only:
    // SQLite is one file owned by one instance).
    if (onPostgres) b = await startTestServer({ DATABASE_URL: (a.deps.config.database as { url: string }).url });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  if (onPostgres) {
    it('delivers a frame published on one instance to a socket of the other, once', async () => {
      const onB = await socketInRoom(b!, 'room-1');
      const onA = await socketInRoom(a, 'room-1');

      await a.deps.hub.publish('room-1', { type: 'receiveMessage', message: { _id: 'm1', message: 'hello from A' } });
      expect((await onB.next((f) => f.message?._id === 'm1')).message.message).toBe('hello from A');
      await onA.next((f) => f.message?._id === 'm1');
      await settle();
      // Nobody gets it twice: A broadcast locally and ignored its own NOTIFY.
      expect(onA.frames.filter((f) => f.message?._id === 'm1')).toHaveLength(1);
      expect(onB.frames.filter((f) => f.message?._id === 'm1')).toHaveLength(1);

      await b!.deps.hub.publish('room-1', { type: 'queryStatus', queryId: 'room-1', status: 'closed' });
      expect(await onA.next((f) => f.type === 'queryStatus')).toEqual({ type: 'queryStatus', queryId: 'room-1', status: 'closed' });
      onA.ws.close();
      onB.ws.close();
    });

    it('carries frames larger than a NOTIFY payload (8000 bytes) intact, and only to the room', async () => {
      const inRoom = await socketInRoom(b!, 'room-big');
      const elsewhere = await socketInRoom(b!, 'room-other');

      const text = 'Ünïcødé ✓ 🏗️ '.repeat(3000); // ~60 KB of multi-byte text
      await a.deps.hub.publish('room-big', { type: 'receiveMessage', message: { _id: 'big', message: text } });
      expect((await inRoom.next((f) => f.message?._id === 'big')).message.message).toBe(text);
      await settle();
      expect(elsewhere.frames).toEqual([]);
      inRoom.ws.close();
      elsewhere.ws.close();
    });
  } else {
    it('without PostgreSQL, publish reaches the sockets of the room on this instance, once', async () => {
      const inRoom = await socketInRoom(a, 'room-1');
      const elsewhere = await socketInRoom(a, 'room-2');

      await a.deps.hub.publish('room-1', { type: 'receiveMessage', message: { _id: 'm1', message: 'local' } });
      expect((await inRoom.next((f) => f.message?._id === 'm1')).message.message).toBe('local');
      await settle();
      expect(inRoom.frames.filter((f) => f.message?._id === 'm1')).toHaveLength(1);
      expect(elsewhere.frames).toEqual([]);
      inRoom.ws.close();
      elsewhere.ws.close();
    });
  }
});
