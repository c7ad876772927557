import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import { PgListener } from '../../db/pg-listener.ts';
import { notifyChannel } from './fanout.repo.ts';
import type { ChatHub, SessionEnd } from './hub.ts';

// Chat across server instances (docs/architecture.md §5): with PostgreSQL,
// ChatHub.publish broadcasts on this instance and then sends a NOTIFY; every
// instance LISTENs on a dedicated connection and broadcasts what the others
// sent to its own sockets. Each instance tags its notifications with its id
// and ignores its own, so nobody receives a frame twice.
//
// A NOTIFY payload must be shorter than 8000 bytes
// (https://www.postgresql.org/docs/current/sql-notify.html). Larger frames are
// base64-encoded and split into numbered parts sent in ONE transaction: a
// transaction's notifications are delivered together and in order, so the
// receivers reassemble them without a side table or an extra read.

export const FANOUT_CHANNEL = 'chat_fanout';
const MAX_PAYLOAD_BYTES = 7900;
const PART_CHARS = 7000;
const PARTIAL_TTL_MS = 30_000;

type Whole = { o: string; r: string; f: object };
/** "Session ended" notice: the other instances close that session's (or user's) sockets. */
type Ended = { o: string; e: SessionEnd };
type Part = { o: string; s: string; i: number; n: number; d: string };

export class PgFanout {
  readonly instanceId = randomUUID();
  private readonly listener: PgListener;
  private readonly partials = new Map<string, { parts: string[]; got: number; at: number }>();

  constructor(
    url: string,
    private readonly db: DB,
    private readonly hub: ChatHub,
    private readonly log: Logger,
  ) {
    // A lost listener reconnects with backoff; frames published meanwhile do not
    // reach this instance live (clients still read them from the history).
    this.listener = new PgListener({
      url,
      channel: FANOUT_CHANNEL,
      name: `chat-fanout-${this.instanceId}`,
      what: 'chat fan-out listener',
      log,
      onPayload: (payload) => this.receive(payload),
      onUp: (reconnected) => {
        if (reconnected) log.info('chat fan-out listener reconnected');
      },
    });
  }

  /** Connects the listener and makes hub.publish reach the other instances. */
  async start(): Promise<void> {
    await this.listener.start();
    this.hub.setRelay((room, frame) => this.notify(room, frame));
    this.hub.setSessionRelay((end) => this.notifyEnded(end));
  }

  async stop(): Promise<void> {
    this.hub.setRelay(null);
    this.hub.setSessionRelay(null);
    await this.listener.stop();
  }

  /** Sends a frame to the other instances. Never throws: the local broadcast already happened. */
  private async notify(room: string, frame: object): Promise<void> {
    const whole = JSON.stringify({ o: this.instanceId, r: room, f: frame } satisfies Whole);
    try {
      if (Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES) {
        await notifyChannel(this.db, FANOUT_CHANNEL, [whole]);
        return;
      }
      const data = Buffer.from(whole).toString('base64');
      const n = Math.ceil(data.length / PART_CHARS);
      const s = randomUUID();
      const parts = Array.from({ length: n }, (_, i) =>
        JSON.stringify({ o: this.instanceId, s, i, n, d: data.slice(i * PART_CHARS, (i + 1) * PART_CHARS) } satisfies Part),
      );
      await notifyChannel(this.db, FANOUT_CHANNEL, parts);
    } catch (err) {
      this.log.error({ err, room }, 'chat fan-out NOTIFY failed; the frame reached this instance only');
    }
  }

  /** Sends a "session ended" notice to the other instances. Never throws. */
  private async notifyEnded(end: SessionEnd): Promise<void> {
    const notice: Ended = { o: this.instanceId, e: { sessionId: end.sessionId, userId: end.userId } };
    try {
      await notifyChannel(this.db, FANOUT_CHANNEL, [JSON.stringify(notice)]);
    } catch (err) {
      this.log.error({ err }, 'chat fan-out NOTIFY of an ended session failed; its sockets elsewhere close at their next check');
    }
  }

  private receive(payload: string): void {
    let parsed: Partial<Whole & Part & Ended>;
    try {
      parsed = JSON.parse(payload) as Partial<Whole & Part & Ended>;
    } catch {
      return;
    }
    if (parsed.o === this.instanceId) return;
    if (parsed.e && typeof parsed.e === 'object') {
      const { sessionId, userId } = parsed.e;
      this.hub.endSessionsHere({
        sessionId: typeof sessionId === 'string' ? sessionId : undefined,
        userId: typeof userId === 'string' ? userId : undefined,
      });
      return;
    }
    if (typeof parsed.r === 'string' && parsed.f) {
      this.hub.broadcast(parsed.r, parsed.f);
      return;
    }
    if (typeof parsed.s !== 'string' || typeof parsed.i !== 'number' || typeof parsed.n !== 'number' || typeof parsed.d !== 'string')
      return;
    const now = Date.now();
    for (const [key, partial] of this.partials) if (now - partial.at > PARTIAL_TTL_MS) this.partials.delete(key);
    let partial = this.partials.get(parsed.s);
    if (!partial) this.partials.set(parsed.s, (partial = { parts: new Array<string>(parsed.n), got: 0, at: now }));
    if (partial.parts[parsed.i] === undefined) {
      partial.parts[parsed.i] = parsed.d;
      partial.got += 1;
    }
    if (partial.got < parsed.n) return;
    this.partials.delete(parsed.s);
    this.receive(Buffer.from(partial.parts.join(''), 'base64').toString('utf8'));
  }
}
