import { z } from 'zod';
import { NoteSchema } from '../chats/chats.frames.schema.ts';
import { NOTE_MAX } from './notes.rules.ts';
import { groupDigits } from '../../shared/en-us.ts';

// docs/product.md §25 "Internal notes": admins only; the Note itself is the /ws frame's (noteAdded).

export { NoteSchema, type Note } from '../chats/chats.frames.schema.ts';

export const NOTE_EMPTY = 'A note cannot be empty.';
export const NOTE_TOO_LONG = `A note can be at most ${groupDigits(NOTE_MAX)} characters.`;

export const CreateNoteSchema = z.object({
  body: z.string({ error: NOTE_EMPTY }).trim().min(1, NOTE_EMPTY).max(NOTE_MAX, NOTE_TOO_LONG),
});
export type CreateNote = z.infer<typeof CreateNoteSchema>;

export const NoteListSchema = z.object({ data: z.array(NoteSchema) });

export const NoteQueryParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ param: { name: 'id', in: 'path' } }),
});
