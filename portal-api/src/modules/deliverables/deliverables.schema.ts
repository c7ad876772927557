import { z } from 'zod';
import { FileLinkSchema } from '../files/files.schema.ts';
import { REOPEN_REASON_MAX } from '../queries/queries.limits.ts';

// Deliverables and their revisions: Rev A is the first answer, each reopening opens the next letter.

/** The longest reason for reopening (docs/product.md §12), in the schema and the reason box. */
export { REOPEN_REASON_MAX };

/** 'Request a revision' (client) and 'Reopen for a revision' (firm) take the same reason. */
export const ReopenSchema = z.object({
  reason: z
    .string({ error: 'Please say what should change.' })
    .trim()
    .min(1, 'Please say what should change.')
    .max(REOPEN_REASON_MAX, 'The reason can be at most 1,000 characters.'),
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
