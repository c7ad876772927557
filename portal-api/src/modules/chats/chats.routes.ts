import { createRoute, z } from '@hono/zod-openapi';
import type { Deps } from '../../deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { ADMIN_ONLY, createRouter, jsonResponse } from '../../http/router.ts';
import { findQueryForUser } from '../queries/queries.public.ts';
import { CursorParam, LimitParam, NEXT_CURSOR_HEADER } from '../paging/paging.schema.ts';
import { listLatestMessages, listMessages } from './chats.repo.ts';
import {
  ChatFileAnswerSchema,
  ChatFileFieldsSchema,
  ChatMessageSchema,
  ChatQueryParamsSchema,
  ChatRequestsPageSchema,
  ChatRequestsQuerySchema,
  ChatUsersPageSchema,
  ChatUsersQuerySchema,
} from './chats.schema.ts';
import { listChatRequests } from './chats.requests.repo.ts';
import { chatFileTarget, sendChatFile } from './chats.files.ts';
import { withIncomingFiles } from '../files/files.public.ts';
import { uploadRuleOf } from '../../shared/file-kinds.ts';
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
          200: jsonResponse(ChatUsersPageSchema, 'A page of clients'),
          400: { description: 'Bad page or search' },
          ...ADMIN_ONLY,
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
        path: '/chats/requests',
        tags: ['Chat'],
        summary:
          "The admin chat's requests: one row per request, the newest activity (message or submission) first, each with its client, last message, unread count, status and due times. Keyset pages. Admin only.",
        security: [{ bearer: [] }],
        middleware: [requireAuth(db, 'admin')] as const,
        request: { query: ChatRequestsQuerySchema },
        responses: {
          200: jsonResponse(ChatRequestsPageSchema, 'A page of requests'),
          400: { description: 'Bad filter, limit or cursor' },
          ...ADMIN_ONLY,
        },
      }),
      async (c) => {
        const q = c.req.valid('query');
        return c.json(await listChatRequests(db, { filter: q.filter, limit: q.limit ?? 30, cursor: q.cursor }), 200);
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
          200: jsonResponse(z.array(ChatMessageSchema), 'Messages'),
          404: { description: 'Unknown or not yours' },
        },
      }),
      async (c) => {
        const query = await findQueryForUser(db, c.req.valid('param').id, c.var.user);
        const { limit, cursor } = c.req.valid('query');
        const sign = (key: string, name: string) => deps.storage.signedUrl(key, name);
        if (limit === undefined && cursor === undefined) return c.json(await listMessages(db, query.id, sign), 200);
        const page = await listLatestMessages(db, query.id, { limit: limit ?? 50, cursor, sign });
        if (page.olderCursor) c.header(NEXT_CURSOR_HEADER, page.olderCursor);
        return c.json(page.data, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/chats/query/{id}/files',
        tags: ['Chat'],
        summary:
          "Sends a file in a request's chat (the paperclip): stored with the request's files as 'From chat', announced to the room as a receiveMessage frame whose message carries the file. Owner or admin.",
        description:
          "application/json {uploadIds: [one id], message?, replyTo?} naming a completed resumable upload (POST /uploads/tus), or multipart/form-data with one file in files[] and the same text fields. The type is sniffed from the bytes (a client's: PDF, DWG, ZIP or images; an admin's also spreadsheets and documents), the size is at most UPLOAD_MAX_MB. 409 on a closed request; another client's request answers 404.",
        security: [{ bearer: [] }],
        middleware: [requireAuth(db)] as const,
        request: { params: ChatQueryParamsSchema },
        responses: {
          201: jsonResponse(ChatFileAnswerSchema, 'The message, with its file'),
          400: { description: 'No file, an upload not found or not finished, or bad text' },
          401: { description: 'No or bad token' },
          404: { description: "Unknown, or another client's request" },
          409: { description: 'The request is closed' },
          413: { description: 'Larger than UPLOAD_MAX_MB' },
          415: { description: 'Type not accepted' },
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const user = c.var.user;
        // Who and the status first, so a refused file never streams to disk.
        await chatFileTarget(deps, user, id);
        const data = await withIncomingFiles(
          deps.storage,
          c.req.raw,
          { maxFiles: 1, rule: uploadRuleOf(user.role), folder: 'queries', userId: user.id },
          async (incoming) => {
            const fields = ChatFileFieldsSchema.parse(incoming.fields);
            return sendChatFile(deps, user, id, { text: fields.message, replyTo: fields.replyTo }, incoming);
          },
        );
        return c.json({ message: 'File sent.', data }, 201);
      },
    );
}
