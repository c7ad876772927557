import fc from 'fast-check';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The server first: it extends zod with .openapi() before the frame schemas are built.
import { createClient, signInAdmin, startTestServer, type TestServer } from './harness.ts';
import {
  CLIENT_FRAME_TYPES,
  ErrorFrameSchema,
  parseClientFrame,
  parseServerFrame,
  ServerFrameSchema,
} from '../../portal-api/src/modules/chats/chats.frames.schema.ts';
import { openSocket, type Socket } from './socket.ts';
import { submitQuery } from './submit-query.ts';

// Random and malformed /ws frames, both ways (chats.frames.schema.ts):
//   - client → server: every frame a real server receives is either acted on or answered with
//     one error frame carrying a code; the socket stays open and keeps working, nothing refused
//     is stored;
//   - server → client: what the browser's parser (parseServerFrame) accepts is exactly what the
//     shared union accepts, so a frame that does not parse is never acted on.

const RUNS = 150;

/** JSON values that look like frames: known and unknown types, right and wrong field types. */
const frameLike = (token: string, queryId: string) =>
  fc.record(
    {
      type: fc.oneof(fc.constantFrom(...CLIENT_FRAME_TYPES, 'joined', 'error', '', 'TYPE'), fc.string(), fc.integer(), fc.constant(null)),
      token: fc.oneof(fc.constant(token), fc.string(), fc.constant(''), fc.integer(), fc.constant(null)),
      queryId: fc.oneof(fc.constant(queryId), fc.string({ maxLength: 80 }), fc.integer(), fc.constant(null)),
      message: fc.oneof(
        fc.string(),
        fc.constant('   '),
        fc.string({ minLength: 5001, maxLength: 5010 }),
        fc.integer(),
        fc.array(fc.string()),
      ),
      replyTo: fc.oneof(fc.constant(null), fc.string(), fc.integer()),
    },
    { requiredKeys: [] },
  );

/** Text that is not a JSON object: broken JSON, arrays, scalars, deep nesting, control characters. */
const malformedText = fc.oneof(
  fc.string(),
  fc.json(),
  fc.constantFrom('{', '{"type":', '[]', 'null', '0', '"joinRoom"', '{"type":"sendMessage"}', '\u0000', '{}'.repeat(3)),
  fc.integer({ min: 1, max: 2000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
);

let server: TestServer;
let client: Awaited<ReturnType<typeof createClient>>;
let queryId: string;
/** A second request, joined after each fuzzed frame: its `joined` marks the end of that frame's answers. */
let markerQuery: string;
let socket: Socket;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signInAdmin(server);
  client = await createClient(server, admin);
  queryId = await submitQuery(server, client.token, 'A request the fuzzer talks to.');
  markerQuery = await submitQuery(server, client.token, 'A request that marks the end of each answer.');
  socket = await openSocket(server.url);
});
afterAll(async () => {
  socket?.ws.terminate();
  await server?.stop();
});

/** Sends one frame and waits for the answer to a marker sent after it (frames are handled in order). */
async function answersTo(text: string): Promise<any[]> {
  const from = socket.frames.length;
  socket.ws.send(text);
  socket.ws.send(JSON.stringify({ type: 'joinRoom', token: client.token, queryId: markerQuery }));
  const marker = await socket.next((f) => f.type === 'joined' && f.queryId === markerQuery && socket.frames.indexOf(f) >= from, 10_000);
  return socket.frames.slice(from, socket.frames.indexOf(marker));
}

describe('client → server: the hub parses every frame with the shared union', () => {
  it('answers each malformed or random frame with at most one coded error frame and keeps the socket', async () => {
    const messagesBefore = await server.deps.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          malformedText,
          frameLike(client.token, queryId).map((f) => JSON.stringify(f)),
        ),
        async (text) => {
          const parsed = parseClientFrame(text);
          const answers = await answersTo(text);
          for (const frame of answers) expect(ServerFrameSchema.safeParse(frame).success, JSON.stringify(frame)).toBe(true);
          if ('error' in parsed) {
            // Refused by the schema: exactly that error frame, nothing else (unread counts are pushed
            // after a stored message without waiting, so one may land here).
            expect(answers.filter((f) => f.type !== 'unread')).toEqual([parsed.error]);
            expect(ErrorFrameSchema.parse(answers[0]).code).toMatch(/^(invalid_frame|unknown_frame)$/);
          }
          expect(socket.ws.readyState).toBe(WebSocket.OPEN);
        },
      ),
      { numRuns: RUNS },
    );
    // Only well-formed sendMessage frames with the right token and query may have stored anything.
    const sent = socket.frames.filter((f) => f.type === 'receiveMessage').length;
    const messagesAfter = await server.deps.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(messagesAfter.n) - Number(messagesBefore.n)).toBe(sent);
    // The socket still works.
    socket.ws.send(JSON.stringify({ type: 'joinRoom', token: client.token, queryId }));
    await socket.next((f) => f.type === 'joined' && f.queryId === queryId);
  });
});

describe('server → client: the browser acts only on frames of the shared union', () => {
  const valid = fc.oneof(
    fc.record({ type: fc.constant('joined'), queryId: fc.string() }),
    fc.record({ type: fc.constant('presence'), userId: fc.string(), online: fc.boolean() }),
    // A key named __proto__ is dropped by the parser (below), so the well-formed keys are the others.
    fc.record({
      type: fc.constant('unread'),
      total: fc.nat(),
      queries: fc.dictionary(
        fc.string().filter((k) => k !== '__proto__'),
        fc.nat(),
      ),
    }),
    fc.record({ type: fc.constant('error'), message: fc.string(), code: fc.constantFrom('query_closed', 'session_expired', 'not_found') }),
    fc.record({
      type: fc.constant('receiveMessage'),
      message: fc.record({
        _id: fc.string(),
        query: fc.string(),
        message: fc.string(),
        sender: fc.record({ _id: fc.string(), role: fc.constantFrom('admin', 'client'), fullName: fc.string() }),
        createdAt: fc.string(),
        replyTo: fc.constant(null),
      }),
    }),
  );

  it('parses every well-formed frame as it was sent', () => {
    fc.assert(
      fc.property(valid, (frame) => {
        expect(parseServerFrame(JSON.stringify(frame))).toEqual(frame);
      }),
      { numRuns: RUNS },
    );
  });

  it("drops a count keyed __proto__ instead of setting the counts' prototype", () => {
    const parsed = parseServerFrame('{"type":"unread","total":1,"queries":{"__proto__":{"polluted":1},"q1":1}}');
    expect(parsed).toEqual({ type: 'unread', total: 1, queries: { q1: 1 } });
    expect(Object.getPrototypeOf((parsed as { queries: object }).queries)).toBe(Object.prototype);
  });

  it('ignores malformed and random frames: null exactly when the union refuses them', () => {
    const broken = fc.oneof(
      malformedText,
      valid.chain((frame) =>
        fc
          .constantFrom(...Object.keys(frame).filter((k) => k !== 'type'))
          .map((key) => JSON.stringify({ ...frame, [key]: { wrong: true } })),
      ),
      fc
        .record({ type: fc.constantFrom('error', 'receiveMessage', 'unread'), message: fc.anything(), code: fc.string() })
        .map((f) => JSON.stringify(f)),
    );
    fc.assert(
      fc.property(broken, (text) => {
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch {
          expect(parseServerFrame(text)).toBeNull();
          return;
        }
        const accepted = ServerFrameSchema.safeParse(raw);
        expect(parseServerFrame(text)).toEqual(accepted.success ? accepted.data : null);
      }),
      { numRuns: RUNS * 2 },
    );
    expect(parseServerFrame(new ArrayBuffer(4))).toBeNull();
  });
});
