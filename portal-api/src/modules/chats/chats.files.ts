import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { HttpError } from '../../http/errors.ts';
import { recordMessageActivity } from '../activities/activities.repo.ts';
import type { IncomingFiles } from '../files/files.public.ts';
import { findQueryForUser } from '../queries/queries.public.ts';
import { insertQueryFiles } from '../queries/queries.repo.ts';
import { CHAT_BAD_REPLY, CHAT_CLOSED } from './chats.labels.ts';
import { mailAbsentSide } from './chats.mail.ts';
import { findReplyTarget, insertMessage } from './chats.repo.ts';
import type { ChatMessage, ServerFrame } from './chats.schema.ts';
import { pushUnreadAfterMessage } from './chats.unread.ts';

// A file sent in the chat (docs/product.md §16): the paperclip's upload becomes a file of the
// request ('From chat', kind 'chat') and a message that carries it, in one transaction; the
// message then goes out like any other.

/** Refuses before any byte is stored: someone else's request (404) or a closed one (409). */
export async function chatFileTarget(deps: Deps, user: AuthUser, queryId: string) {
  const query = await findQueryForUser(deps.db, queryId, user);
  if (query.status === 'closed') throw new HttpError(409, CHAT_CLOSED, { code: 'query_closed' });
  return query;
}

export async function sendChatFile(
  deps: Deps,
  user: AuthUser,
  queryId: string,
  input: { text?: string; replyTo?: string },
  incoming: IncomingFiles,
): Promise<ChatMessage> {
  const query = await chatFileTarget(deps, user, queryId);
  const target = input.replyTo ? await findReplyTarget(deps.db, input.replyTo) : null;
  if (input.replyTo && (!target || target.query_id !== query.id)) throw new HttpError(400, CHAT_BAD_REPLY);
  await incoming.store();
  const mailCtx = { companyEmail: deps.config.companyEmail, publicUrl: deps.config.publicUrl };
  const online = { anyAdmin: () => deps.hub.anyAdmin(), user: (id: string) => deps.hub.isOnline(id) };
  const stored = await deps.db.transaction().execute(async (trx) => {
    const [file] = await incoming.claim(trx);
    if (!file) throw new HttpError(400, CHAT_FILE_REQUIRED);
    // The status again, inside the write: a close between the check and here refuses the file.
    const now = await trx.selectFrom('queries').select('status').where('id', '=', query.id).executeTakeFirstOrThrow();
    if (now.status === 'closed') throw new HttpError(409, CHAT_CLOSED, { code: 'query_closed' });
    const fileId = await insertQueryFiles(trx, query.id, 'chat', [file], user.id).then(async () => {
      const row = await trx
        .selectFrom('query_files')
        .select('id')
        .where('query_id', '=', query.id)
        .where('storage_key', '=', file.key)
        .executeTakeFirstOrThrow();
      return row.id;
    });
    // The message names the file when no text came with it, so every list's preview says what was sent.
    const text = input.text || file.name;
    const row = await insertMessage(trx, { queryId: query.id, senderId: user.id, message: text, replyTo: target?.id ?? null, fileId });
    await recordMessageActivity(trx, {
      userId: query.user_id,
      queryId: query.id,
      status: query.status,
      activity: user.role === 'admin' ? 'Reply from the estimating team' : 'Message sent',
    });
    await mailAbsentSide(trx, mailCtx, online, query, user);
    return { ...row, text, fileId, file };
  });
  const message: ChatMessage = {
    _id: stored.id,
    query: query.id,
    message: stored.text,
    createdAt: stored.createdAt,
    sender: { _id: user.id, role: user.role, fullName: user.fullName },
    replyTo: target ? { _id: target.id, query: target.query_id, message: target.message } : null,
    file: {
      _id: stored.fileId,
      name: stored.file.name,
      url: deps.storage.signedUrl(stored.file.key, stored.file.name),
      size: stored.file.size,
      type: stored.file.type,
    },
  };
  await deps.hub.publish(query.id, { type: 'receiveMessage', message } satisfies ServerFrame);
  void pushUnreadAfterMessage(deps, user, query);
  return message;
}

export const CHAT_FILE_REQUIRED = 'Please choose a file to send.';
