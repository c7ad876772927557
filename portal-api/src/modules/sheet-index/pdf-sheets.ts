import fsp from 'node:fs/promises';
import { PDFDataRangeTransport, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Reads sheet numbers and titles from the text layer of a PDF plan set. Runs in
// the index worker thread (index-worker.ts): plain, erasable TypeScript only.

export type PdfSheet = { page: number; number: string | null; title: string | null };
export type PdfIndex = { kind: 'pdf'; pages: number; indexedPages: number; capped: boolean; sheets: PdfSheet[]; cut: boolean };

/** A1.01, S-201, M2.1, E-3, A0.00, FP-101A, A-1001: one or two letters, an optional dash, a number of up to four digits with an optional decimal part. */
const SHEET_NUMBER = /^([A-Z]{1,2})-?(\d{1,4})(\.\d{1,3})?([A-Z])?$/;
/** Title-block labels that sit beside the number but are not the title. */
const LABEL =
  /^(sheet|sheet\s*(no\.?|number|#)|drawing(\s*(no\.?|number|title))?|title|scale|date|project|drawn\s*by|checked(\s*by)?|job\s*no\.?|rev(ision)?|no\.?)[:\s]*$/i;

/** Files up to this size are handed to pdfjs whole. */
const WHOLE_FILE_BYTES = 64 * 1024 * 1024;

async function readAll(handle: fsp.FileHandle, size: number): Promise<Uint8Array> {
  const data = new Uint8Array(size);
  await handle.read(data, 0, size, 0);
  return data;
}

type Item = { str: string; x: number; y: number; size: number };

/** Feeds pdfjs byte ranges from the file on demand, so a 500 MB scan is never read whole. */
function fileRangeTransport(handle: fsp.FileHandle, length: number): PDFDataRangeTransport {
  const transport = new PDFDataRangeTransport(length, null);
  transport.requestDataRange = (begin: number, end: number) => {
    const chunk = new Uint8Array(end - begin);
    handle.read(chunk, 0, chunk.length, begin).then(
      () => transport.onDataRange(begin, chunk),
      () => transport.onDataRange(begin, null),
    );
  };
  return transport;
}

/** `onOpen` hears the page count as soon as the document is open (the reader's time budget grows with it). */
export async function indexPdf(file: string, pageCap: number, onOpen?: (pages: number) => void): Promise<PdfIndex> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    await assertComplete(handle, size);
    // Small files are read at once (fewer round trips); big ones by range.
    const source = size <= WHOLE_FILE_BYTES ? { data: await readAll(handle, size) } : { range: fileRangeTransport(handle, size) };
    const task = getDocument({
      ...source,
      disableAutoFetch: true,
      disableStream: true,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
      stopAtErrors: false,
    });
    let doc;
    try {
      doc = await task.promise;
    } catch (err) {
      throw new Error(describePdfError(err), { cause: err });
    }
    try {
      const pages = doc.numPages;
      onOpen?.(pages);
      const indexedPages = Math.min(pages, pageCap);
      const sheets: PdfSheet[] = [];
      for (let n = 1; n <= indexedPages; n++) {
        const page = await doc.getPage(n);
        const [x0, y0, x1, y1] = page.view as [number, number, number, number];
        const content = await page.getTextContent();
        const items: Item[] = [];
        for (const raw of content.items) {
          if (!('str' in raw) || !raw.str.trim()) continue;
          const t = raw.transform as number[];
          items.push({
            str: raw.str.trim(),
            x: (t[4]! - x0) / (x1 - x0 || 1),
            y: (t[5]! - y0) / (y1 - y0 || 1),
            size: Math.hypot(t[2]!, t[3]!) || raw.height,
          });
        }
        sheets.push({ page: n, ...findSheet(items) });
        page.cleanup();
      }
      return { kind: 'pdf', pages, indexedPages, capped: pages > indexedPages, sheets, cut: false };
    } finally {
      await task.destroy();
    }
  } finally {
    await handle.close();
  }
}

/** A PDF ends with %%EOF; pdfjs would otherwise quietly rebuild a cut-off file from what is left. */
async function assertComplete(handle: fsp.FileHandle, size: number): Promise<void> {
  const head = Buffer.alloc(Math.min(size, 1024));
  await handle.read(head, 0, head.length, 0);
  if (!head.includes('%PDF-')) throw new Error('not a PDF (no %PDF header)');
  const tailLength = Math.min(size, 2048);
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  if (!tail.includes('%%EOF')) throw new Error('the file is truncated (no end-of-file marker)');
}

function describePdfError(err: unknown): string {
  const name = (err as { name?: string })?.name ?? '';
  if (name === 'PasswordException') return 'the PDF is encrypted with a password';
  if (name === 'InvalidPDFException') return 'not a readable PDF (invalid structure)';
  return `not a readable PDF (${String((err as Error)?.message ?? err).slice(0, 200)})`;
}

/**
 * The sheet number is the largest number-shaped text in the title block (the
 * right 40 % or bottom 20 % of the sheet); the title is the nearest larger text
 * beside it that is not a label such as 'SHEET NO.'.
 */
export function findSheet(items: Item[]): { number: string | null; title: string | null } {
  let best: { item: Item; token: string; score: number } | null = null;
  for (const item of items) {
    const inBlock = item.x > 0.6 || item.y < 0.2;
    if (!inBlock) continue;
    for (const token of item.str.split(/\s+/)) {
      if (!SHEET_NUMBER.test(token)) continue;
      const score = item.size * 3 + item.x + (1 - item.y);
      if (!best || score > best.score) best = { item, token, score };
    }
  }
  if (!best) return { number: null, title: null };
  const rest = best.item.str.replace(best.token, '').replace(LABEL, '').trim();
  if (/[A-Za-z]{3}/.test(rest) && !LABEL.test(rest)) return { number: best.token, title: rest.slice(0, 200) };
  let title: { str: string; score: number } | null = null;
  for (const item of items) {
    if (item === best.item || !/[A-Za-z]{3}/.test(item.str) || LABEL.test(item.str) || SHEET_NUMBER.test(item.str)) continue;
    const distance = Math.hypot(item.x - best.item.x, (item.y - best.item.y) * 1.3);
    if (distance > 0.35) continue;
    const score = distance - item.size / 400;
    if (!title || score < title.score) title = { str: item.str, score };
  }
  return { number: best.token, title: title?.str.slice(0, 200) ?? null };
}
