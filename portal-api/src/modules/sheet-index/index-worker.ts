import { parentPort } from 'node:worker_threads';
import { dwgVersion } from './dwg-version.ts';
import { indexPdf } from './pdf-sheets.ts';
import { summarize } from './sheet-summary.ts';
import { listZip } from './zip-listing.ts';

// Worker thread entry (started by indexer.ts, kept for many files): reads one
// file per message and answers {id, summary, detail} or {id, error}. Kept
// alive so pdfjs is loaded and compiled once, not per file (a cold read of a
// 300-page set took 2–3 s, a warm one 0.2–0.5 s). Loaded by Node itself, not by
// tsx or vitest, so it and what it imports stay plain erasable TypeScript.

type Job = { id: number; file: string; ext: string; pageCap: number; zipRatio: number; zipBytes: number };

async function run(job: Job) {
  if (job.ext === 'pdf') return indexPdf(job.file, job.pageCap);
  if (job.ext === 'zip') return listZip(job.file, { ratio: job.zipRatio, bytes: job.zipBytes });
  if (job.ext === 'dwg') return dwgVersion(job.file);
  return null;
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
    .then(() => run(job))
    .then(
      (detail) =>
        parentPort!.postMessage({
          id: job.id,
          ...(detail ? { summary: summarize(detail), detail } : { summary: null, detail: { kind: 'other' } }),
        }),
      (err: unknown) => parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) }),
    );
});
parentPort!.postMessage({ ready: true });
