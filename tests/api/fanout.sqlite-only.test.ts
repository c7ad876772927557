import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { settle, socketInRoom } from './hub.ts';

// On SQLite there is a single instance (no LISTEN/NOTIFY), and publish must still reach its own
// sockets. Across instances on PostgreSQL: fanout.pg-only.test.ts.

describe('chat fan-out', () => {
  let a: TestServer;

  beforeAll(async () => {
    a = await startTestServer();
  });
  afterAll(async () => {
    await a?.stop();
  });

  it('without PostgreSQL, publish reaches the sockets of the room on this instance, once', async () => {
    const inRoom = await socketInRoom(a, 'room-1');
    const elsewhere = await socketInRoom(a, 'room-2');

    await a.deps.hub.publish('room-1', { type: 'receiveMessage', message: { _id: 'm1', message: 'local' } });
    expect((await inRoom.next((f) => f.message?._id === 'm1')).message.message).toBe('local');
    await settle('room-1', [a], [inRoom]);
    expect(inRoom.frames.filter((f) => f.message?._id === 'm1')).toHaveLength(1);
    expect(elsewhere.frames).toEqual([]);
    inRoom.ws.close();
    elsewhere.ws.close();
  });
});
