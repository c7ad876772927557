import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import type { Storage } from '../../lib/storage.ts';
import { claimNextPendingFile, releaseSheetIndexClaim, saveSheetIndex, type ClaimCursor } from './sheet-index.repo.ts';
import { PDF_PAGE_CAP, ZIP_BOMB_BYTES, ZIP_BOMB_RATIO, type IndexDetail } from './sheet-index.schema.ts';

// Run from source (tsx, vitest) this module sits beside index-worker.ts; in the compiled
// server (npm run build:server) it is bundled into dist-server/, beside index-worker.js.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './index-worker.ts' : './index-worker.js', import.meta.url);
/** A file that takes longer than this is marked 'not indexed' instead of holding the queue. */
const JOB_TIMEOUT_MS = 120_000;
/** Catches files stored by another instance on the same database. */
const POLL_MS = 30_000;
/**
 * How much the process may grow while one file is read. The worker's heap limit does not hold
 * pdfjs's unpacked streams (typed arrays live outside it): a 1 MB PDF whose content unpacks to
 * 1 GiB took the server from 236 MB to 2.5 GB (security audit). Past this, the reader is stopped.
 */
export const READ_MEMORY_CAP_BYTES = 512 * 1024 * 1024;
/** How often the process's memory is looked at while a file is read. */
const MEMORY_CHECK_MS = 25;
/** How long stop() waits for a run under way. */
const STOP_GRACE_MS = 5_000;

type Outcome = { summary: string | null; detail: IndexDetail };

/**
 * The sheet index as a durable background job: every stored file starts
 * 'pending' (a column default), and this reads pending files one at a time in
 * one long-lived worker thread (replaced when a file breaks it or times out) — at start, after each new request (kick), and on a slow
 * poll — so a restart simply picks up where it stopped and no request waits.
 */
export class SheetIndexer {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private current: Worker | null = null;
  private jobs = 0;
  private readonly db: DB;
  private readonly storage: Storage;
  private readonly log: Logger;

  constructor(db: DB, storage: Storage, log: Logger) {
    this.db = db;
    this.storage = storage;
    this.log = log;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    // The reader thread starts now and loads pdfjs while nothing waits for it.
    this.worker();
    this.kick();
  }

  /** Reads every pending file; a kick during a run makes it look again afterwards. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.log.error({ err }, 'sheet index run failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when no run is under way (tests wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    const worker = this.current;
    this.current = null;
    await worker?.terminate();
    // A run stuck on a database that went away must not hold the shutdown: give it a few
    // seconds, then leave it; its claim expires with the lease and the file is read again.
    const grace = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([this.running?.catch(() => undefined), grace]);
  }

  private async drain(): Promise<void> {
    let after: ClaimCursor = null;
    while (!this.stopped) {
      const row = await claimNextPendingFile(this.db, after);
      if (!row) return;
      after = { createdAt: row.created_at, id: row.id };
      const outcome = await this.read(row.storage_key);
      if (this.stopped) {
        // Stopped mid-file: the next start (or another instance) reads it at once.
        await releaseSheetIndexClaim(this.db, row.id).catch(() => undefined);
        return;
      }
      await saveSheetIndex(this.db, row.id, outcome);
    }
  }

  private async read(key: string): Promise<Outcome> {
    const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
    if (!['pdf', 'zip', 'dwg'].includes(ext)) return { summary: null, detail: { kind: 'other' } };
    let file: string;
    try {
      file = this.storage.resolve(key);
    } catch {
      return fail('the file is missing');
    }
    const worker = this.worker();
    const id = ++this.jobs;
    return new Promise<Outcome>((resolve) => {
      const base = process.memoryUsage.rss();
      const done = (outcome: Outcome, discard = false) => {
        clearTimeout(timer);
        clearInterval(watch);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        // A worker that timed out or broke is replaced for the next file.
        if (discard) this.discard(worker);
        resolve(outcome);
      };
      const timer = setTimeout(() => done(fail('reading took longer than 2 minutes'), true), JOB_TIMEOUT_MS);
      // Watched from this thread, which the reader's long synchronous unpacking does not block.
      const watch = setInterval(() => {
        if (process.memoryUsage.rss() - base > READ_MEMORY_CAP_BYTES) {
          this.log.warn({ file: key }, 'sheet index: a file needed too much memory; its reader was stopped');
          done(fail(TOO_MUCH_MEMORY), true);
        }
      }, MEMORY_CHECK_MS);
      const onMessage = (msg: { id?: number; error?: string } & Partial<Outcome>) => {
        if (msg.id !== id) return;
        done(msg.error !== undefined ? fail(msg.error) : { summary: msg.summary ?? null, detail: msg.detail! });
      };
      const onError = (err: Error) => done(fail(/memory/i.test(err.message) ? TOO_MUCH_MEMORY : 'the reader failed'), true);
      const onExit = () => done(fail('the reader stopped'), true);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ id, file, ext, pageCap: PDF_PAGE_CAP, zipRatio: ZIP_BOMB_RATIO, zipBytes: ZIP_BOMB_BYTES });
    });
  }

  /** The reader thread, started on first use (or at start, to warm pdfjs up) and kept for the next file. */
  private worker(): Worker {
    if (this.current) return this.current;
    const worker = new Worker(WORKER_URL, {
      // A hostile PDF may try to exhaust memory: the worker dies, the server does not (the heap
      // here; what pdfjs unpacks outside it, READ_MEMORY_CAP_BYTES in read()).
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: true,
      stderr: true,
    });
    // An idle reader does not keep the process alive.
    worker.unref();
    // An error between jobs (none listening) only retires the thread.
    worker.on('error', () => this.discard(worker));
    worker.on('exit', () => this.discard(worker));
    this.current = worker;
    return worker;
  }

  private discard(worker: Worker): void {
    if (this.current === worker) this.current = null;
    void worker.terminate().catch(() => undefined);
  }
}

const TOO_MUCH_MEMORY = 'the file needs too much memory to read';

function fail(reason: string): Outcome {
  return { summary: `Not indexed: ${reason}`, detail: { kind: 'failed', reason } };
}
