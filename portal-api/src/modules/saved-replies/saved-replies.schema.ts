import { z } from 'zod';
import { SAVED_REPLY_TEXTS as T } from './saved-replies.labels.ts';
import { SAVED_REPLY_LIMITS } from './saved-replies.rules.ts';

// docs/product.md §25 "Saved replies".

const title = z
  .string({ error: T.titleRequired })
  .trim()
  .min(1, T.titleRequired)
  .max(SAVED_REPLY_LIMITS.title, T.titleTooLong)
  .meta({ description: 'Unique in any case.' });
const body = z
  .string({ error: T.bodyRequired })
  .trim()
  .min(1, T.bodyRequired)
  .max(SAVED_REPLY_LIMITS.body, T.bodyTooLong)
  .meta({ description: 'May hold {client_first_name}, {project_name} and {bid_due_date}.' });

/** The text fields of POST /saved-replies (multipart, with the files in files[]). */
export const CreateSavedReplySchema = z.object({ title, body });
export const UpdateSavedReplySchema = z.object({ title: title.optional(), body: body.optional() });

export const SavedReplyFileSchema = z.object({ _id: z.string(), name: z.string(), url: z.string(), size: z.number(), type: z.string() });

export const SavedReplySchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    body: z
      .string()
      .meta({ description: 'May hold {client_first_name}, {project_name} and {bid_due_date}, filled as the reply is inserted.' }),
    files: z.array(SavedReplyFileSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SavedReply' });
export type SavedReply = z.infer<typeof SavedReplySchema>;

export const SavedReplyListSchema = z.object({ data: z.array(SavedReplySchema) });
export const SavedReplyAnswerSchema = z.object({ message: z.string(), data: SavedReplySchema });

export const SavedReplyIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' } }),
});
