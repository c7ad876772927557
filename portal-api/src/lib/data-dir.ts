import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

// Whether DATA_DIR (and the folders the server writes in it) can take a write,
// in words an operator can act on.

/** A disk error as a short phrase: "the disk is full", "it is read-only", … */
export function diskProblem(err: unknown): string {
  const code = String((err as { code?: unknown } | null)?.code ?? '');
  if (/^(ENOSPC|EDQUOT|SQLITE_FULL|53100)/.test(code)) return 'the disk is full';
  if (/^(EROFS|SQLITE_READONLY|25006)/.test(code)) return 'it is read-only';
  if (/^(EACCES|EPERM)$/.test(code)) return 'this user may not write to it';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'it is not a folder';
  if (code === 'ENOENT') return 'it cannot be created there';
  if (/^(EIO|SQLITE_IOERR)/.test(code)) return 'the disk reports an I/O error';
  if (/^(SQLITE_BUSY|SQLITE_LOCKED)/.test(code)) return 'another process holds the database locked';
  if (code === 'SQLITE_CANTOPEN') return 'the database file cannot be opened';
  return (err as Error)?.message?.split('\n')[0] ?? String(err);
}

/**
 * `fs.mkdirSync(dir, { recursive: true })`, except that it gives up: Node's
 * recursive mkdir retries for ever when mkdir answers ENOENT under a parent
 * that exists (`/proc/nope`), spinning at 100% CPU. Here each missing parent is
 * made once, then `dir` is tried again and its error thrown.
 */
export function makeDirSync(dir: string, parentMade = false): void {
  try {
    fs.mkdirSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && fs.statSync(dir).isDirectory()) return;
    const parent = path.dirname(dir);
    if (code !== 'ENOENT' || parentMade || parent === dir) throw err;
    makeDirSync(parent);
    makeDirSync(dir, true);
  }
}

/**
 * Creates `dir` if needed and writes, syncs and removes a small probe file in
 * it; throws what the disk said. 64 KB, so a nearly full disk fails here and
 * not in the middle of the first migration.
 */
export function checkWritableSync(dir: string): void {
  makeDirSync(dir);
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    const fd = fs.openSync(probe, 'w');
    try {
      fs.writeSync(fd, Buffer.alloc(64 * 1024));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

/** The same check, without blocking (for /api/ready). */
export async function checkWritable(dir: string): Promise<void> {
  const probe = path.join(dir, `.ready-check-${process.pid}`);
  try {
    await fsp.writeFile(probe, 'ok');
  } finally {
    await fsp.rm(probe, { force: true }).catch(() => undefined);
  }
}
