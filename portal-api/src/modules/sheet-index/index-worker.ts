import { parentPort } from 'node:worker_threads';
import { dwgVersion } from './dwg-version.ts';
import { indexPdf } from './pdf-sheets.ts';
import { fitList } from './list-budget.ts';
import { listCutNote, summarize } from './sheet-summary.ts';
import { listZip } from './zip-listing.ts';

// Worker thread entry (started by indexer.ts, kept for many files): reads one
// file per message and answers {id, summary, detail} or {id, error}. Kept
// alive so pdfjs is loaded and compiled once, not per file (a cold read of a
// 300-page set took 2–3 s, a warm one 0.2–0.5 s). Loaded by Node itself, not by
// tsx or vitest, so it and what it imports stay plain erasable TypeScript.

type Job = {
  id: number;
  file: string;
  ext: string;
  pageCap: number;
  zipRatio: number;
  zipBytes: number;
  nameChars: number;
  listBytes: number;
};

async function run(job: Job) {
  if (job.ext === 'pdf') return indexPdf(job.file, job.pageCap, (pages) => parentPort!.postMessage({ id: job.id, pages }));
  if (job.ext === 'zip')
    return listZip(job.file, { ratio: job.zipRatio, bytes: job.zipBytes, nameChars: job.nameChars, listBytes: job.listBytes });
  if (job.ext === 'dwg') return dwgVersion(job.file);
  return null;
}

/** The summary covers every page read; the stored sheet list stops at the file's byte budget. */
function answer(detail: NonNullable<Awaited<ReturnType<typeof run>>>, listBytes: number) {
  const summary = summarize(detail);
  if (detail.kind !== 'pdf') return { summary, detail };
  const sheets = fitList(detail.sheets, listBytes);
  if (sheets.length === detail.sheets.length) return { summary, detail };
  return {
    summary: `${summary}; ${listCutNote(sheets.length, detail.sheets.length, 'pages')}`,
    detail: { ...detail, sheets, cut: true },
  };
}

// pdfjs without a browser worker runs its parser in this thread through a
// "fake worker" it imports on first use; importing it now, at start, means the
// first file does not wait for it.
// (Through a variable: the package ships no types for this entry point.)
const WORKER_ENTRY = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
const warm = import(WORKER_ENTRY).then((worker: unknown) => {
  (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
});

parentPort!.on('message', (job: Job) => {
  warm
    .catch(() => undefined)
    .then(() => {
      // The reader's time budget counts from here, not from a start still loading pdfjs.
      parentPort!.postMessage({ id: job.id, started: true });
      return run(job);
    })
    .then(
      (detail) =>
        parentPort!.postMessage({
          id: job.id,
          ...(detail ? answer(detail, job.listBytes) : { summary: null, detail: { kind: 'other' } }),
        }),
      (err: unknown) => parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
    );
});
parentPort!.postMessage({ ready: true });
