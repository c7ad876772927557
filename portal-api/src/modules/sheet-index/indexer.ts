import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { DB } from '../../db/database.ts';
import type { Storage } from '../../lib/storage.ts';
import { PDF_PAGE_CAP, ZIP_BOMB_BYTES, ZIP_BOMB_RATIO, type IndexDetail } from './sheet-index.schema.ts';

const WORKER_URL = new URL('./index-worker.ts', import.meta.url);
/** A file that takes longer than this is marked 'not indexed' instead of holding the queue. */
const JOB_TIMEOUT_MS = 120_000;
/** Catches files stored by another instance on the same database. */
const POLL_MS = 30_000;

type Outcome = { summary: string | null; detail: IndexDetail };

/**
 * The sheet index as a durable background job: every stored file starts
 * 'pending' (a column default), and this reads pending files one at a time in
 * a worker thread — at start, after each new request (kick), and on a slow
 * poll — so a restart simply picks up where it stopped and no request waits.
 */
export class SheetIndexer {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private current: Worker | null = null;
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
    await this.current?.terminate();
    await this.running?.catch(() => undefined);
  }

  private async drain(): Promise<void> {
    const done = new Set<string>();
    while (!this.stopped) {
      const row = await this.db
        .selectFrom('query_files')
        .select(['id', 'storage_key'])
        .where('index_status', '=', 'pending')
        .$if(done.size > 0, (qb) => qb.where('id', 'not in', [...done]))
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst();
      if (!row) return;
      done.add(row.id);
      const outcome = await this.read(row.storage_key);
      if (this.stopped) return;
      const failed = outcome.detail.kind === 'failed';
      await this.db
        .updateTable('query_files')
        .set({ index_status: failed ? 'failed' : 'done', index_summary: outcome.summary, index_json: JSON.stringify(outcome.detail) })
        .where('id', '=', row.id)
        .execute();
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
    const worker = new Worker(WORKER_URL, {
      workerData: { file, ext, pageCap: PDF_PAGE_CAP, zipRatio: ZIP_BOMB_RATIO, zipBytes: ZIP_BOMB_BYTES },
      // A hostile PDF may try to exhaust memory: the worker dies, the server does not.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
      stdout: true,
      stderr: true,
    });
    this.current = worker;
    try {
      return await new Promise<Outcome>((resolve) => {
        const timer = setTimeout(() => {
          void worker.terminate();
          resolve(fail('reading took longer than 2 minutes'));
        }, JOB_TIMEOUT_MS);
        worker.once('message', (msg: { error?: string } & Partial<Outcome>) => {
          clearTimeout(timer);
          resolve(msg.error !== undefined ? fail(msg.error) : { summary: msg.summary ?? null, detail: msg.detail! });
        });
        worker.once('error', (err: Error) => {
          clearTimeout(timer);
          resolve(fail(/memory/i.test(err.message) ? 'the file needs too much memory to read' : 'the reader failed'));
        });
        worker.once('exit', () => {
          clearTimeout(timer);
          resolve(fail('the reader stopped'));
        });
      });
    } finally {
      this.current = null;
      void worker.terminate();
    }
  }
}

function fail(reason: string): Outcome {
  return { summary: `Not indexed: ${reason}`, detail: { kind: 'failed', reason } };
}
