import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../portal-api/src/db/database.ts';
import { ADMIN, createTestDatabase, postgresUrl, startSecondInstance, startTestServer, type TestServer } from './harness.ts';
import { settle, socketInRoom } from './hub.ts';
import { createClientOver, createQueryOver, signInOver, startServerProcess } from './process.ts';
import { openSocket, type Socket } from './socket.ts';
import { until } from './until.ts';

// Chat frames published by one instance reach sockets on every instance
// (PostgreSQL LISTEN/NOTIFY, modules/chats/fanout.ts). On SQLite there is a
// single instance: fanout.sqlite-only.test.ts.

describe('chat fan-out', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startTestServer();
    b = await startSecondInstance(a);
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('delivers a frame published on one instance to a socket of the other, once', async () => {
    const onB = await socketInRoom(b, 'room-1');
    const onA = await socketInRoom(a, 'room-1');

    await a.deps.hub.publish('room-1', { type: 'receiveMessage', message: { _id: 'm1', message: 'hello from A' } });
    expect((await onB.next((f) => f.message?._id === 'm1')).message.message).toBe('hello from A');
    await onA.next((f) => f.message?._id === 'm1');
    await settle('room-1', [a, b], [onA, onB]);
    // Nobody gets it twice: A broadcast locally and ignored its own NOTIFY.
    expect(onA.frames.filter((f) => f.message?._id === 'm1')).toHaveLength(1);
    expect(onB.frames.filter((f) => f.message?._id === 'm1')).toHaveLength(1);

    await b.deps.hub.publish('room-1', { type: 'queryStatus', queryId: 'room-1', status: 'closed' });
    expect(await onA.next((f) => f.type === 'queryStatus')).toEqual({ type: 'queryStatus', queryId: 'room-1', status: 'closed' });
    onA.ws.close();
    onB.ws.close();
  });

  it("keeps delivering after the database drops an instance's listening connection", { timeout: 30_000 }, async () => {
    const application = `chat-fanout-${b.fanout!.instanceId}`;
    const before = await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${application}`.execute(a.deps.db);
    expect(before.rows).toHaveLength(1);
    await sql`select pg_terminate_backend(${before.rows[0]!.pid})`.execute(a.deps.db);
    // The listener reconnects after about a second, on a new backend.
    await until(
      'the listener back on a new backend',
      async () => {
        const now = await sql<{
          pid: number;
        }>`select pid from pg_stat_activity where application_name = ${application} and query ilike 'LISTEN%'`.execute(a.deps.db);
        return now.rows.length === 1 && now.rows[0]!.pid !== before.rows[0]!.pid;
      },
      15_000,
    );
    const onB = await socketInRoom(b, 'room-again');
    await a.deps.hub.publish('room-again', { type: 'receiveMessage', message: { _id: 'again', message: 'after the reconnect' } });
    expect((await onB.next((f) => f.message?._id === 'again')).message.message).toBe('after the reconnect');
    onB.ws.close();
  });

  it('carries frames larger than a NOTIFY payload (8000 bytes) intact, and only to the room', async () => {
    const inRoom = await socketInRoom(b, 'room-big');
    const elsewhere = await socketInRoom(b, 'room-other');

    const text = 'Ünïcødé ✓ 🏗️ '.repeat(3000); // ~60 KB of multi-byte text
    await a.deps.hub.publish('room-big', { type: 'receiveMessage', message: { _id: 'big', message: text } });
    expect((await inRoom.next((f) => f.message?._id === 'big')).message.message).toBe(text);
    await settle('room-big', [a, b], [inRoom]);
    expect(elsewhere.frames).toEqual([]);
    inRoom.ws.close();
    elsewhere.ws.close();
  });

  it(
    'two server processes on one database: a chat message sent through one arrives on a socket of the other',
    { timeout: 90_000 },
    async () => {
      const database = await createTestDatabase(postgresUrl());
      const dirs = await Promise.all([1, 2].map((n) => fs.mkdtemp(path.join(os.tmpdir(), `estimating-instance${n}-`))));
      const env = { DATABASE_URL: database.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
      // Started together, as a deployment would: migrations and seeding must not trip over each other.
      const started = await Promise.allSettled(dirs.map((dir) => startServerProcess(dir, env)));
      const failed = started.find((r) => r.status === 'rejected');
      if (failed) {
        await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
        await database.drop();
        throw failed.reason;
      }
      const [one, two] = started.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof startServerProcess>>>).value);
      const db = openDatabase({ kind: 'postgres', url: database.url });
      try {
        // Sign in through instance one. The outbox rows are shared, and whichever instance's
        // worker claims a mail writes it into its own DATA_DIR: the code is looked for in both.
        const viaOne = { call: one!.call, outbox: async () => (await Promise.all([one!.outbox(), two!.outbox()])).flat() };
        const adminToken = await signInOver(viaOne, ADMIN.email, ADMIN.password);
        const client = await createClientOver(
          viaOne,
          adminToken,
          async (email) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
        );
        const queryId = await createQueryOver(one!, client.token, 'Two instances');

        const adminOnTwo = await openSocket(two!.url);
        adminOnTwo.ws.send(JSON.stringify({ type: 'joinRoom', token: adminToken, queryId }));
        await adminOnTwo.next((f) => f.type === 'joined');
        const clientOnOne = await openSocket(one!.url);
        clientOnOne.ws.send(
          JSON.stringify({ type: 'sendMessage', token: client.token, queryId, message: 'Sent through instance one', replyTo: null }),
        );

        const mine = await clientOnOne.next((f) => f.type === 'receiveMessage');
        const theirs = await adminOnTwo.next((f) => f.type === 'receiveMessage');
        expect(theirs.message).toEqual(mine.message);
        expect(theirs.message.message).toBe('Sent through instance one');

        // And back: the admin answers through instance two, the client sees it on instance one.
        adminOnTwo.ws.send(
          JSON.stringify({
            type: 'sendMessage',
            token: adminToken,
            queryId,
            message: 'Answered through instance two',
            replyTo: mine.message._id,
          }),
        );
        const reply = await clientOnOne.next((f) => f.type === 'receiveMessage' && f.message.message === 'Answered through instance two');
        expect(reply.message.replyTo._id).toBe(mine.message._id);
        // One more message through each instance, seen on both sockets: NOTIFY keeps commit order,
        // so a duplicate of the two above would have arrived before these.
        for (const [socket, token, text] of [
          [clientOnOne, client.token, 'Settled through instance one'],
          [adminOnTwo, adminToken, 'Settled through instance two'],
        ] as const) {
          socket.ws.send(JSON.stringify({ type: 'sendMessage', token, queryId, message: text }));
          for (const each of [clientOnOne, adminOnTwo]) await each.next((f) => f.type === 'receiveMessage' && f.message.message === text);
        }
        const chat = (socket: Socket) =>
          socket.frames.filter((f) => f.type === 'receiveMessage' && !f.message.message.startsWith('Settled'));
        expect(chat(clientOnOne)).toHaveLength(2);
        expect(chat(adminOnTwo)).toHaveLength(2);
        clientOnOne.ws.close();
        adminOnTwo.ws.close();
      } finally {
        await Promise.all([one?.stop(), two?.stop()]);
        await db.destroy();
        await database.drop();
        await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
      }
    },
  );
});
