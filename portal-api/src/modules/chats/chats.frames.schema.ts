import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../../shared/error-codes.ts';
import { issueSentence } from '../../shared/issue-sentence.ts';
import { ROLES } from '../../shared/roles.ts';
import { LIFECYCLE_EVENTS } from '../queries/queries.rules.ts';
import { QUERY_NOT_FOUND } from '../queries/queries.labels.ts';
import { CHAT_BAD_REPLY } from './chats.labels.ts';
import { MAX_CHAT_MESSAGE } from './chats.limits.ts';

// Every /ws frame, both ways (the table in http/openapi.ts): the server parses what a
// client sends with ClientFrameSchema, the browser what the server sends with ServerFrameSchema,
// and neither acts on a frame that does not parse. Text frames carry one JSON object each.

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
    // A file sent with the message (the paperclip): stored with the request's files as 'From chat',
    // its url a short-lived signed link. Absent or null on a text message.
    file: z.object({ _id: z.string(), name: z.string(), url: z.string(), size: z.number(), type: z.string() }).nullable().optional(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

const token = z.string({ error: 'A session token is required.' }).min(1, 'A session token is required.').max(256, 'Invalid token.');
const queryId = z.string({ error: 'A query id is required.' }).min(1, 'A query id is required.').max(64, QUERY_NOT_FOUND);

/** client → server. */
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
    // An admin answering with a saved reply (docs/product.md §25): its files go with the message.
    savedReplyId: z.string().max(64, 'Saved reply not found.').nullish(),
  }),
  // Unread state: markRead marks the query read for the sender (the firm, for an admin);
  // watchUnread subscribes the socket to its unread counts and its requests' changes.
  z.object({ type: z.literal('markRead'), token, queryId }),
  z.object({ type: z.literal('watchUnread'), token }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;
/** Every client frame type, to tell an unknown type from a known one sent wrong. */
export const CLIENT_FRAME_TYPES: readonly string[] = ClientFrameSchema.options.map((o) => o.shape.type.value);

export const LifecycleFrameSchema = z.object({
  type: z.literal('queryLifecycle'),
  queryId: z.string(),
  event: z.enum(LIFECYCLE_EVENTS),
  deliveryDueAt: z.string().nullable(),
  status: z.string(),
  projectName: z.string().nullable(),
  by: z.enum(ROLES),
});
/** The frame every workflow step publishes to the request's room: both sides reload the request. */
export type LifecycleFrame = z.infer<typeof LifecycleFrameSchema>;

export const ErrorFrameSchema = z.object({
  type: z.literal('error'),
  message: z.string(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
});
export type ErrorFrame = z.infer<typeof ErrorFrameSchema>;

const PersonSchema = z.object({ _id: z.string(), fullName: z.string() });

/** An internal note (docs/product.md §25): admins only, never in a request's room. */
export const NoteSchema = z
  .object({
    _id: z.string(),
    query: z.string(),
    body: z.string(),
    author: PersonSchema.nullable(),
    createdAt: z.string(),
    mentions: z.array(PersonSchema).meta({ description: 'The active admins the note names with @.' }),
  })
  .meta({ id: 'Note' });
export type Note = z.infer<typeof NoteSchema>;

/** server → client. */
export const ServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticated') }),
  z.object({
    type: z.literal('joined'),
    queryId: z.string(),
    // The room's newest message when the join took effect (null: none yet). The browser reads the
    // history while it joins; a history without this message is read again.
    lastMessageId: z.string().nullable().optional(),
  }),
  z.object({ type: z.literal('receiveMessage'), message: ChatMessageSchema }),
  z.object({ type: z.literal('queryStatus'), queryId: z.string(), status: z.string() }),
  LifecycleFrameSchema,
  z.object({ type: z.literal('presence'), userId: z.string(), online: z.boolean() }),
  // Admin sockets only (the firm's unread room): a request's assignee changed, a note was written.
  z.object({ type: z.literal('queryAssigned'), queryId: z.string(), assignee: PersonSchema.nullable(), by: PersonSchema }),
  z.object({ type: z.literal('noteAdded'), note: NoteSchema }),
  ErrorFrameSchema,
  /**
   * Unread messages. Answering watchUnread: `total` and `queries` (id → count, unread only).
   * Live, after a message or a markRead: `total`, plus the `queryId`, its owner `userId` and its `count`.
   */
  z.object({
    type: z.literal('unread'),
    total: z.number(),
    queries: z.record(z.string(), z.number()).optional(),
    queryId: z.string().optional(),
    userId: z.string().optional(),
    count: z.number().optional(),
  }),
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;

/** What the server answers a frame it cannot act on. */
export const errorFrame = (message: string, code: ErrorCode): ErrorFrame => ({ type: 'error', message, code });

function json(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A frame as a client sent it: parsed, or the error frame that answers it. */
export function parseClientFrame(text: string): { frame: ClientFrame } | { error: ErrorFrame } {
  const raw = json(text);
  if (!raw.ok) return { error: errorFrame('Frames must be JSON objects.', 'invalid_frame') };
  // JSON without a known `type` (an array, null, a number) is a frame of no type we know.
  const type = (raw.value as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !CLIENT_FRAME_TYPES.includes(type)) return { error: errorFrame('Unknown frame type.', 'unknown_frame') };
  const parsed = ClientFrameSchema.safeParse(raw.value);
  if (parsed.success) return { frame: parsed.data };
  const issue = parsed.error.issues[0];
  return { error: errorFrame(issue ? issueSentence(issue) : 'Invalid frame.', 'invalid_frame') };
}

/** A frame as the server sent it, or null: the browser ignores (never acts on) what does not parse. */
export function parseServerFrame(text: unknown): ServerFrame | null {
  if (typeof text !== 'string') return null;
  const raw = json(text);
  if (!raw.ok) return null;
  const parsed = ServerFrameSchema.safeParse(raw.value);
  return parsed.success ? parsed.data : null;
}
