import fs from 'node:fs';
import type SQLite from 'better-sqlite3';
import type { Logger } from '../lib/logger.ts';

// SQLite keeps the file it opened, not its name: after `rm app.db app.db-wal
// app.db-shm` (or a move) every write still "succeeds" into an inode no name
// points to, answers 201, and a restart finds none of it. So the file at the
// path is compared with the one opened (device and inode); while they differ,
// the connection is query-only (writes answer 503 as on a read-only disk) and
// /api/ready says why. Put back (a move undone), everything works again; a
// different file at the path needs a restart to be opened.

export const DATABASE_FILE_GONE =
  'The database file was deleted or moved away while the server had it open; writes are refused until it is back.';
export const DATABASE_FILE_REPLACED =
  'The database file was replaced while the server had it open; writes are refused: restart the server to open the new file.';

/** Stat the path at most this often on the query path (a ready probe always looks). */
const RECHECK_MS = 1_000;

export class DatabaseFileGuard {
  private readonly dev: number;
  private readonly ino: number;
  private problem: string | null = null;
  private checkedAt = 0;

  constructor(
    private readonly sqlite: SQLite.Database,
    private readonly file: string,
    private readonly log?: Logger,
  ) {
    ({ dev: this.dev, ino: this.ino } = fs.statSync(file));
  }

  /** Why the file at the path is not the open one (and writes are refused), or null. Looks now. */
  check(): string | null {
    this.checkedAt = Date.now();
    const now = this.look();
    if (now === this.problem || !this.sqlite.open) return this.problem;
    this.sqlite.pragma(`query_only = ${now ? 1 : 0}`);
    if (now) this.log?.error({ file: this.file }, now);
    else this.log?.info({ file: this.file }, 'the database file is back: writes are taken again');
    this.problem = now;
    return now;
  }

  /** check(), at most once a second: before each use of the connection. */
  checkSoon(): void {
    if (Date.now() - this.checkedAt >= RECHECK_MS) this.check();
  }

  private look(): string | null {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Another failure (EACCES, EIO) is not a missing file: the write check tells those.
      return code === 'ENOENT' || code === 'ENOTDIR' ? DATABASE_FILE_GONE : null;
    }
    return stat.dev === this.dev && stat.ino === this.ino ? null : DATABASE_FILE_REPLACED;
  }
}
