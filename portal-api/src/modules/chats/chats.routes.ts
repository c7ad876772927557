import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/router.ts';
import { findQueryForUser } from '../queries/queries.repo.ts';
import { listMessages } from './chats.repo.ts';
import { ChatMessageSchema, ChatQueryParamsSchema } from './chats.schema.ts';

/** The chats sub-app: paths under /api (SPEC §7 "Chat"). Live messages go over /ws (chats.socket.ts). */
export function chatsRoutes({ db }: Deps) {
  return createRouter().openapi(
    createRoute({
      method: 'get',
      path: '/chats/query/{id}/message',
      tags: ['Chat'],
      summary: "A query's chat messages, oldest first (a bare array). Owner or admin (someone else's answers 404).",
      security: [{ bearer: [] }],
      middleware: [requireAuth(db)] as const,
      request: { params: ChatQueryParamsSchema },
      responses: {
        200: { description: 'Messages', content: { 'application/json': { schema: z.array(ChatMessageSchema) } } },
        404: { description: 'Unknown or not yours' },
      },
    }),
    async (c) => {
      const query = await findQueryForUser(db, c.req.valid('param').id, c.var.user);
      return c.json(await listMessages(db, query.id), 200);
    },
  );
}
