import { z } from 'zod';
import { NO_FILES } from '../queries/queries.labels.ts';
import { groupDigits } from '../../shared/en-us.ts';

// A request's files: the sets of plans (the original submission, then each addendum), their
// note, and the addendum forms of the server and the browser. Imports nothing but zod and labels.

/** An optional text field, trimmed, an empty one read as absent. */
export const noteField = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${groupDigits(max)} characters.`)
    .optional()
    .transform((v) => v || undefined);

export const AddendumFieldsSchema = z.object({ note: noteField(2000, 'The note') });
/** The client's addendum form: its files first (they go up through tus), then AddendumFieldsSchema's note. */
/** The addendum form: the files the request form's picker holds (each with its upload's id), and the note. */
export const AddendumFormSchema = z.object({
  files: z.array(z.custom<{ id: string; file: File; preview: string | null }>()).min(1, NO_FILES),
  ...AddendumFieldsSchema.shape,
});

export const FileLinkSchema = z.object({ _id: z.string(), name: z.string(), url: z.string(), size: z.number(), type: z.string() });
export const FileSetSchema = z
  .object({
    number: z.number().int().meta({ description: "0: the original plans; N: Addendum N; -1: the files sent in the chat ('From chat')." }),
    label: z.string(),
    note: z.string().nullable(),
    createdAt: z.string().nullable(),
    files: z.array(FileLinkSchema),
  })
  .meta({ id: 'FileSet' });
export type FileSet = z.infer<typeof FileSetSchema>;
