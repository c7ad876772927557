import { z } from 'zod';
import { ROLES } from '../../shared/roles.ts';
import { CursorParam, LimitParam, NextCursorField, PageParam, PageSizeParam, SearchParam } from '../paging/paging.schema.ts';
import { QUERY_STATUSES } from '../queries/queries.labels.ts';
import { MAX_CHAT_MESSAGE } from './chats.limits.ts';

export { MAX_CHAT_MESSAGE };
export { CHAT_BAD_REPLY, CHAT_CLOSED } from './chats.labels.ts';
import { CHAT_TOO_LONG as TOO_LONG, ChatMessageSchema as Message } from './chats.frames.schema.ts';
import { CHAT_REQUEST_FILTERS } from './chats.labels.ts';
// The /ws frames live in their own file, which the browser parses with too.
export {
  CHAT_EMPTY,
  CHAT_TOO_LONG,
  ChatMessageSchema,
  ClientFrameSchema,
  CLIENT_FRAME_TYPES,
  ServerFrameSchema,
  type ChatMessage,
  type ClientFrame,
  type ServerFrame,
} from './chats.frames.schema.ts';

/** A list's preview of a chat: its newest message (chat data in one trip). */
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
          projectName: z.string().nullable().meta({ description: 'Leads the list when set.' }),
        }),
      )
      .meta({ description: 'Newest first.' }),
  })
  .meta({ id: 'ChatUser' });
export type ChatUser = z.infer<typeof ChatUserSchema>;

export const ChatUsersPageSchema = z.object({ users: z.array(ChatUserSchema), page: z.number(), hasMore: z.boolean() });

/** The per-request list's filters: 'unread' (the firm has unread messages), 'open' (not closed), 'all'. */
export { CHAT_REQUEST_FILTERS };
export type ChatRequestFilter = (typeof CHAT_REQUEST_FILTERS)[number];

export const ChatRequestsQuerySchema = z.object({
  filter: z
    .enum(CHAT_REQUEST_FILTERS, { error: 'Filter must be unread, open or all.' })
    .default('open')
    .meta({ description: 'unread: the firm has unread messages; open: not closed (the default); all.' }),
  limit: LimitParam(100).meta({ description: 'Rows per page (30 unless given).' }),
  cursor: CursorParam,
});

export const ChatRequestSchema = z
  .object({
    _id: z.string(),
    projectName: z.string().nullable().meta({ description: 'Leads the row; without one, the subject or the message.' }),
    subject: z.string().nullable(),
    message: z.string().meta({ description: "The request's text, cut to a preview." }),
    status: z.enum(QUERY_STATUSES),
    createdAt: z.string(),
    bidDueDate: z.string().nullable(),
    deliveryDueAt: z.string().nullable().meta({ description: "The accepted quote's delivery due time: the countdown." }),
    lastActivityAt: z.string().meta({ description: 'The newer of the request and its newest message: the sort key, newest first.' }),
    unread: z.number().meta({ description: "The client's messages the firm has not read." }),
    lastMessage: LastMessageSchema.nullable(),
    client: z.object({ _id: z.string(), fullName: z.string(), email: z.string(), profileImage: z.string().nullable() }),
  })
  .meta({ id: 'ChatRequest' });
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const ChatRequestsPageSchema = z.object({ data: z.array(ChatRequestSchema), nextCursor: NextCursorField() });

/** The text fields sent with a chat file (multipart fields, or beside uploadIds in JSON). */
export const ChatFileFieldsSchema = z.object({
  message: z
    .string()
    .trim()
    .max(MAX_CHAT_MESSAGE, TOO_LONG)
    .optional()
    .meta({ description: "Text sent with the file; without it the message reads the file's name." }),
  replyTo: z.string().max(64).optional().meta({ description: 'The message this one answers.' }),
});

export const ChatFileAnswerSchema = z.object({ message: z.string(), data: Message });
