import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

// WAL checkpoints off the event loop. SQLite runs an
// automatic checkpoint inside the commit that crosses 1,000 WAL pages: on our
// single connection that is a copy of the WAL into the database file plus an
// fsync, on the main thread, in the middle of chat delivery — the p99 of
// `npm run bench:chat`. Here the main connection never checkpoints; a worker
// thread with its own connection runs PASSIVE checkpoints (they never block
// or wait for the writer) whenever the WAL is past 1 MB, until the log is
// copied whole so that the next write starts it over. Writes too close together
// for that to happen meet a cap (WAL_CAP_BYTES), where the worker empties the log
// while holding writers off. Should the worker die, the main connection takes
// automatic checkpoints back.
//
// The same worker answers reads that scan much and need not run on the event loop
// (readOffLoop in database.ts: the firm's unread total after each chat message):
// its connection sees every committed write, and the main thread stays free to
// deliver messages while it counts.

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(workerData.driver);
// The file must be there: a worker that starts after it was deleted would otherwise create an
// empty database at its path, and the server would take that for a replaced file.
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
let truncateAfter = 0;
const timer = setInterval(() => {
  let size = 0;
  try { size = fs.statSync(workerData.file + '-wal').size; } catch { return; }
  if (size < workerData.minBytes) return;
  // The writer starts the log over only when a write begins with all of it copied. Under a
  // steady stream of writes one pass is not enough: frames come in while it copies, and the log
  // would grow for as long as the stream lasts. So passes follow one another until one finds
  // nothing new since the last (each copies what came in during the one before, a few pages).
  let seen = -1;
  for (let pass = 0; pass < workerData.passes; pass++) {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    if (!result || result.log === seen) return;
    seen = result.log;
  }
  // Writes so close together that no pass catches up: past the cap, copy the rest and empty the
  // log while holding writers off, which makes the main thread's next write wait that long. It
  // also waits for readers (a backup's long read) with the writers held off, so it gives up after
  // a moment and, while such a reader stays, tries again once a second rather than every round.
  if (size >= workerData.capBytes && Date.now() >= truncateAfter) {
    db.pragma('busy_timeout = 20');
    try {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)');
      if (!result || result.busy) truncateAfter = Date.now() + 1000;
    } finally {
      db.pragma('busy_timeout = 5000');
    }
  }
}, workerData.everyMs);
const statements = new Map();
parentPort.on('message', (m) => {
  if (m && typeof m === 'object' && m.kind === 'read') {
    try {
      let stmt = statements.get(m.sql);
      if (!stmt) {
        if (statements.size >= 100) statements.clear();
        statements.set(m.sql, (stmt = db.prepare(m.sql)));
      }
      parentPort.postMessage({ id: m.id, rows: stmt.all(...m.params) });
    } catch (err) {
      parentPort.postMessage({ id: m.id, error: String(err && err.message || err) });
    }
    return;
  }
  if (m !== 'stop') return;
  clearInterval(timer);
  db.close();
  const done = new Int32Array(workerData.done);
  Atomics.store(done, 0, 1);
  Atomics.notify(done, 0);
  process.exit(0);
});
`;

/**
 * How large the log may grow: past it, with writes too close together for passive checkpoints to
 * catch up, the worker empties it; and a log that starts over is cut back to it (journal_size_limit).
 */
const WAL_CAP_BYTES = 64 * 1024 * 1024;

export type WorkerRead = (sql: string, params: readonly unknown[]) => Promise<unknown[]>;
const readers = new WeakMap<SQLite.Database, WorkerRead>();

/** Runs a read on the checkpoint worker's connection; null when `db` has no live worker. */
export function workerReaderOf(db: SQLite.Database): WorkerRead | null {
  return readers.get(db) ?? null;
}

/**
 * Moves checkpoints of `db` (opened on `file`, in WAL mode) to a worker; `close()` also stops the worker.
 * The options are for tests: how often the worker looks (`everyMs`), how many checkpoints in a row
 * may chase the writer (`passes`), and the cap.
 */
export function checkpointInWorker(
  db: SQLite.Database,
  file: string,
  { everyMs = 200, passes = 8, capBytes = WAL_CAP_BYTES }: { everyMs?: number; passes?: number; capBytes?: number } = {},
): SQLite.Database {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const done = new SharedArrayBuffer(4);
  const workerData = { driver, file, everyMs, minBytes: 1024 * 1024, passes, capBytes, done };
  const worker = new Worker(WORKER, { eval: true, workerData });
  worker.unref();
  let alive = true;
  worker.once('exit', () => (alive = false));
  db.pragma('wal_autocheckpoint = 0');
  db.pragma(`journal_size_limit = ${WAL_CAP_BYTES}`);
  let closed = false;
  const fallBack = () => {
    if (!closed && db.open) db.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  let nextId = 0;
  worker.on('message', (m: { id: number; rows?: unknown[]; error?: string }) => {
    const call = waiting.get(m.id);
    if (!call) return;
    waiting.delete(m.id);
    if (m.error !== undefined) call.reject(new Error(m.error));
    else call.resolve(m.rows ?? []);
    if (!waiting.size) worker.unref();
  });
  const failAll = () => {
    for (const call of waiting.values()) call.reject(new Error('The database reader stopped.'));
    waiting.clear();
  };
  worker.on('exit', failAll);
  readers.set(db, (sql, params) => {
    if (!alive || closed) return Promise.reject(new Error('The database reader stopped.'));
    const id = nextId++;
    // A read under way keeps the process alive until it is answered.
    if (!waiting.size) worker.ref();
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ kind: 'read', id, sql, params });
    });
  });
  const close = db.close.bind(db);
  db.close = () => {
    closed = true;
    readers.delete(db);
    failAll();
    if (alive) {
      // The worker's connection must close first: the last connection to close removes the
      // WAL and shared-memory files, and a caller deleting the data folder right after
      // close() must not race the worker doing so. close() is synchronous, so wait here.
      worker.postMessage('stop');
      Atomics.wait(new Int32Array(done), 0, 0, 2000);
    }
    return close();
  };
  return db;
}
