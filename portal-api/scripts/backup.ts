// npm run backup [-- --out path/to/file.db]
// SQLite: an online backup (the server may keep running) to DATA_DIR/backups/app-<timestamp>.db.
// PostgreSQL: prints the pg_dump command to use instead. Restore: docs/operations.md.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { ConfigError, loadConfig, type Config } from '../src/config.ts';
import { diskProblem, makeDirSync } from '../src/lib/data-dir.ts';
import { argsOrExit } from './cli-args.ts';

const { values } = argsOrExit(() => parseArgs({ options: { out: { type: 'string' } } }), 'npm run backup [-- --out path/to/file.db]');

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const uploads = path.join(config.dataDir, 'uploads');

if (config.database.kind === 'postgres') {
  // The URL holds a password: the advice names the variable instead of printing it.
  console.log(
    [
      'DATABASE_URL points at PostgreSQL: back it up with pg_dump (a consistent snapshot while the server runs):',
      '',
      `  pg_dump --format=custom --no-owner --file=estimating-${stamp}.dump "$DATABASE_URL"`,
      '',
      'Restore into an empty database, then start the server (see docs/operations.md):',
      '',
      `  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" estimating-${stamp}.dump`,
      '',
      `Uploaded files are not in the database: copy ${uploads} as well, e.g.`,
      `  tar -C ${JSON.stringify(config.dataDir)} -czf estimating-uploads-${stamp}.tar.gz uploads`,
    ].join('\n'),
  );
  process.exit(0);
}

const source = config.database.file;
if (!fs.existsSync(source)) {
  console.error(`No database at ${source}: nothing to back up (check DATA_DIR or DATABASE_URL).`);
  process.exit(1);
}
const out = path.resolve(values.out ?? path.join(config.dataDir, 'backups', `app-${stamp}.db`));
if (fs.existsSync(out)) {
  console.error(`${out} already exists: choose another --out.`);
  process.exit(1);
}
try {
  makeDirSync(path.dirname(out));
} catch (err) {
  console.error(`Backup to ${out} failed: the folder ${path.dirname(out)} is not usable (${diskProblem(err)}). Nothing was kept.`);
  process.exit(1);
}

// SQLite's online backup API (https://www.sqlite.org/backup.html) copies a
// consistent snapshot page by page while other connections keep writing;
// copying the file itself could catch a half-written WAL.
const db = new SQLite(source, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
try {
  await db.backup(out);
} catch (err) {
  // A full or read-only target: say so in one line and keep no half-written copy.
  db.close();
  fs.rmSync(out, { force: true });
  const code = (err as { code?: string }).code ?? '';
  const why = /ENOSPC|SQLITE_FULL/.test(code)
    ? 'the disk is full'
    : /EROFS|EACCES|EPERM|READONLY|CANTOPEN/.test(code)
      ? 'the folder is not writable'
      : (err as Error).message;
  console.error(`Backup to ${out} failed: ${why}. Nothing was kept.`);
  process.exit(1);
} finally {
  if (db.open) db.close();
}

// The copy carries the server's WAL mode in its header: opened as is, it would get
// a -wal and a -shm file beside it that the cron cleanup of app-*.db leaves behind.
// In rollback-journal mode it is one self-contained file (the server turns WAL
// back on when it opens a restored copy).
const copy = new SQLite(out);
copy.pragma('journal_mode = DELETE');
const integrity = copy.pragma('integrity_check', { simple: true });
copy.close();
if (integrity !== 'ok') {
  console.error(`The backup at ${out} failed its integrity check (${String(integrity)}); it was not kept.`);
  fs.rmSync(out, { force: true });
  process.exit(1);
}

// The copy holds what the database holds (password hashes, sessions, signing secrets): its owner's only.
fs.chmodSync(out, 0o600);
const size = fs.statSync(out).size;
console.log(`Backed up ${source} to ${out} (${(size / 1024).toFixed(0)} KiB, integrity ok).`);
if (fs.existsSync(uploads)) console.log(`Uploaded files are not in the database: copy ${uploads} as well (see docs/operations.md).`);
