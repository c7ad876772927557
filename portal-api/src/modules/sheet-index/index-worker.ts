import { parentPort, workerData } from 'node:worker_threads';
import { dwgVersion } from './dwg-version.ts';
import { indexPdf } from './pdf-sheets.ts';
import { summarize } from './sheet-summary.ts';
import { listZip } from './zip-listing.ts';

// Worker thread entry (started by indexer.ts): reads one file and posts
// {summary, detail} or {error}. Loaded by Node itself, not by tsx or vitest, so
// it and what it imports stay plain erasable TypeScript.

type Job = { file: string; ext: string; pageCap: number; zipRatio: number; zipBytes: number };
const job = workerData as Job;

async function run() {
  if (job.ext === 'pdf') return indexPdf(job.file, job.pageCap);
  if (job.ext === 'zip') return listZip(job.file, { ratio: job.zipRatio, bytes: job.zipBytes });
  if (job.ext === 'dwg') return dwgVersion(job.file);
  return null;
}

run().then(
  (detail) => parentPort!.postMessage(detail ? { summary: summarize(detail), detail } : { summary: null, detail: { kind: 'other' } }),
  (err: unknown) => parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) }),
);
