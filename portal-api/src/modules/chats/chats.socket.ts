import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { authenticate } from '../../http/auth.ts';
import { HttpError, zodMessage } from '../../http/errors.ts';
import { recordMessageActivity } from '../activities/activities.repo.ts';
import { findQueryForUser } from '../queries/queries.repo.ts';
import { mailClientAboutReply, mailCompanyAboutClientMessage } from './chats.mail.ts';
import { findReplyTarget, insertMessage } from './chats.repo.ts';
import {
  CHAT_BAD_REPLY, CHAT_CLOSED, CLIENT_FRAME_TYPES, ClientFrameSchema, type ChatMessage, type ClientFrame,
  type ServerFrame,
} from './chats.schema.ts';
import { markQueryRead, pushUnreadAfterMessage, watchUnread } from './chats.unread.ts';
import type { Peer } from './hub.ts';

// The /ws frame protocol (ARCHITECTURE.md "WebSocket /ws", CONTRACTS.md): every
// frame carries its token and is checked on its own; a refused frame answers
// {type:'error'} and never closes the socket (STYLE.md "Errors").

/**
 * A token is re-checked against the sessions table at most this often (plus up
 * to half again, at random, so sockets opened together do not all re-check in
 * the same millisecond). One entry per token, shared by that user's sockets.
 */
const AUTH_CACHE_MS = 10_000;
const AUTH_CACHE_MAX = 10_000;

/** Per socket: a burst of 60 messages, then 5 a second (far above typing speed, far below a script). */
const SEND_BURST = 60;
const SEND_PER_SECOND = 5;

type CachedAuth = { user: AuthUser; expiresAt: number; checkedAt: number };

export function isUserOnline(deps: Pick<Deps, 'hub'>, userId: string): boolean {
  return deps.hub.isOnline(userId);
}

export async function registerChat(deps: Deps): Promise<void> {
  const { hub } = deps;
  const authCache = new Map<string, CachedAuth>();

  // Sessions ended (logout, password reset) in the last moments: a cached token
  // checked before that is checked again, so an ended session opens nothing.
  const ended = new Map<string, number>();
  hub.onSessionsEnded = (end) => {
    const now = Date.now();
    for (const [key, at] of ended) if (now - at > AUTH_CACHE_MS * 2) ended.delete(key);
    if (end.sessionId) ended.set(`s:${end.sessionId}`, now);
    if (end.userId) ended.set(`u:${end.userId}`, now);
  };
  const endedSince = (user: AuthUser, at: number) =>
    (ended.get(`s:${user.sessionId}`) ?? -1) >= at || (ended.get(`u:${user.id}`) ?? -1) >= at;

  async function authenticateCached(token: string): Promise<AuthUser> {
    const now = Date.now();
    const cached = authCache.get(token);
    if (cached && cached.expiresAt > now && !endedSince(cached.user, cached.checkedAt)) return cached.user;
    const user = await authenticate(deps.db, token);
    if (authCache.size >= AUTH_CACHE_MAX) {
      for (const [key, entry] of authCache) if (entry.expiresAt <= now) authCache.delete(key);
      if (authCache.size >= AUTH_CACHE_MAX) authCache.clear();
    }
    authCache.set(token, { user, expiresAt: now + AUTH_CACHE_MS * (1 + Math.random() / 2), checkedAt: now });
    return user;
  }
  const buckets = new WeakMap<Peer, { tokens: number; at: number }>();

  /** Token bucket per socket for sendMessage. */
  function takeSendToken(peer: Peer): boolean {
    const now = Date.now();
    const bucket = buckets.get(peer) ?? { tokens: SEND_BURST, at: now };
    bucket.tokens = Math.min(SEND_BURST, bucket.tokens + ((now - bucket.at) / 1000) * SEND_PER_SECOND);
    bucket.at = now;
    buckets.set(peer, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  const send = (peer: Peer, frame: ServerFrame) => hub.send(peer, frame);
  const toAdmins = (frame: ServerFrame) => {
    for (const admin of hub.admins()) send(admin, frame);
  };

  async function identify(peer: Peer, token: string): Promise<AuthUser> {
    const user = await authenticateCached(token);
    peer.sessions.add(user.sessionId);
    if (peer.userId && peer.userId !== user.id) throw new HttpError(409, 'This connection is signed in as another user.');
    if (!peer.userId) {
      const wasOnline = hub.isOnline(user.id);
      peer.userId = user.id;
      peer.role = user.role === 'admin' ? null : 'client';
      if (user.role === 'client' && !wasOnline) toAdmins({ type: 'presence', userId: user.id, online: true });
    }
    return user;
  }

  hub.onDrop = (peer) => {
    if (peer.role === 'client' && peer.userId && !hub.isOnline(peer.userId)) {
      toAdmins({ type: 'presence', userId: peer.userId, online: false });
    }
  };

  async function handle(peer: Peer, frame: ClientFrame): Promise<void> {
    switch (frame.type) {
      case 'authenticateAdmin': {
        const user = await identify(peer, frame.token);
        if (user.role !== 'admin') throw new HttpError(403, 'You are not allowed to do this.');
        peer.role = 'admin';
        send(peer, { type: 'authenticated' });
        const online = new Set(hub.allPeers().filter((p) => p.role === 'client' && p.userId).map((p) => p.userId!));
        for (const userId of online) send(peer, { type: 'presence', userId, online: true });
        return;
      }
      case 'joinRoom': {
        const user = await identify(peer, frame.token);
        const query = await findQueryForUser(deps.db, frame.queryId, user);
        hub.join(peer, query.id);
        send(peer, { type: 'joined', queryId: query.id });
        return;
      }
      case 'sendMessage': {
        if (!takeSendToken(peer)) throw new HttpError(429, 'You are sending messages too fast. Please wait a moment.');
        const user = await identify(peer, frame.token);
        const query = await findQueryForUser(deps.db, frame.queryId, user);
        if (query.status === 'closed') throw new HttpError(409, CHAT_CLOSED);
        const text = frame.message; // trimmed and length-checked by ClientFrameSchema
        const target = frame.replyTo ? await findReplyTarget(deps.db, frame.replyTo) : null;
        if (frame.replyTo && (!target || target.query_id !== query.id)) throw new HttpError(400, CHAT_BAD_REPLY);
        // Stored (with its activity, and the mail telling the other side when it is not connected)
        // before anyone sees it, so a refetch after a reconnect has it.
        const mailCtx = { companyEmail: deps.config.companyEmail, publicUrl: deps.config.publicUrl };
        const stored = await deps.db.transaction().execute(async (trx) => {
          const row = await insertMessage(trx, { queryId: query.id, senderId: user.id, message: text, replyTo: target?.id ?? null });
          await recordMessageActivity(trx, {
            userId: query.user_id, queryId: query.id, status: query.status,
            activity: user.role === 'admin' ? 'Reply from the estimating team' : 'Message sent',
          });
          if (user.role === 'admin' && !hub.isOnline(query.user_id)) await mailClientAboutReply(trx, mailCtx, query);
          if (user.role !== 'admin' && hub.admins().length === 0) await mailCompanyAboutClientMessage(trx, mailCtx, query, user);
          return row;
        });
        // The same shape as toChatMessage() builds from a row, without reading the row back.
        const message: ChatMessage = {
          _id: stored.id, query: query.id, message: text, createdAt: stored.createdAt,
          sender: { _id: user.id, role: user.role, fullName: user.fullName },
          replyTo: target ? { _id: target.id, query: target.query_id, message: target.message } : null,
        };
        // The sender gets its own message back with its _id, even without a joinRoom first.
        hub.join(peer, query.id);
        await hub.publish(query.id, { type: 'receiveMessage', message } satisfies ServerFrame);
        void pushUnreadAfterMessage(deps, user, query);
        return;
      }
      case 'markRead': {
        const user = await identify(peer, frame.token);
        await markQueryRead(deps, user, frame.queryId);
        return;
      }
      case 'watchUnread': {
        const user = await identify(peer, frame.token);
        send(peer, await watchUnread(deps, peer, user));
        return;
      }
    }
  }

  hub.setHandler(async (peer, data) => {
    let frame: ClientFrame;
    try {
      const parsed: unknown = JSON.parse(data);
      const type = (parsed as { type?: unknown } | null)?.type;
      if (typeof type !== 'string' || !CLIENT_FRAME_TYPES.includes(type)) {
        return send(peer, { type: 'error', message: 'Unknown frame type.' });
      }
      frame = ClientFrameSchema.parse(parsed);
    } catch (err) {
      return send(peer, { type: 'error', message: err instanceof ZodError ? zodMessage(err) : 'Frames must be JSON objects.' });
    }
    try {
      await handle(peer, frame);
    } catch (err) {
      if (err instanceof HTTPException) return send(peer, { type: 'error', message: err.message });
      throw err; // the hub logs it and answers 'Internal server error'
    }
  });
}
