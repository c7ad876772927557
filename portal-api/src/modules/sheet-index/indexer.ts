import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import type { Storage } from '../../lib/storage.ts';
import { formatBytes } from '../../shared/byte-size.ts';
import { groupDigits } from '../../shared/en-us.ts';
import { READ_WALL_LIMIT_MS, readBudgetMs } from './read-budget.ts';
import { claimNextPendingFile, releaseSheetIndexClaim, saveSheetIndex, type ClaimCursor } from './sheet-index.repo.ts';
import {
  INDEX_LIST_BUDGET_BYTES,
  PDF_PAGE_CAP,
  ZIP_BOMB_BYTES,
  ZIP_BOMB_RATIO,
  ZIP_NAME_MAX_CHARS,
  type IndexDetail,
} from './sheet-index.schema.ts';

// Run from source (tsx, vitest) this module sits beside index-worker.ts; in the compiled
// server (npm run build:server) it is bundled into dist-server/, beside index-worker.js.
const WORKER_URL = new URL(import.meta.url.endsWith('.ts') ? './index-worker.ts' : './index-worker.js', import.meta.url);
/**
 * Readers working at once. Each reads one file; no two read files of the same owner, so a client
 * who sends slow files holds one reader and the next client's file goes to the other
 * (docs/decisions/0013-sheet-index-worker.md).
 */
export const READERS = 2;
/** Catches files stored by another instance on the same database. */
const POLL_MS = 30_000;
/**
 * How much the process may grow while files are read. The worker's heap limit does not hold
 * pdfjs's unpacked streams (typed arrays live outside it): a 1 MB PDF whose content unpacks to
 * 1 GiB took the server from 236 MB to 2.5 GB. Past this, the reader using the most is stopped.
 */
export const READ_MEMORY_CAP_BYTES = 512 * 1024 * 1024;
/** How often the process's memory is looked at while a file is read. */
const MEMORY_CHECK_MS = 25;
/** How often a reader's CPU time is compared with its file's budget. */
const BUDGET_CHECK_MS = 200;
/** How long stop() waits for runs under way. */
const STOP_GRACE_MS = 5_000;

type Outcome = { summary: string | null; detail: IndexDetail };
type Lane = { worker: Worker | null; owner: string | null };
/** A read under way, as the memory watch sees it. */
type Reading = { worker: Worker; base: number; stop: (outcome: Outcome) => void };
type WorkerMessage = { id?: number; error?: string; started?: boolean; pages?: number } & Partial<Outcome>;

/**
 * The sheet index as a durable background job: every stored file starts 'pending' (a column
 * default), and READERS long-lived worker threads read pending files, one each — at start, after
 * each new request (kick), and on a slow poll — so a restart simply picks up where it stopped and
 * no request waits. Files are taken round-robin by owner; each has a time budget (read-budget.ts)
 * and the process a memory cap, past which its reader is replaced and the file marked 'not indexed'.
 */
export class SheetIndexer {
  private filling: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private memoryTimer: NodeJS.Timeout | null = null;
  private memoryStopping = false;
  private jobs = 0;
  private after: ClaimCursor = null;
  private readonly lanes: Lane[] = Array.from({ length: READERS }, () => ({ worker: null, owner: null }));
  private readonly runs = new Set<Promise<void>>();
  private readonly readings = new Set<Reading>();
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
    // The first reader starts now and loads pdfjs while nothing waits for it.
    this.workerOf(this.lanes[0]!);
    this.kick();
  }

  /** Hands pending files to free readers; a kick while doing so makes it look again afterwards. */
  kick(): void {
    if (this.stopped) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = this.fill()
      .catch((err: unknown) => this.log.error({ err }, 'sheet index run failed'))
      .finally(() => {
        this.filling = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when no file is being read or handed out (tests wait on it). */
  async idle(): Promise<void> {
    while (this.filling || this.runs.size) await Promise.all([this.filling, ...this.runs]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const lane of this.lanes) {
      const worker = lane.worker;
      lane.worker = null;
      await worker?.terminate();
    }
    // A run stuck on a database that went away must not hold the shutdown: give it a few
    // seconds, then leave it; its claim expires with the lease and the file is read again.
    const grace = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([Promise.all([this.filling, ...this.runs]).catch(() => undefined), grace]);
  }

  private async fill(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const lane = this.lanes.find((l) => l.owner === null);
      if (!lane) return;
      const busy = this.lanes.flatMap((l) => (l.owner === null ? [] : [l.owner]));
      const row = await claimNextPendingFile(this.db, this.after, new Date(), busy);
      if (!row) return;
      this.after = { createdAt: row.created_at, id: row.id };
      lane.owner = row.owner;
      const run: Promise<void> = this.readAndSave(lane, row)
        .catch((err: unknown) => this.log.error({ err, file: row.storage_key }, 'sheet index failed to save'))
        .finally(() => {
          lane.owner = null;
          this.runs.delete(run);
          this.kick();
        });
      this.runs.add(run);
    }
  }

  private async readAndSave(lane: Lane, row: { id: string; storage_key: string; size: number }): Promise<void> {
    const outcome = await this.read(lane, row.storage_key, row.size);
    if (this.stopped) {
      // Stopped mid-file: the next start (or another instance) reads it at once.
      await releaseSheetIndexClaim(this.db, row.id).catch(() => undefined);
      return;
    }
    await saveSheetIndex(this.db, row.id, outcome);
  }

  private async read(lane: Lane, key: string, size: number): Promise<Outcome> {
    const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
    if (!['pdf', 'zip', 'dwg'].includes(ext)) return { summary: null, detail: { kind: 'other' } };
    let file: string;
    try {
      file = this.storage.resolve(key);
    } catch {
      return fail('the file is missing');
    }
    const worker = this.workerOf(lane);
    const id = ++this.jobs;
    return new Promise<Outcome>((resolve) => {
      let budget = readBudgetMs(size, null);
      let pages: number | null = null;
      // The reader's CPU time when it began this file; null until it says so.
      let started: number | null = null;
      let settled = false;
      const done = (outcome: Outcome, discard = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(wall);
        clearInterval(watch);
        this.readings.delete(reading);
        if (!this.readings.size && this.memoryTimer) {
          clearInterval(this.memoryTimer);
          this.memoryTimer = null;
        }
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        // A worker that ran over or broke is replaced for the next file.
        if (discard) this.discard(lane, worker);
        resolve(outcome);
      };
      const wall = setTimeout(
        () => done(fail(`reading took longer than ${READ_WALL_LIMIT_MS / 60_000} minutes`), true),
        READ_WALL_LIMIT_MS,
      );
      const watch = setInterval(() => {
        if (started === null) return;
        void cpuMs(worker).then((now) => {
          if (started !== null && now - started > budget) done(fail(overBudget(budget, size, pages)), true);
        });
      }, BUDGET_CHECK_MS);
      const reading: Reading = { worker, base: process.memoryUsage.rss(), stop: (outcome) => done(outcome, true) };
      this.readings.add(reading);
      this.memoryTimer ??= setInterval(() => this.checkMemory(), MEMORY_CHECK_MS);
      const onMessage = (msg: WorkerMessage) => {
        if (msg.id !== id) return;
        if (msg.started) {
          void cpuMs(worker).then((now) => (started ??= now));
          return;
        }
        if (msg.pages !== undefined) {
          pages = Math.min(msg.pages, PDF_PAGE_CAP);
          budget = readBudgetMs(size, pages);
          return;
        }
        done(msg.error !== undefined ? fail(msg.error) : { summary: msg.summary ?? null, detail: msg.detail! });
      };
      const onError = (err: Error) => done(fail(/memory/i.test(err.message) ? TOO_MUCH_MEMORY : 'the reader failed'), true);
      const onExit = () => done(fail('the reader stopped'), true);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({
        id,
        file,
        ext,
        pageCap: PDF_PAGE_CAP,
        zipRatio: ZIP_BOMB_RATIO,
        zipBytes: ZIP_BOMB_BYTES,
        nameChars: ZIP_NAME_MAX_CHARS,
        listBytes: INDEX_LIST_BUDGET_BYTES,
      });
    });
  }

  /**
   * Watched from this thread, which the readers' long synchronous unpacking does not block. The
   * process's RSS says when; with two reads under way, their heaps (typed arrays included) say which.
   */
  private checkMemory(): void {
    if (this.memoryStopping || !this.readings.size) return;
    const readings = [...this.readings];
    const rss = process.memoryUsage.rss();
    if (rss - Math.min(...readings.map((r) => r.base)) <= READ_MEMORY_CAP_BYTES) return;
    this.memoryStopping = true;
    const sizes = readings.map((r) =>
      readings.length === 1
        ? Promise.resolve(0)
        : r.worker.getHeapStatistics().then(
            (h) => h.used_heap_size + h.external_memory,
            () => 0,
          ),
    );
    void Promise.all(sizes)
      .then(async (used) => {
        const largest = readings[used.indexOf(Math.max(...used))]!;
        this.log.warn('sheet index: a file needed too much memory; its reader was stopped');
        largest.stop(fail(TOO_MUCH_MEMORY));
        await largest.worker.terminate().catch(() => undefined);
        // What the stopped reader held is given back; the others are measured from here on.
        const after = process.memoryUsage.rss();
        for (const r of this.readings) r.base = Math.max(r.base, after);
      })
      .finally(() => (this.memoryStopping = false));
  }

  /** A lane's reader thread, started on first use (or at start, to warm pdfjs up) and kept for the next file. */
  private workerOf(lane: Lane): Worker {
    if (lane.worker) return lane.worker;
    const worker = new Worker(WORKER_URL, {
      // A hostile PDF may try to exhaust memory: the worker dies, the server does not (the heap
      // here; what pdfjs unpacks outside it, READ_MEMORY_CAP_BYTES in checkMemory()).
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: true,
      stderr: true,
    });
    // An idle reader does not keep the process alive.
    worker.unref();
    // An error between jobs (none listening) only retires the thread.
    worker.on('error', () => this.discard(lane, worker));
    worker.on('exit', () => this.discard(lane, worker));
    lane.worker = worker;
    return worker;
  }

  private discard(lane: Lane, worker: Worker): void {
    if (lane.worker === worker) lane.worker = null;
    void worker.terminate().catch(() => undefined);
  }
}

const TOO_MUCH_MEMORY = 'the file needs too much memory to read';

/** The reader's CPU time in ms (Node 24.6+); before that, the clock. */
function cpuMs(worker: Worker): Promise<number> {
  if (typeof worker.cpuUsage !== 'function') return Promise.resolve(performance.now());
  return worker.cpuUsage().then(
    (u) => (u.user + u.system) / 1000,
    () => Number.NaN,
  );
}

function overBudget(budget: number, size: number, pages: number | null): string {
  const what = pages === null ? formatBytes(size) : `${groupDigits(pages)} pages, ${formatBytes(size)}`;
  return `reading took longer than its time budget (${Math.round(budget / 1000)} s for ${what})`;
}

function fail(reason: string): Outcome {
  return { summary: `Not indexed: ${reason}`, detail: { kind: 'failed', reason } };
}
