import { z } from 'zod';

// The sheet index of a stored file (issue 14): what the background reader
// found in a PDF, ZIP or DWG. Shared by the API and the workspace panel.

/** Pages read per PDF at most; a longer set says where it stopped. */
export const PDF_PAGE_CAP = 2000;
/** A ZIP is flagged (never inflated) past this ratio of unpacked to packed bytes, or past this declared size. */
export const ZIP_BOMB_RATIO = 100;
export const ZIP_BOMB_BYTES = 10 * 1024 ** 3;

export const SheetIndexStatusSchema = z.enum(['pending', 'done', 'failed']);

/** The short form on every file object: status and the one line shown. */
export const FileIndexBriefSchema = z
  .object({
    status: SheetIndexStatusSchema,
    summary: z
      .string()
      .nullable()
      .describe("e.g. '42 sheets: A0.00–A5.12, S1.01–S3.04; 3 pages without a sheet number', or 'Not indexed: <reason>'"),
  })
  .meta({ id: 'FileIndexBrief' });

export const PdfSheetSchema = z.object({ page: z.number(), number: z.string().nullable(), title: z.string().nullable() });
export const ZipEntrySchema = z.object({ name: z.string(), size: z.number(), packed: z.number(), unsafe: z.boolean() });

export const IndexDetailSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pdf'), pages: z.number(), indexedPages: z.number(), capped: z.boolean(), sheets: z.array(PdfSheetSchema) }),
  z.object({
    kind: z.literal('zip'),
    files: z.number(),
    unpackedBytes: z.number(),
    packedBytes: z.number(),
    bomb: z.boolean(),
    unsafeNames: z.number(),
    entries: z.array(ZipEntrySchema),
    listedEntries: z.number(),
  }),
  z.object({ kind: z.literal('dwg'), code: z.string(), release: z.string() }),
  z.object({ kind: z.literal('other') }),
  z.object({ kind: z.literal('failed'), reason: z.string() }),
]);
export type IndexDetail = z.infer<typeof IndexDetailSchema>;

export const FileSheetIndexSchema = z
  .object({
    fileId: z.string(),
    name: z.string(),
    kind: z.enum(['attachment', 'deliverable']),
    status: SheetIndexStatusSchema,
    summary: z.string().nullable(),
    detail: IndexDetailSchema.nullable(),
  })
  .meta({ id: 'FileSheetIndex' });
export type FileSheetIndex = z.infer<typeof FileSheetIndexSchema>;
