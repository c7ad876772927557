import { z } from '@hono/zod-openapi';

export const MAX_CHAT_MESSAGE = 5000;
export const CHAT_CLOSED = 'This conversation is closed. You cannot send more messages.';
export const CHAT_EMPTY = 'Message cannot be empty.';
export const CHAT_TOO_LONG = 'Message can be at most 5,000 characters.';
export const CHAT_BAD_REPLY = 'The message you replied to is not part of this conversation.';

export const ChatMessageSchema = z
  .object({
    _id: z.string(),
    query: z.string(),
    message: z.string(),
    sender: z.object({ _id: z.string(), role: z.enum(['admin', 'client']), fullName: z.string() }),
    createdAt: z.string(),
    replyTo: z.object({ _id: z.string(), query: z.string(), message: z.string() }).nullable(),
  })
  .openapi('ChatMessage');
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const ChatQueryParamsSchema = z.object({
  id: z.string().min(1).max(64).openapi({ param: { name: 'id', in: 'path' } }),
});

// WebSocket frames (ARCHITECTURE.md "WebSocket /ws"): a union on `type`.
const token = z.string({ error: 'A session token is required.' }).min(1, 'A session token is required.').max(256, 'Invalid token.');
const queryId = z.string({ error: 'A query id is required.' }).min(1, 'A query id is required.').max(64, 'Query not found.');

export const ClientFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticateAdmin'), token }),
  z.object({ type: z.literal('joinRoom'), token, queryId }),
  z.object({
    type: z.literal('sendMessage'),
    token,
    queryId,
    message: z.string({ error: CHAT_EMPTY }),
    replyTo: z.string().max(64, CHAT_BAD_REPLY).nullish(),
  }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

export type ServerFrame =
  | { type: 'authenticated' }
  | { type: 'joined'; queryId: string }
  | { type: 'receiveMessage'; message: ChatMessage }
  | { type: 'queryStatus'; queryId: string; status: string }
  | { type: 'presence'; userId: string; online: boolean }
  | { type: 'error'; message: string };
