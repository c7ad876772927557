import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/router.ts';
import { findQueryForUser } from '../queries/queries.public.ts';
import { CursorParam, LimitParam, NEXT_CURSOR_HEADER } from '../paging/paging.schema.ts';
import { listLatestMessages, listMessages } from './chats.repo.ts';
import { ChatMessageSchema, ChatQueryParamsSchema, ChatUsersPageSchema, ChatUsersQuerySchema } from './chats.schema.ts';
import { listChatUsers } from './chats.users.repo.ts';

const MessagesQuerySchema = z.object({ limit: LimitParam(200), cursor: CursorParam });

/** The chats sub-app: paths under /api (docs/product.md §7 "Chat"). Live messages go over /ws (chats.socket.ts). */
export function chatsRoutes(deps: Deps) {
  const { db } = deps;
  return createRouter()
    .openapi(
      createRoute({
        method: 'get',
        path: '/chats/users',
        tags: ['Chat'],
        summary:
          "The admin chat's clients: the most recent conversation first, paged (load more) and searchable, each with its last message, unread count and requests. Admin only.",
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        request: { query: ChatUsersQuerySchema },
        responses: {
          200: { description: 'A page of clients', content: { 'application/json': { schema: ChatUsersPageSchema } } },
          400: { description: 'Bad page or search' },
          401: { description: 'No or bad token' },
          403: { description: 'Not an admin' },
        },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const { users, hasMore } = await listChatUsers(db, q);
        return c.json({ users: users.map((u) => ({ ...u, online: deps.hub.isOnline(u._id) })), page: q.page, hasMore }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/chats/query/{id}/message',
        tags: ['Chat'],
        summary: "A query's chat messages, oldest first (a bare array). Owner or admin (someone else's answers 404).",
        security: [{ bearer: [] }],
        middleware: [requireAuth(db)] as const,
        description:
          'With `limit`: the newest `limit` messages, still oldest first; when older ones exist, X-Next-Cursor carries the cursor for the page before.',
        request: { params: ChatQueryParamsSchema, query: MessagesQuerySchema },
        responses: {
          200: { description: 'Messages', content: { 'application/json': { schema: z.array(ChatMessageSchema) } } },
          404: { description: 'Unknown or not yours' },
        },
      }),
      async (c) => {
        const query = await findQueryForUser(db, c.req.valid('param').id, c.var.user);
        const { limit, cursor } = c.req.valid('query');
        if (limit === undefined && cursor === undefined) return c.json(await listMessages(db, query.id), 200);
        const page = await listLatestMessages(db, query.id, { limit: limit ?? 50, cursor });
        if (page.olderCursor) c.header(NEXT_CURSOR_HEADER, page.olderCursor);
        return c.json(page.data, 200);
      },
    );
}
