import { z } from 'zod';

// The sheet index of a stored file: what the background reader found in a PDF,
// ZIP or DWG. Shared by the API and the workspace panel.

/** Pages read per PDF at most; a longer set says where it stopped. */
export const PDF_PAGE_CAP = 2000;
/** A ZIP is flagged (never inflated) past this ratio of unpacked to packed bytes, or past this declared size. */
export const ZIP_BOMB_RATIO = 100;
export const ZIP_BOMB_BYTES = 10 * 1024 ** 3;
/** A ZIP entry's name is stored cut to this many characters (a ZIP allows 65,535 bytes per name). */
export const ZIP_NAME_MAX_CHARS = 1024;
/**
 * Bytes (as JSON) of the list one file's index may store: its PDF sheets or ZIP entries. Entries past it
 * are counted, not stored, and the index says it was cut (`cut`). A ZIP of 2,300 names of 65,000
 * characters stored 149 MB and answered it whole (docs/decisions/0013-sheet-index-worker.md).
 */
export const INDEX_LIST_BUDGET_BYTES = 512 * 1024;
/** Bytes of sheets and entries one answer of GET /queries/{id}/sheet-index carries at most. */
export const SHEET_INDEX_PAGE_BYTES = 256 * 1024;

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

const CutSchema = z
  .boolean()
  .default(false)
  .describe("true when the stored list stopped at the index's byte budget: the counts cover every page or entry, the list only the first");

export const IndexDetailSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('pdf'),
    pages: z.number(),
    indexedPages: z.number(),
    capped: z.boolean(),
    sheets: z.array(PdfSheetSchema),
    cut: CutSchema,
  }),
  z.object({
    kind: z.literal('zip'),
    files: z.number(),
    unpackedBytes: z.number(),
    packedBytes: z.number(),
    bomb: z.boolean(),
    unsafeNames: z.number(),
    entries: z.array(ZipEntrySchema),
    listedEntries: z.number(),
    cut: CutSchema,
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
    listed: z
      .object({ offset: z.number(), count: z.number(), total: z.number() })
      .nullable()
      .describe(
        "Which part of the detail's list (a PDF's sheets, a ZIP's entries) this answer carries: `count` items from `offset` of the `total` stored. Ask for the rest with `fileId` and `offset` = offset + count. Null for files without a list.",
      ),
  })
  .meta({ id: 'FileSheetIndex' });
export type FileSheetIndex = z.infer<typeof FileSheetIndexSchema>;

const whole = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number.` })
    .int(`${name} must be a whole number.`)
    .min(0, `${name} must be 0 or more.`);

/** GET /queries/{id}/sheet-index: files by page, and within each file a window of its sheets or entries. */
export const SheetIndexQuerySchema = z.object({
  page: whole('page').min(1, 'Pages start at 1.').default(1).meta({ description: 'The page of files, from 1.' }),
  pageSize: whole('pageSize')
    .min(1, 'pageSize must be between 1 and 50.')
    .max(50, 'pageSize must be between 1 and 50.')
    .default(20)
    .meta({ description: 'Files per page (default 20, at most 50).' }),
  fileId: z.string().min(1).max(64).optional().meta({ description: 'Only this file (its `fileId`).' }),
  offset: whole('offset')
    .default(0)
    .meta({ description: "Skip this many items of each file's list (sheets or entries); with `fileId`, to load the rest of one file." }),
  limit: whole('limit')
    .min(1, 'limit must be between 1 and 5000.')
    .max(5000, 'limit must be between 1 and 5000.')
    .optional()
    .meta({
      description: `At most this many items per file. Whatever the limit, one answer carries at most ${SHEET_INDEX_PAGE_BYTES / 1024} KB of items: files past that come with \`listed.count\` 0.`,
    }),
});
export type SheetIndexQuery = z.infer<typeof SheetIndexQuerySchema>;

export const SheetIndexPageSchema = z.object({
  data: z.array(FileSheetIndexSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number().describe('Files of the query (or 1 with `fileId`).'),
});
