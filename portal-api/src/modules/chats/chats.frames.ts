import { HTTPException } from 'hono/http-exception';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { errorOf, HttpError } from '../../http/errors.ts';
import { recordMessageActivity } from '../activities/activities.repo.ts';
import { NOT_ALLOWED } from '../auth/auth.labels.ts';
import { findQueryForUser } from '../queries/queries.public.ts';
import { mailAbsentSide } from './chats.mail.ts';
import { findReplyTarget, insertMessage, latestMessageId } from './chats.repo.ts';
import { insertQueryFiles } from '../queries/queries.repo.ts';
import { replyFiles, savedReplyExists } from '../saved-replies/saved-replies.repo.ts';
import { SAVED_REPLY_TEXTS } from '../saved-replies/saved-replies.labels.ts';
import { withAttachedFiles } from '../saved-replies/saved-replies.rules.ts';
import type { StoredFile } from '../../lib/storage.ts';
import { CHAT_BAD_REPLY, CHAT_CLOSED } from './chats.labels.ts';
import { errorFrame, parseClientFrame, type ChatMessage, type ClientFrame, type ServerFrame } from './chats.frames.schema.ts';
import { markQueryRead, pushUnreadAfterMessage, watchUnread } from './chats.unread.ts';
import type { ChatPresence } from './chats.presence.ts';
import type { Peer } from './hub.ts';

// The /ws frame protocol (chats.frames.schema.ts): every
// frame carries its token and is checked on its own; a refused frame answers
// {type:'error', message, code} and never closes the socket.

/** What the frame handlers use: the server's deps and the parts registerChat wires together. */
export type FrameContext = {
  deps: Deps;
  presence: ChatPresence;
  /** The user of a frame's token, bound to the socket (chats.auth-cache.ts, chats.presence.ts). */
  identify: (peer: Peer, token: string) => Promise<AuthUser>;
  /** The socket's send budget (chats.send-limit.ts). */
  takeSendToken: (peer: Peer) => Promise<boolean>;
};

type Handlers = { [T in ClientFrame['type']]: (ctx: FrameContext, peer: Peer, frame: Extract<ClientFrame, { type: T }>) => Promise<void> };

const send = (ctx: FrameContext, peer: Peer, frame: ServerFrame) => ctx.deps.hub.send(peer, frame);

async function sendMessage(ctx: FrameContext, peer: Peer, frame: Extract<ClientFrame, { type: 'sendMessage' }>): Promise<void> {
  const { deps } = ctx;
  if (!(await ctx.takeSendToken(peer))) throw new HttpError(429, 'You are sending messages too fast. Please wait a moment.');
  const user = await ctx.identify(peer, frame.token);
  const query = await findQueryForUser(deps.db, frame.queryId, user);
  if (query.status === 'closed') throw new HttpError(409, CHAT_CLOSED, { code: 'query_closed' });
  const target = frame.replyTo ? await findReplyTarget(deps.db, frame.replyTo) : null;
  if (frame.replyTo && (!target || target.query_id !== query.id)) throw new HttpError(400, CHAT_BAD_REPLY);
  const attached = frame.savedReplyId ? await copyReplyFiles(deps, user, frame.savedReplyId) : [];
  // The composer names the files itself (so its echo matches what it sent); a caller that did not gets the line added.
  const text = withAttachedFiles(
    frame.message,
    attached.map((f) => f.name),
  );
  // Stored (with its activity, and the mail telling the other side when it is not connected)
  // before anyone sees it, so a refetch after a reconnect has it.
  const mailCtx = { companyEmail: deps.config.companyEmail, publicUrl: deps.config.publicUrl };
  const online = { anyAdmin: () => ctx.presence.anyAdmin(), user: (id: string) => ctx.presence.isOnline(id) };
  const stored = await deps.db
    .transaction()
    .execute(async (trx) => {
      await insertQueryFiles(trx, query.id, 'attachment', attached, user.id);
      const row = await insertMessage(trx, { queryId: query.id, senderId: user.id, message: text, replyTo: target?.id ?? null });
      await recordMessageActivity(trx, {
        actorId: user.id,
        userId: query.user_id,
        queryId: query.id,
        status: query.status,
        activity: user.role === 'admin' ? 'Reply from the estimating team' : 'Message sent',
      });
      await mailAbsentSide(trx, mailCtx, online, query, user);
      return row;
    })
    .catch(async (err: unknown) => {
      await Promise.all(attached.map((f) => deps.storage.remove(f.key)));
      throw err;
    });
  // The same shape as toChatMessage() builds from a row, without reading the row back.
  const message: ChatMessage = {
    _id: stored.id,
    query: query.id,
    message: text,
    createdAt: stored.createdAt,
    sender: { _id: user.id, role: user.role, fullName: user.fullName },
    replyTo: target ? { _id: target.id, query: target.query_id, message: target.message } : null,
  };
  // The sender gets its own message back with its _id, even without a joinRoom first.
  deps.hub.join(peer, query.id);
  await deps.hub.publish(query.id, { type: 'receiveMessage', message } satisfies ServerFrame);
  void pushUnreadAfterMessage(deps, user, query);
}

/**
 * The files of the saved reply an admin answers with, copied to the request's own files
 * (docs/product.md §25): the chat carries text only, so the message names them and the request's
 * files hold them. A client may not send one; an unknown reply is refused before anything is stored.
 */
async function copyReplyFiles(deps: Deps, user: AuthUser, replyId: string): Promise<StoredFile[]> {
  if (user.role !== 'admin') throw new HttpError(403, NOT_ALLOWED);
  if (!(await savedReplyExists(deps.db, replyId))) throw new HttpError(404, SAVED_REPLY_TEXTS.notFound);
  const files = await replyFiles(deps.db, [replyId]);
  const copies: StoredFile[] = [];
  try {
    for (const f of files) {
      const key = await deps.storage.copy(f.storage_key, 'queries');
      copies.push({ key, name: f.name, size: Number(f.size), type: f.type, ext: key.split('.').pop() ?? '' });
    }
  } catch (err) {
    await Promise.all(copies.map((c) => deps.storage.remove(c.key)));
    throw err;
  }
  return copies;
}

const HANDLERS: Handlers = {
  async authenticateAdmin(ctx, peer, frame) {
    const user = await ctx.identify(peer, frame.token);
    if (user.role !== 'admin') throw new HttpError(403, NOT_ALLOWED);
    peer.role = 'admin';
    send(ctx, peer, { type: 'authenticated' });
    ctx.presence.sendOnlineClients(peer);
  },
  async joinRoom(ctx, peer, frame) {
    const user = await ctx.identify(peer, frame.token);
    const query = await findQueryForUser(ctx.deps.db, frame.queryId, user);
    ctx.deps.hub.join(peer, query.id);
    // Read once the peer is in the room: a message stored after this read reaches it as a frame,
    // and one stored before is named here, so a history read that lacks it is read again.
    send(ctx, peer, { type: 'joined', queryId: query.id, lastMessageId: await latestMessageId(ctx.deps.db, query.id) });
  },
  sendMessage,
  async markRead(ctx, peer, frame) {
    const user = await ctx.identify(peer, frame.token);
    await markQueryRead(ctx.deps, user, frame.queryId);
  },
  async watchUnread(ctx, peer, frame) {
    const user = await ctx.identify(peer, frame.token);
    send(ctx, peer, await watchUnread(ctx.deps, peer, user));
  },
};

/** Runs one raw frame: its handler, or an error frame for a bad frame or a refused call. */
export async function dispatchFrame(ctx: FrameContext, peer: Peer, data: string): Promise<void> {
  const parsed = parseClientFrame(data);
  if ('error' in parsed) return send(ctx, peer, parsed.error);
  const handler = HANDLERS[parsed.frame.type] as (ctx: FrameContext, peer: Peer, frame: ClientFrame) => Promise<void>;
  try {
    await handler(ctx, peer, parsed.frame);
  } catch (err) {
    if (err instanceof HTTPException) {
      const { message, code } = errorOf(err);
      return send(ctx, peer, errorFrame(message, code));
    }
    throw err; // the hub logs it and answers 'Internal server error'
  }
}
