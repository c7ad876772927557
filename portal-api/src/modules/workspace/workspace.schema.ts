import { z } from 'zod';
import { MOVE_NAMES, type Move } from '../queries/queries.rules.ts';
import { QuerySchema, QueryStatusSchema } from '../queries/queries.schema.ts';

// The request workspace: everything the panel beside a chat shows, in one
// answer, for the owner (read-only) and the admins. A feature that adds a panel
// section adds its (optional) field here and fills it in loadWorkspace.

export const WorkspaceClientSchema = z.object({
  _id: z.string(),
  fullName: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
});

export const HistoryEntrySchema = z
  .object({
    _id: z.string(),
    activity: z.string(),
    status: z.string(),
    createdAt: z.string(),
    by: z.enum(['client', 'firm']).meta({ description: 'Who did it: the client or the estimating team.' }),
    author: z
      .object({ _id: z.string(), fullName: z.string() })
      .nullable()
      .optional()
      .meta({ description: 'The person who did it (a client company has several); null on older lines.' }),
  })
  .meta({ id: 'HistoryEntry' });

/** One day of a request's chat, as the history shows it: one 'N messages' line. */
export const ChatDaySchema = z
  .object({
    day: z.string().meta({ description: 'The Miami calendar day (YYYY-MM-DD).' }),
    count: z.number().int().meta({ description: 'Messages sent that day, by either side.' }),
    lastAt: z.string().meta({ description: 'When the last of them was sent (ISO 8601): where the line sits in the history.' }),
  })
  .meta({ id: 'ChatDay' });

export const WorkspaceSchema = z
  .object({
    query: QuerySchema,
    client: WorkspaceClientSchema,
    history: z.array(HistoryEntrySchema).meta({ description: 'Activities of this request, oldest first (the newest 200).' }),
    chatDays: z
      .array(ChatDaySchema)
      .meta({ description: "The request's chat messages counted per day, oldest first: the history shows one line per day." }),
    actions: z
      .array(QueryStatusSchema)
      .meta({ description: 'Statuses the viewer may move the request to now; always empty for the client.' }),
    moves: z
      .array(
        z.object({
          move: z.enum(MOVE_NAMES as [Move, ...Move[]]),
          quoteId: z.string().optional().meta({ description: 'The sent quote a quote move (accept, decline, withdraw) acts on.' }),
        }),
      )
      .meta({
        description:
          'Every workflow move the viewer may take now (queries.rules.ts): the buttons the workspace shows. A quote move is listed once per sent quote.',
      }),
    filesZipUrl: z.string().nullable().meta({ description: 'A signed link (1 hour) to every plan file as one ZIP; null without files.' }),
    unread: z.number().meta({ description: "The viewer's unread messages in this request's chat (the firm's, for an admin)." }),
    following: z.boolean().optional().meta({
      description: "Whether the viewer gets this request's mails (a client; PUT/DELETE /queries/{id}/follow). Absent for an admin.",
    }),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof WorkspaceSchema>;
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
export type ChatDay = z.infer<typeof ChatDaySchema>;

export const FilesZipQuerySchema = z.object({
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
  /** The user the link was signed for (lib/link-viewer.ts). */
  u: z.string().max(40).optional(),
});
