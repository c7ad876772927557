import { z } from 'zod';
import { FileLinkSchema } from '../files/files.schema.ts';

// Deliverables and their revisions: Rev A is the first answer, each reopening opens the next letter.

export const ReopenSchema = z.object({
  reason: z
    .string({ error: 'Please say what should change.' })
    .trim()
    .min(1, 'Please say what should change.')
    .max(2000, 'The reason can be at most 2,000 characters.'),
});

export const RevisionSchema = z
  .object({
    letter: z.string(),
    label: z.string(),
    reason: z.string().nullable(),
    changeNote: z.string().nullable(),
    requestedAt: z.string().nullable(),
    answeredAt: z.string().nullable(),
    files: z.array(FileLinkSchema),
  })
  .meta({ id: 'Revision' });
export type Revision = z.infer<typeof RevisionSchema>;
