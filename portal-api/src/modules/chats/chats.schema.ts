import { z } from 'zod';
import { ROLES } from '../../shared/roles.ts';
import type { LifecycleFrame } from '../queries/queries.schema.ts';
import { PageParam, PageSizeParam, SearchParam } from '../paging/paging.schema.ts';
import { QUERY_NOT_FOUND, QUERY_STATUSES } from '../queries/queries.labels.ts';
import { CHAT_BAD_REPLY } from './chats.labels.ts';
import { MAX_CHAT_MESSAGE } from './chats.limits.ts';

export { MAX_CHAT_MESSAGE };
export { CHAT_BAD_REPLY, CHAT_CLOSED } from './chats.labels.ts';
export const CHAT_EMPTY = 'Message cannot be empty.';
export const CHAT_TOO_LONG = 'Message can be at most 5,000 characters.';

export const ChatMessageSchema = z
  .object({
    _id: z.string(),
    query: z.string(),
    message: z.string(),
    sender: z.object({ _id: z.string(), role: z.enum(ROLES), fullName: z.string() }),
    createdAt: z.string(),
    replyTo: z.object({ _id: z.string(), query: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A list's preview of a chat: its newest message (issue 11 "chat data in one trip"). */
export const LastMessageSchema = z
  .object({ text: z.string(), createdAt: z.string(), senderRole: z.enum(ROLES) })
  .meta({ id: 'LastMessage' });

export const ChatQueryParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' } }),
});

// WebSocket frames (ARCHITECTURE.md "WebSocket /ws"): a union on `type`.
const token = z.string({ error: 'A session token is required.' }).min(1, 'A session token is required.').max(256, 'Invalid token.');
const queryId = z.string({ error: 'A query id is required.' }).min(1, 'A query id is required.').max(64, QUERY_NOT_FOUND);

export const ClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticateAdmin'), token }),
  z.object({ type: z.literal('joinRoom'), token, queryId }),
  z.object({
    type: z.literal('sendMessage'),
    token,
    queryId,
    // Checked here, before any lookup: trimmed, not blank, at most MAX_CHAT_MESSAGE.
    message: z.string({ error: CHAT_EMPTY }).trim().min(1, CHAT_EMPTY).max(MAX_CHAT_MESSAGE, CHAT_TOO_LONG),
    replyTo: z.string().max(64, CHAT_BAD_REPLY).nullish(),
  }),
  // Issue 12: unread state. markRead marks the query read for the sender (the firm, for an admin);
  // watchUnread subscribes the socket to its unread counts.
  z.object({ type: z.literal('markRead'), token, queryId }),
  z.object({ type: z.literal('watchUnread'), token }),
]);
/** Every client frame type, for the dispatcher's 'Unknown frame type.' check. */
export const CLIENT_FRAME_TYPES = ['authenticateAdmin', 'joinRoom', 'sendMessage', 'markRead', 'watchUnread'];
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export type ServerFrame =
  | { type: 'authenticated' }
  | { type: 'joined'; queryId: string }
  | { type: 'receiveMessage'; message: ChatMessage }
  | { type: 'queryStatus'; queryId: string; status: string }
  | LifecycleFrame
  | { type: 'presence'; userId: string; online: boolean }
  | { type: 'error'; message: string }
  /**
   * Unread messages (issue 12). Answering watchUnread: `total` and `queries` (id → count, unread only).
   * Live, after a message or a markRead: `total`, plus the `queryId`, its owner `userId` and its `count`.
   */
  | { type: 'unread'; total: number; queries?: Record<string, number>; queryId?: string; userId?: string; count?: number };

export const ChatUsersQuerySchema = z.object({
  search: SearchParam("Part of a client's name or e-mail (case-insensitive)."),
  page: PageParam(10_000),
  pageSize: PageSizeParam(30),
});

export const ChatUserSchema = z
  .object({
    _id: z.string(),
    fullName: z.string(),
    email: z.string(),
    profileImage: z.string().nullable(),
    online: z.boolean(),
    lastMessage: LastMessageSchema.nullable().meta({ description: 'The newest message over all of the client’s requests.' }),
    lastActivityAt: z
      .string()
      .meta({ description: 'The newer of that message and the client’s newest request: the sort key, newest first.' }),
    unread: z.number().meta({ description: "The firm's unread messages over all of the client's requests." }),
    queries: z
      .array(
        z.object({
          _id: z.string(),
          subject: z.string().nullable(),
          message: z.string(),
          status: z.enum(QUERY_STATUSES),
          createdAt: z.string(),
          unread: z.number(),
          lastMessageAt: z.string().nullable(),
          lastMessage: LastMessageSchema.nullable().meta({ description: "This request's newest message (text, time, sender's role)." }),
          projectName: z.string().nullable().meta({ description: 'Issue 13: leads the list when set.' }),
        }),
      )
      .meta({ description: 'Newest first.' }),
  })
  .meta({ id: 'ChatUser' });
export type ChatUser = z.infer<typeof ChatUserSchema>;

export const ChatUsersPageSchema = z.object({ users: z.array(ChatUserSchema), page: z.number(), hasMore: z.boolean() });
