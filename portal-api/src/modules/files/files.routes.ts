import { createRoute } from '@hono/zod-openapi';
import type { Logger } from 'pino';
import type { Deps } from '../../deps.ts';
import type { AuthUser } from '../../http/env.ts';
import { requireAuth } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import { idempotent } from '../../http/idempotency.ts';
import { createRouter, jsonResponse, STEP_REFUSED } from '../../http/router.ts';
import { pushUnreadAfterMessage } from '../chats/chats.public.ts';
import type { ServerFrame } from '../chats/chats.schema.ts';
import { IDEMPOTENCY_KEY_PARAMETER, idempotentResponses } from '../idempotency/idempotency.schema.ts';
import { NO_FILES } from '../queries/queries.labels.ts';
import { getQueryForUser, StepRefused } from '../queries/queries.public.ts';
import { addendumError } from '../queries/queries.rules.ts';
import { QueryIdParamsSchema, QueryStepSchema as StepSchema } from '../queries/queries.schema.ts';
import { withIncomingFiles } from './files.incoming.ts';
import { AddendumFieldsSchema } from './files.schema.ts';
import { addAddendum } from './files.workflow.ts';

// The client's addenda: the next set of plans of a request, with a note.

const MAX_ADDENDUM_FILES = 20;

export function filesRoutes(deps: Deps) {
  const { db, storage } = deps;

  return createRouter().openapi(
    createRoute({
      method: 'post',
      path: '/queries/{id}/addenda',
      tags: ['Queries'],
      security: [{ bearer: [] }],
      middleware: [requireAuth(db, 'client'), idempotent(db)] as const,
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      summary:
        'Adds files with a note as the next addendum (Addendum 1, 2, …). On an answered request this asks for a revision. Client only (their own request).',
      description: `multipart/form-data: files[] (1 to ${MAX_ADDENDUM_FILES}, PDF, DWG, ZIP or images) and an optional note; or application/json {uploadIds, note} naming the client's completed resumable uploads (POST /uploads/tus). 409 on a closed request.`,
      request: { params: QueryIdParamsSchema },
      responses: idempotentResponses({
        201: jsonResponse(StepSchema, 'The request'),
        409: { description: 'Closed' },
        413: { description: 'Too large' },
        415: { description: 'Type not accepted' },
        ...STEP_REFUSED,
      }),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      // Ownership and status first, so a refused addendum never streams files to disk.
      const before = await getQueryForUser(db, storage, id, c.var.user);
      const closed = addendumError(before.status);
      if (closed) throw new StepRefused(closed, 'query_closed');
      const done = await withIncomingFiles(
        storage,
        c.req.raw,
        { maxFiles: MAX_ADDENDUM_FILES, rule: 'plan', folder: 'queries', userId: c.var.user.id },
        async (incoming) => {
          const { note } = AddendumFieldsSchema.parse(incoming.fields);
          if (!incoming.count) throw new HttpError(400, NO_FILES);
          return addAddendum(deps, c.var.log, c.var.user, id, note ?? null, incoming);
        },
      );
      await announceAddendum(deps, c.var.log, c.var.user, id, done.chat);
      const message = done.reopenedAs ? `${done.label} added. Revision requested (Rev ${done.reopenedAs}).` : `${done.label} added.`;
      const data = await getQueryForUser(db, storage, id, c.var.user);
      deps.indexer.kick();
      return c.json({ message, data }, 201);
    },
  );
}

/** After the commit, an addendum's chat line goes out like a message: live in the room, and unread for the firm. */
async function announceAddendum(
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
