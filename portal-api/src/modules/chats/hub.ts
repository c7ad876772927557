import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import { isUnstorableTextError } from '../../db/database.ts';
import type { Role } from '../../db/schema.ts';
import { DATABASE_UNREACHABLE, isDatabaseUnreachable } from '../../db/open-errors.ts';
import { JSON_LIMIT } from '../../http/limits.ts';
import { SESSION_ENDED_CLOSE, SESSION_ENDED_MESSAGE } from './chats.labels.ts';
import { errorFrame, type ServerFrame } from './chats.frames.schema.ts';

// The /ws transport: connection registry, rooms keyed by query id, heartbeat
// pings that drop dead sockets. Frame handling is set by the chats module.

export type Peer = {
  socket: WebSocket;
  userId: string | null;
  role: Role | null;
  rooms: Set<string>;
  isAlive: boolean;
  /** Ids (token hashes) of the sessions whose tokens this socket's frames carried. */
  sessions: Set<string>;
  /** The frame being handled: the next one of this socket waits for it, so frames are handled in the order they came. */
  turn: Promise<void>;
};

/** An ended session (logout), or every session of a user (password reset). */
export type SessionEnd = { sessionId?: string; userId?: string };

export type FrameHandler = (peer: Peer, data: string) => Promise<void>;

const HEARTBEAT_MS = 30_000;
/** Sockets pinged per turn of the event loop in a heartbeat sweep. */
const SWEEP_CHUNK = 100;

export class ChatHub {
  /**
   * Frames up to the JSON body limit of the API (1 MiB) reach the handler, which refuses what is
   * too long with an error frame and keeps the socket; only a larger frame closes it (1009).
   */
  readonly wss = new WebSocketServer({ noServer: true, maxPayload: JSON_LIMIT });
  private readonly peers = new Set<Peer>();
  private readonly rooms = new Map<string, Set<Peer>>();
  /** Each bound user's sockets on this instance (bindUser), so isOnline costs no walk over every socket. */
  private readonly byUser = new Map<string, Set<Peer>>();
  private readonly heartbeat: NodeJS.Timeout;
  private handler: FrameHandler = async (peer) => this.send(peer, errorFrame('Chat is not available.', 'service_unavailable'));

  constructor(
    private readonly log: Logger,
    heartbeatMs = HEARTBEAT_MS,
  ) {
    this.wss.on('connection', (socket) => this.accept(socket));
    this.heartbeat = setInterval(() => this.sweep(), heartbeatMs);
    this.heartbeat.unref();
  }

  setHandler(handler: FrameHandler): void {
    this.handler = handler;
  }

  handleUpgrade(req: IncomingMessage, socket: import('node:stream').Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  private accept(socket: WebSocket): void {
    const peer: Peer = { socket, userId: null, role: null, rooms: new Set(), isAlive: true, sessions: new Set(), turn: Promise.resolve() };
    this.peers.add(peer);
    socket.on('pong', () => (peer.isAlive = true));
    socket.on('message', (data, isBinary) => {
      if (isBinary) return this.send(peer, errorFrame('Frames must be JSON text.', 'invalid_frame'));
      const text = data.toString();
      // One frame at a time per socket: messages sent back to back are stored and broadcast in
      // the order they were sent (on PostgreSQL their reads otherwise finish in any order).
      peer.turn = peer.turn.then(() =>
        this.handler(peer, text).catch((err: unknown) => {
          if (isUnstorableTextError(err))
            return this.send(peer, errorFrame('The message contains characters that cannot be stored.', 'invalid_input'));
          if (isDatabaseUnreachable(err)) {
            this.log.error({ err }, 'chat frame failed: database unreachable');
            return this.send(peer, errorFrame(DATABASE_UNREACHABLE, 'database_unreachable'));
          }
          this.log.error({ err }, 'chat frame failed');
          this.send(peer, errorFrame('Internal server error', 'internal_error'));
        }),
      );
    });
    socket.on('close', () => this.drop(peer));
    socket.on('error', () => this.drop(peer));
  }

  /**
   * Drops the sockets that did not answer the last ping and pings the others, SWEEP_CHUNK
   * at a time with the event loop free in between: pinging 1,000 sockets at once held
   * chat delivery for 32 ms every 30 s (`npm run bench:chat` profile).
   */
  private sweep(): void {
    const peers = [...this.peers];
    const step = (from: number) => {
      for (const peer of peers.slice(from, from + SWEEP_CHUNK)) {
        if (!this.peers.has(peer)) continue; // closed meanwhile
        if (!peer.isAlive) {
          peer.socket.terminate();
          this.drop(peer);
          continue;
        }
        peer.isAlive = false;
        peer.socket.ping();
      }
      if (from + SWEEP_CHUNK < peers.length) setImmediate(() => step(from + SWEEP_CHUNK)).unref();
    };
    step(0);
  }

  private drop(peer: Peer): void {
    if (!this.peers.delete(peer)) return;
    for (const room of peer.rooms) this.rooms.get(room)?.delete(peer);
    if (peer.userId) {
      const mine = this.byUser.get(peer.userId);
      mine?.delete(peer);
      if (mine && !mine.size) this.byUser.delete(peer.userId);
    }
    this.onDrop(peer);
  }

  /** Binds a socket to its user (once; chats.presence.ts). */
  bindUser(peer: Peer, userId: string): void {
    if (!this.peers.has(peer) || peer.userId) return;
    peer.userId = userId;
    let mine = this.byUser.get(userId);
    if (!mine) this.byUser.set(userId, (mine = new Set()));
    mine.add(peer);
  }

  join(peer: Peer, room: string): void {
    if (!this.peers.has(peer)) return; // closed meanwhile (its session ended during the frame)
    peer.rooms.add(room);
    let members = this.rooms.get(room);
    if (!members) this.rooms.set(room, (members = new Set()));
    members.add(peer);
  }

  send(peer: Peer, frame: ServerFrame): void {
    if (peer.socket.readyState === WebSocket.OPEN) peer.socket.send(JSON.stringify(frame));
  }

  /** Sends to every socket in a room on this instance, each its own copy where readerCopy makes one. */
  broadcast(room: string, frame: object): void {
    const text = JSON.stringify(frame);
    const copyFor = this.readerCopies?.(frame) ?? null;
    for (const peer of this.rooms.get(room) ?? []) {
      if (peer.socket.readyState !== WebSocket.OPEN) continue;
      const own = copyFor?.(peer);
      peer.socket.send(own ? JSON.stringify(own) : text);
    }
  }

  /**
   * Set by the chats module: for a frame that each reader receives in a copy of their own, the
   * function that makes it; null for a frame that is the same for everyone (chats.socket.ts: a
   * file's link is signed for the socket's user, not for the sender).
   */
  private readerCopies: ((frame: object) => ((peer: Peer) => object | null) | null) | null = null;

  setReaderCopies(copies: ((frame: object) => ((peer: Peer) => object | null) | null) | null): void {
    this.readerCopies = copies;
  }

  /**
   * Sends a frame to a room on every instance. Modules call this (not
   * broadcast): with PostgreSQL it fans out through LISTEN/NOTIFY.
   */
  async publish(room: string, frame: object): Promise<void> {
    this.broadcast(room, frame);
    await this.relay?.(room, frame);
  }

  /**
   * Whether a publish to `room` may reach a socket: one of this instance's is in it, or
   * instances share a fan-out (then another instance's socket may be).
   */
  mayReach(room: string): boolean {
    return this.relay !== null || (this.rooms.get(room)?.size ?? 0) > 0;
  }

  /** Set by fanout.ts when instances share PostgreSQL; null keeps publish on this instance. */
  private relay: ((room: string, frame: object) => Promise<void>) | null = null;

  setRelay(relay: ((room: string, frame: object) => Promise<void>) | null): void {
    this.relay = relay;
  }

  /**
   * Ends a session's (or a user's) sockets at once, here and — through the
   * fan-out channel on PostgreSQL — on every other instance, so a signed-out socket hears nothing more.
   */
  async endSessions(end: SessionEnd): Promise<void> {
    this.endSessionsHere(end);
    await this.sessionRelay?.(end);
  }

  /** Closes the matching sockets of this instance and tells the listeners (chats.socket.ts forgets cached tokens). */
  endSessionsHere(end: SessionEnd): void {
    if (!end.sessionId && !end.userId) return;
    this.onSessionsEnded(end);
    for (const peer of [...this.peers]) {
      const matches = (end.userId && peer.userId === end.userId) || (end.sessionId && peer.sessions.has(end.sessionId));
      if (matches) this.endPeer(peer);
    }
  }

  /** Tells a socket its session ended and closes it (4001). */
  endPeer(peer: Peer): void {
    if (!this.peers.has(peer)) return;
    this.send(peer, errorFrame(SESSION_ENDED_MESSAGE, 'session_ended'));
    this.drop(peer);
    peer.socket.close(SESSION_ENDED_CLOSE, 'Session ended');
  }

  /** Set by chats.socket.ts. */
  onSessionsEnded: (end: SessionEnd) => void = () => {};

  private sessionRelay: ((end: SessionEnd) => Promise<void>) | null = null;

  /** Set by fanout.ts when instances share PostgreSQL. */
  setSessionRelay(relay: ((end: SessionEnd) => Promise<void>) | null): void {
    this.sessionRelay = relay;
  }

  /** Sockets of this instance that passed authenticateAdmin. */
  admins(): Peer[] {
    return [...this.peers].filter((p) => p.role === 'admin');
  }

  /** Whether one of this instance's sockets passed authenticateAdmin (stops at the first). */
  anyAdmin(): boolean {
    for (const peer of this.peers) if (peer.role === 'admin') return true;
    return false;
  }

  /** Every connected peer on this instance. */
  allPeers(): Peer[] {
    return [...this.peers];
  }

  /** Called after a peer is dropped (for presence). */
  onDrop: (peer: Peer) => void = () => {};

  /** Whether a user has at least one live, authenticated socket on this instance. */
  isOnline(userId: string): boolean {
    return this.byUser.has(userId);
  }

  get size(): number {
    return this.peers.size;
  }

  private readonly stops: Array<() => void> = [];

  /** Runs `stop` when the hub closes (the timers of the modules that work on its sockets). */
  onClose(stop: () => void): void {
    this.stops.push(stop);
  }

  /** Closes every socket (1001 going away) and stops the heartbeat. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const stop of this.stops.splice(0)) stop();
    for (const peer of this.peers) peer.socket.close(1001, 'Server shutting down');
    for (const peer of this.peers) peer.socket.terminate();
    this.peers.clear();
    this.rooms.clear();
    this.byUser.clear();
    this.wss.close();
  }
}
