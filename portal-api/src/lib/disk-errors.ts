// A write that failed because of the disk, not the request:
// a full disk is 507 Insufficient Storage (RFC 4918 §11.5), a disk the server
// cannot write to (read-only, vanished folder, I/O error) is 503. So is a SQLite
// database another process holds locked (SQLITE_BUSY after busy_timeout, or at
// once where waiting could deadlock; SQLITE_LOCKED): the write was not stored and
// may work again later. All are the server's condition, told to the client in a
// sentence, and never fatal.

// PostgreSQL SQLSTATEs too: 53100 disk_full; 25006 read_only_sql_transaction, 53000 insufficient_resources.
const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'SQLITE_FULL', '53100']);
const UNWRITABLE = new Set([
  'EROFS',
  'EACCES',
  'EPERM',
  'EIO',
  'ENOTDIR',
  'ENOENT',
  'EMFILE',
  'ENFILE',
  '25006',
  '53000',
  'SQLITE_READONLY',
  'SQLITE_READONLY_DBMOVED',
  'SQLITE_READONLY_RECOVERY',
  'SQLITE_READONLY_CANTLOCK',
  'SQLITE_READONLY_DIRECTORY',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_IOERR_WRITE',
  'SQLITE_IOERR_FSYNC',
  'SQLITE_IOERR_SHMOPEN',
  'SQLITE_IOERR_SHMSIZE',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);
/** Extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_LOCKED_SHAREDCACHE, SQLITE_READONLY_DBMOVED, …) share their family's answer. */
const UNWRITABLE_FAMILIES = ['SQLITE_IOERR', 'SQLITE_READONLY', 'SQLITE_BUSY', 'SQLITE_LOCKED'];

export const DISK_FULL_MESSAGE = 'The server has run out of storage space. Please try again later.';
export const DISK_UNWRITABLE_MESSAGE = 'The server cannot store data right now. Please try again later.';

function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

export function isDiskFull(err: unknown): boolean {
  return FULL.has(codeOf(err));
}

/** Full, read-only, locked or otherwise unwritable storage (SQLite's extended codes included). */
export function isDiskError(err: unknown): boolean {
  const code = codeOf(err);
  return FULL.has(code) || UNWRITABLE.has(code) || UNWRITABLE_FAMILIES.some((family) => code.startsWith(`${family}_`));
}

/** The answer for a disk error: 507 when full, 503 otherwise. */
export function diskAnswer(err: unknown): { status: 507 | 503; message: string } {
  return isDiskFull(err) ? { status: 507, message: DISK_FULL_MESSAGE } : { status: 503, message: DISK_UNWRITABLE_MESSAGE };
}
