import type { Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Role } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { pushRequestChange, pushUnreadAfterMessage } from '../chats/chats.public.ts';
import type { ServerFrame } from '../chats/chats.schema.ts';
import { findLifecycleState } from './lifecycle.repo.ts';
import type { LifecycleEvent, LifecycleFrame } from './lifecycle.schema.ts';

/**
 * Runs one lifecycle step: its checks, writes and outbox mail in one transaction,
 * then (only once committed) a `queryLifecycle` frame on /ws so the client's and
 * the admin's open workspaces reload the request live.
 */
export async function runStep<T extends { queryId: string }>(
  deps: Deps,
  log: Logger,
  by: Role,
  event: LifecycleEvent,
  write: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction().execute((trx) => write(trx));
  await publishLifecycle(deps, log, by, result.queryId, event);
  return result;
}

/**
 * Tells both sides of a request that it changed; `by`, the side that took the step, is told no
 * alert of it. A fan-out failure is logged: the step is saved.
 */
export async function publishLifecycle(deps: Deps, log: Logger, by: Role, queryId: string, event: LifecycleEvent): Promise<void> {
  try {
    const q = await findLifecycleState(deps.db, queryId);
    if (!q) return;
    const frame: LifecycleFrame = {
      type: 'queryLifecycle',
      queryId,
      event,
      status: q.status,
      deliveryDueAt: q.delivery_due_at,
      projectName: q.project_name,
      by,
    };
    await deps.hub.publish(queryId, frame);
    await pushRequestChange(deps, q.user_id, frame);
  } catch (err) {
    log.error({ err, queryId }, 'lifecycle step saved but not pushed to the chat room');
  }
}

/** An addendum's chat line goes out like a message: live in the room, and unread for the firm. */
export async function announceAddendum(
  deps: Deps,
  log: Logger,
  client: AuthUser,
  queryId: string,
  chat: { id: string; createdAt: string; text: string; ownerId: string },
): Promise<void> {
  try {
    const frame: ServerFrame = {
      type: 'receiveMessage',
      message: {
        _id: chat.id,
        query: queryId,
        message: chat.text,
        createdAt: chat.createdAt,
        sender: { _id: client.id, role: client.role, fullName: client.fullName },
        replyTo: null,
      },
    };
    await deps.hub.publish(queryId, frame);
    await pushUnreadAfterMessage(deps, client, { id: queryId, user_id: chat.ownerId });
  } catch (err) {
    log.error({ err, queryId }, 'addendum saved but not announced in the chat');
  }
}
